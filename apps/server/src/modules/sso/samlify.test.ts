import type { SamlConfig } from '@roomscale/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoTokens } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type SamlifyAnswer, samlifyAnswer } from '../../test/saml/samlify.ts';
import { type IdpKeys, makeIdpKeys } from '../../test/samlIdp.ts';
import { type Person, person, team } from '../../test/workspace.ts';
import { configureSso, IDP, linkSsoLogins, postResponse } from './testing.ts';

/*
 * Single sign-on against an identity provider nobody here wrote (samlify), set up from our
 * published metadata, signing as the common providers do: the assertion only (the default of
 * Entra ID, ADFS and Okta), the response only, or both; SHA-256 or stronger accepted, SHA-1
 * refused; and Entra ID's usual subject (a persistent NameID, the address in a claim).
 */

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
const CLAIMS = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';
const LOGIN_FAILED = '/login?samlerror=not_found';

let t: TestApp;
let keys: IdpKeys;
let config: SamlConfig;
let metadata: string;
let user: Person;
beforeAll(async () => {
  t = await createTestApp();
  keys = await makeIdpKeys();
  const w = await team(t, 'Contoso');
  config = await configureSso(t, w.id, w.admin, keys);
  // What the administrator uploads to the identity provider: our metadata, as served.
  metadata = (await t.app.inject({ url: new URL(config.appIdUri).pathname })).body;
  user = await person(t, { firstName: 'Adele' });
  await linkSsoLogins(t, config, 'Contoso', [user]);
});
afterAll(() => t.close());

const tokenCount = async () => (await t.ctx.db.select({ n: count() }).from(ssoTokens))[0]!.n;

/** The round trip: our redirect, samlify's answer, our consumer. Where the browser lands. */
async function roundTrip(answer: Partial<SamlifyAnswer>) {
  const start = await t.app.inject({ url: new URL(config.ssoUrl).pathname });
  expect(start.statusCode).toBe(302);
  const { samlResponse, requestId } = await samlifyAnswer(
    { keys, entityId: IDP.entityId, loginUrl: IDP.loginUrl },
    metadata,
    String(start.headers.location),
    {
      sign: 'assertion',
      algorithm: 'sha256',
      nameId: user.email,
      nameIdFormat: EMAIL_FORMAT,
      ...answer,
    },
  );
  expect(requestId).toMatch(/^_/);
  const to = await postResponse(t, config.consumerUrl, samlResponse);
  return { to, samlResponse: Buffer.from(samlResponse, 'base64').toString('utf8') };
}

describe('samlify as the identity provider, set up from our metadata', () => {
  it.each([
    ['the assertion only (its default from our metadata)', 'assertion', 1],
    ['the response only', 'response', 1],
    ['both', 'both', 2],
  ] as const)('signs in when it signs %s with RSA-SHA256', async (_name, sign, signatures) => {
    const { to, samlResponse } = await roundTrip({ sign });
    expect(to.pathname).toBe('/sso/token');
    expect(to.searchParams.get('u')).toBe(user.id);
    expect(samlResponse.match(/<ds:Signature\b/g)).toHaveLength(signatures);
    expect(samlResponse).toContain('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    expect(samlResponse).toContain('http://www.w3.org/2001/04/xmlenc#sha256');
  });

  it('signs in with RSA-SHA512', async () => {
    const { to } = await roundTrip({ sign: 'both', algorithm: 'sha512' });
    expect(to.searchParams.get('u')).toBe(user.id);
  });

  it.each(['assertion', 'response', 'both'] as const)(
    'refuses RSA-SHA1 with SHA-1 digests, signing %s',
    async (sign) => {
      const before = await tokenCount();
      const { to, samlResponse } = await roundTrip({ sign, algorithm: 'sha1' });
      expect(samlResponse).toContain('http://www.w3.org/2000/09/xmldsig#rsa-sha1');
      expect(`${to.pathname}${to.search}`).toBe(LOGIN_FAILED);
      expect(await tokenCount()).toBe(before);
    },
  );

  it("signs in Entra ID's usual subject: a persistent NameID, the address in the emailaddress claim", async () => {
    const { to, samlResponse } = await roundTrip({
      nameId: 'm8Yk2QxT0aZr5VbWcN3pLd7sHfJ1gE9uIoKqAtBy4vM',
      nameIdFormat: PERSISTENT,
      attributes: {
        'http://schemas.microsoft.com/identity/claims/tenantid':
          '72f988bf-86f1-41af-91ab-2d7cd011db47',
        'http://schemas.microsoft.com/identity/claims/objectidentifier':
          'b8a3c5d2-6f41-4e0a-9c7b-1d2e3f4a5b6c',
        'http://schemas.microsoft.com/identity/claims/displayname': 'Adele Vance',
        [`${CLAIMS}/givenname`]: 'Adele',
        [`${CLAIMS}/surname`]: 'Vance',
        [`${CLAIMS}/emailaddress`]: user.email,
        [`${CLAIMS}/name`]: user.email,
      },
    });
    expect(samlResponse).toContain(PERSISTENT);
    expect(to.pathname).toBe('/sso/token');
    expect(to.searchParams.get('u')).toBe(user.id);
  });

  it('signs in nobody for an address without a single sign-on login here', async () => {
    const stranger = await person(t);
    const { to } = await roundTrip({ nameId: stranger.email });
    expect(`${to.pathname}${to.search}`).toBe(LOGIN_FAILED);
  });
});

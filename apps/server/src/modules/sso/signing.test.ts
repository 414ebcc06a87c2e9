import type { SamlConfig } from '@roomscale/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ssoTokens } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ALG } from '../../test/saml/xml.ts';
import {
  buildSamlResponse,
  type IdpKeys,
  makeIdpKeys,
  oneSignatureShapes,
  type SamlResponseOptions,
} from '../../test/samlIdp.ts';
import { type Person, person, team } from '../../test/workspace.ts';
import { configureSso, linkSsoLogins, postResponse, responseFor, startSignIn } from './testing.ts';

/*
 * Which signatures a response may carry (docs/sso.md "What a response must be"): the
 * Assertion's, the Response's or both, with algorithms on the allow-list. The attack shapes are
 * in signIn.test.ts.
 */

let t: TestApp;
let keys: IdpKeys;
let config: SamlConfig;
let ssoUser: Person;
let attacker: Person;
beforeAll(async () => {
  t = await createTestApp();
  keys = await makeIdpKeys();
  const w = await team(t, 'Fabrikam');
  config = await configureSso(t, w.id, w.admin, keys);
  ssoUser = await person(t, { firstName: 'Sid' });
  attacker = await person(t, { firstName: 'Mallory' });
  await linkSsoLogins(t, config, 'Fabrikam', [ssoUser, attacker]);
});
afterAll(() => t.close());

const LOGIN_FAILED = '/login?samlerror=not_found';
const landing = (url: URL) => `${url.pathname}${url.search}`;
const tokenCount = async () => (await t.ctx.db.select({ n: count() }).from(ssoTokens))[0]!.n;

describe('responses as identity providers sign them', () => {
  const signInWith = async (build: (o: SamlResponseOptions) => string, more = {}) => {
    const requestId = await startSignIn(t, config);
    const to = await postResponse(
      t,
      config.consumerUrl,
      build(responseFor(config, keys, requestId, ssoUser.email, more)),
    );
    return to;
  };

  it('signs in with the assertion alone signed (the default of Entra ID, ADFS and Okta)', async () => {
    const to = await signInWith(oneSignatureShapes.assertionOnly);
    expect(to.pathname).toBe('/sso/token');
    expect(to.searchParams.get('u')).toBe(ssoUser.id);
  });

  it('signs in with the response alone signed, covering its one assertion', async () => {
    const to = await signInWith(oneSignatureShapes.responseOnly);
    expect(to.searchParams.get('u')).toBe(ssoUser.id);
  });

  it('signs in with RSA-SHA512 and SHA-512 digests', async () => {
    const to = await signInWith(buildSamlResponse, {
      signatureAlgorithm: ALG.rsaSha512,
      digestAlgorithm: ALG.sha512,
    });
    expect(to.searchParams.get('u')).toBe(ssoUser.id);
  });

  it.each([
    ['RSA-SHA1, both signed', {}, { signatureAlgorithm: ALG.rsaSha1 }],
    ['SHA-1 digests, both signed', {}, { digestAlgorithm: ALG.sha1 }],
    [
      'RSA-SHA1, assertion alone signed',
      { signResponse: false },
      { signatureAlgorithm: ALG.rsaSha1 },
    ],
    [
      'SHA-1 digest, response alone signed',
      { signAssertion: false },
      { digestAlgorithm: ALG.sha1 },
    ],
  ])('refuses %s', async (_name, signing, algorithms) => {
    const before = await tokenCount();
    const to = await signInWith(buildSamlResponse, { ...signing, ...algorithms });
    expect(landing(to)).toBe(LOGIN_FAILED);
    expect(await tokenCount()).toBe(before);
  });

  it('takes a Response without Destination when the Response is not signed, and refuses it signed', async () => {
    const to = await signInWith(oneSignatureShapes.assertionOnly, { omitDestination: true });
    expect(to.searchParams.get('u')).toBe(ssoUser.id);
    const before = await tokenCount();
    for (const signing of [{ signAssertion: false }, {}]) {
      const refused = await signInWith(buildSamlResponse, { ...signing, omitDestination: true });
      expect(landing(refused)).toBe(LOGIN_FAILED);
    }
    expect(await tokenCount()).toBe(before);
  });
});

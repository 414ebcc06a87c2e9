import { createRequire } from 'node:module';
import { type AuditEntry, type SamlConfig, security } from '@roomscale/shared';
import { auditApi } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Parser as Xml2jsParser } from 'xml2js';
import { auditLog } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { toSamlResponse } from '../../test/saml/response.ts';
import { buildSamlResponse, type IdpKeys, makeIdpKeys } from '../../test/samlIdp.ts';
import { type Person, person, team } from '../../test/workspace.ts';
import { refusalReasonOf } from './refusals.ts';

// xmldom's own type declarations pull TypeScript's DOM types into the server's build (as in
// test/saml/xml.ts): it is loaded with `require`, the same module node-saml parses with, and
// described by the one member spied on here.
const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as {
  DOMParser: { prototype: { parseFromString(source: string, mimeType: string): unknown } };
};

import {
  configureSso,
  linkSsoLogins,
  postResponse,
  responseFor,
  signInThroughIdp,
  startSignIn,
} from './testing.ts';

let t: TestApp;
let keys: IdpKeys;
let attackerKeys: IdpKeys;
let fabrikam: { id: string; admin: Person };
let config: SamlConfig;
let otherConfig: SamlConfig;
let ssoUser: Person;
beforeAll(async () => {
  t = await createTestApp();
  keys = await makeIdpKeys();
  attackerKeys = await makeIdpKeys({ commonName: 'attacker' });
  fabrikam = await team(t, 'Fabrikam');
  config = await configureSso(t, fabrikam.id, fabrikam.admin, keys);
  const other = await team(t, 'Tailspin');
  otherConfig = await configureSso(t, other.id, other.admin, keys);
  ssoUser = await person(t, { firstName: 'Sid' });
  await linkSsoLogins(t, config, 'Fabrikam', [ssoUser]);
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const LOGIN_FAILED = '/login?samlerror=not_found';
const landing = (url: URL) => `${url.pathname}${url.search}`;

/** The team's 'sso.refused' entries as its admin reads them, newest first. */
async function refusals(): Promise<AuditEntry[]> {
  const res = await callEndpoint(t, auditApi.team, {
    params: { organizationId: fabrikam.id },
    query: { Page: 1, PageSize: 100 },
    token: fabrikam.admin.session,
  });
  expect(res.status, res.raw.body).toBe(200);
  return res.body.results.filter((e) => e.action === 'sso.refused');
}

/** Each test starts without recorded refusals, so the audit limit is not reached by others. */
beforeEach(async () => {
  await t.ctx.db.delete(auditLog).where(eq(auditLog.action, 'sso.refused'));
});

/** Posts a response that must be refused; returns the reason its audit entry records. */
async function refusedFor(samlResponse: string) {
  const before = (await refusals()).length;
  expect(landing(await postResponse(t, config.consumerUrl, samlResponse))).toBe(LOGIN_FAILED);
  const after = await refusals();
  expect(after.length).toBe(before + 1);
  return after[0]!;
}

describe('a hostile document costs no parsing', () => {
  const spies = () => ({
    dom: vi.spyOn(DOMParser.prototype, 'parseFromString'),
    xml2js: vi.spyOn(Xml2jsParser.prototype, 'parseString'),
  });

  it('refuses a deep and a wide document before any XML parser runs', async () => {
    const requestId = await startSignIn(t, config);
    const { dom, xml2js } = spies();
    const levels = 10_000;
    const deep = toSamlResponse(
      `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" InResponseTo="${requestId}">${'<a>'.repeat(levels)}${'</a>'.repeat(levels)}</samlp:Response>`,
    );
    const huge = toSamlResponse(
      `<samlp:Response>${'<a>'.repeat(25_000)}${'</a>'.repeat(25_000)}</samlp:Response>`,
    );
    const wide = toSamlResponse(`<samlp:Response>${'<a/>'.repeat(30_000)}</samlp:Response>`);
    for (const samlResponse of [deep, huge, wide]) {
      const entry = await refusedFor(samlResponse);
      expect(entry.after).toEqual({ refusalReason: 'tooLarge' });
    }
    expect(dom).not.toHaveBeenCalled();
    expect(xml2js).not.toHaveBeenCalled();

    // The same spies see a genuine response parsed, and it still signs in.
    const to = await signInThroughIdp(t, config, keys, ssoUser.email);
    expect(to.pathname).toBe('/sso/token');
    expect(dom).toHaveBeenCalled();
  });

  it('costs far less CPU than a genuine sign-in', async () => {
    const cpu = async (run: () => Promise<unknown>) => {
      const start = process.cpuUsage();
      await run();
      const used = process.cpuUsage(start);
      return used.user + used.system;
    };
    // Warm up both paths once, then compare CPU time in this process (never wall-clock).
    await signInThroughIdp(t, config, keys, ssoUser.email);
    const deep = toSamlResponse(
      `<samlp:Response>${'<a>'.repeat(25_000)}${'</a>'.repeat(25_000)}</samlp:Response>`,
    );
    await postResponse(t, config.consumerUrl, deep);
    const genuine = await cpu(() => signInThroughIdp(t, config, keys, ssoUser.email));
    const hostile = await cpu(() => postResponse(t, config.consumerUrl, deep));
    // Parsed, the deep document cost more than a whole genuine sign-in (about 1.4 times here);
    // refused by the bound, about a tenth of it.
    expect(hostile).toBeLessThan(genuine / 2);
  });
});

describe('each refusal is in the team audit log, by its reason', () => {
  it('records why, without telling the browser', async () => {
    const cases: [string, () => Promise<string>][] = [
      [
        'signature',
        async () =>
          // Signed by another key than the team's certificate.
          buildSamlResponse(
            responseFor(config, attackerKeys, await startSignIn(t, config), ssoUser.email),
          ),
      ],
      [
        'audience',
        async () =>
          buildSamlResponse(
            responseFor(config, keys, await startSignIn(t, config), ssoUser.email, {
              audience: otherConfig.appIdUri,
            }),
          ),
      ],
      [
        'expired',
        async () =>
          buildSamlResponse(
            responseFor(config, keys, await startSignIn(t, config), ssoUser.email, {
              notBefore: new Date(Date.now() - 3600_000),
              notOnOrAfter: new Date(Date.now() - 1800_000),
            }),
          ),
      ],
      [
        'request',
        async () => buildSamlResponse(responseFor(config, keys, '_never-issued', ssoUser.email)),
      ],
      [
        'status',
        async () =>
          buildSamlResponse(
            responseFor(config, keys, await startSignIn(t, config), ssoUser.email, {
              status: { code: 'urn:oasis:names:tc:SAML:2.0:status:Responder' },
            }),
          ),
      ],
      [
        'destination',
        async () =>
          buildSamlResponse(
            responseFor(config, keys, await startSignIn(t, config), ssoUser.email, {
              destination: otherConfig.consumerUrl,
            }),
          ),
      ],
      ['malformed', async () => toSamlResponse('<not-xml')],
      ['malformed', async () => ''],
    ];
    for (const [reason, build] of cases) {
      const entry = await refusedFor(await build());
      expect(entry.after, reason).toEqual({ refusalReason: reason });
      expect(entry).toMatchObject({
        organizationId: fabrikam.id,
        organizationName: 'Fabrikam',
        actorId: null,
        entityId: config.loginProviderId,
      });
    }
  });

  it('names the account of a verified response that matches nobody', async () => {
    const entry = await refusedFor(
      buildSamlResponse(
        responseFor(config, keys, await startSignIn(t, config), 'Stranger@Fabrikam.test'),
      ),
    );
    expect(entry.after).toEqual({
      refusalReason: 'unknownUser',
      userKey: 'stranger@fabrikam.test',
    });
  });

  it('records a replay: the same assertion answering a new request', async () => {
    const samlResponse = buildSamlResponse(
      responseFor(config, keys, await startSignIn(t, config), ssoUser.email),
    );
    expect((await postResponse(t, config.consumerUrl, samlResponse)).pathname).toBe('/sso/token');
    // Posted again, the request it answered is gone.
    expect((await refusedFor(samlResponse)).after).toEqual({ refusalReason: 'request' });
    const assertionId = /<saml:Assertion[^>]*\sID="([^"]+)"/.exec(
      Buffer.from(samlResponse, 'base64').toString('utf8'),
    )?.[1];
    expect(assertionId).toBeTruthy();
    const replayed = responseFor(config, keys, await startSignIn(t, config), ssoUser.email);
    const entry = await refusedFor(buildSamlResponse({ ...replayed, assertionId }));
    expect(entry.after).toEqual({ refusalReason: 'replay' });
  });

  it('maps the messages of every check to a small set of codes', () => {
    const expected: [string, string][] = [
      ['Invalid signature', 'signature'],
      ['Invalid document signature', 'signature'],
      ['Invalid signature: multiple assertions', 'signature'],
      ['Cannot validate a document which contains multiple Signature elements', 'signature'],
      ['SAML assertion audience mismatch. Expected: x Received: y', 'audience'],
      ['SAML assertion expired: clocks skewed too much', 'expired'],
      ['SAML assertion not yet valid', 'expired'],
      ['the identity provider session has ended', 'expired'],
      ['InResponseTo is not valid', 'request'],
      ['request already answered or expired', 'request'],
      ['Unknown SAML issuer. Expected: a Received: b', 'issuer'],
      ['issuer is not the team identity provider', 'issuer'],
      ['destination is not our consumer URL', 'destination'],
      ['recipient is not our consumer URL', 'destination'],
      ['replayed assertion', 'replay'],
      ['Bad status code: urn:oasis:names:tc:SAML:2.0:status:Responder', 'status'],
      ['SAML provider returned Responder error: AuthnFailed', 'status'],
      [
        'No valid subject confirmation found among those available in the SAML assertion',
        'expired',
      ],
      ['http://www.w3.org/2000/09/xmldsig#rsa-sha1 is not supported', 'signature'],
      ['no user with this single sign-on login', 'unknownUser'],
      ['Not a valid XML document', 'malformed'],
      ['Missing SAML assertion', 'malformed'],
      ['invalid XML: unclosed xml attribute near the Status element', 'malformed'],
      ['not a SAML Response', 'malformed'],
      ['status is not Success', 'status'],
      ['not exactly one assertion (signature wrapping)', 'signature'],
      ['assertion not signed', 'signature'],
      ['Assertion signature algorithm not allowed (rsa-sha1, sha1)', 'signature'],
      ['Response signature is not valid', 'signature'],
      ['something nobody foresaw', 'other'],
    ];
    for (const [message, reason] of expected)
      expect(refusalReasonOf(message), message).toBe(reason);
  });
});

describe('the audit limit', () => {
  it(`writes at most ${security.ssoRefusalsAuditedPerHour} refusals per team and hour`, async () => {
    const count = async () =>
      (await t.ctx.db.select().from(auditLog)).filter(
        (e) => e.organizationId === fabrikam.id && e.action === 'sso.refused',
      ).length;
    const before = await count();
    const garbage = toSamlResponse('<not-xml');
    await Promise.all(
      Array.from({ length: security.ssoRefusalsAuditedPerHour + 5 }, () =>
        postResponse(t, config.consumerUrl, garbage),
      ),
    );
    // Every post was refused; only the first ones within the hour were written.
    expect((await count()) - before).toBe(security.ssoRefusalsAuditedPerHour);
    await postResponse(t, config.consumerUrl, garbage);
    expect((await count()) - before).toBe(security.ssoRefusalsAuditedPerHour);
    // An hour later the log takes refusals again.
    t.clock.advance(3601);
    await postResponse(t, config.consumerUrl, garbage);
    expect((await count()) - before).toBe(security.ssoRefusalsAuditedPerHour + 1);
    // Another team's log has its own limit.
    await postResponse(t, otherConfig.consumerUrl, garbage);
    const tailspin = (await t.ctx.db.select().from(auditLog)).filter(
      (e) => e.organizationId !== fabrikam.id && e.action === 'sso.refused',
    );
    expect(tailspin.map((e) => e.after)).toEqual([{ refusalReason: 'malformed' }]);
  });
});

import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ssoApi } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../../platform/jobs/runner.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { signIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type IdpKeys, makeIdpKeys } from '../../test/samlIdp.ts';
import { team } from '../../test/workspace.ts';
import { certificateExpiryHandler, SSO_CERTIFICATE_EXPIRY } from './expiryWarnings.ts';
import { configureSso, IDP } from './testing.ts';

/*
 * The team's admins are mailed 30 and 7 days before the only valid certificate of its identity
 * provider runs out (docs/sso.md "Certificate rollover"), each warning once.
 */

let t: TestApp;
let keys: IdpKeys;
beforeAll(async () => {
  t = await createTestApp();
  keys = await makeIdpKeys();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60;
const runJobs = () =>
  new JobRunner(t.ctx.db, t.clock, t.ctx.log, {
    [SSO_CERTIFICATE_EXPIRY]: certificateExpiryHandler(t.ctx),
    // Mails are handed to the mailer after commit; their rows are not ours to run.
    'mail.send': async () => {},
  }).drain();

describe('certificate expiry warnings', () => {
  it('says nothing while a next certificate holds beyond the current one', async () => {
    const w = await team(t, 'Contoso');
    // A certificate valid for 20 years, as the next one the provider announced.
    const okta = readFileSync(
      new URL('../../test/saml/metadata/okta.xml', import.meta.url),
      'utf8',
    );
    const next = /<ds:X509Certificate>([^<]+)</.exec(okta)![1]!;
    const res = await callEndpoint(t, ssoApi.saveConfig, {
      params: { organizationId: w.id },
      token: w.admin.session,
      body: {
        identityLabel: IDP.entityId,
        loginUrl: IDP.loginUrl,
        certificate: keys.certificatePem,
        nextCertificate: next,
      },
    });
    expect(res.status, res.raw.body).toBe(200);
    const validTo = new Date(new X509Certificate(keys.certificatePem).validTo);
    const before = t.clock.now();
    t.clock.advance((validTo.getTime() - before.getTime()) / 1000 - 6 * DAY);
    try {
      await runJobs();
      expect(
        t.mailer.to(w.admin.email).filter((m) => m.subject.includes('Single sign-on')),
      ).toEqual([]);
    } finally {
      t.clock.advance((before.getTime() - t.clock.now().getTime()) / 1000);
    }
  });

  it('mails the team admins 30 and 7 days before the certificate ends, each once', async () => {
    const w = await team(t, 'Tailspin');
    await configureSso(t, w.id, w.admin, keys);
    const validTo = new Date(new X509Certificate(keys.certificatePem).validTo);
    const warnings = () =>
      t.mailer.to(w.admin.email).filter((m) => m.subject.startsWith('Single sign-on of Tailspin'));
    const day = validTo.toISOString().slice(0, 10);

    await runJobs();
    expect(warnings()).toHaveLength(0);

    // 29 days before the end: the 30-day warning, once however often the jobs run.
    t.clock.advance((validTo.getTime() - t.clock.now().getTime()) / 1000 - 29 * DAY);
    await runJobs();
    await runJobs();
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]!.subject).toBe(`Single sign-on of Tailspin stops on ${day}`);
    expect(warnings()[0]!.text).toContain('/team/sso');
    // Members who are not admins hear nothing.
    expect(t.mailer.to(w.member.email).some((m) => m.subject.includes('Single sign-on'))).toBe(
      false,
    );

    // Saving the same certificate again queues the warnings again: still sent once.
    w.admin.session = await signIn(t, w.admin);
    await configureSso(t, w.id, w.admin, keys);
    await runJobs();
    expect(warnings()).toHaveLength(1);

    // 6 days before: the 7-day warning, once.
    t.clock.advance(23 * DAY);
    await runJobs();
    await runJobs();
    expect(warnings()).toHaveLength(2);
  });
});

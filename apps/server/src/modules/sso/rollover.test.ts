import { type SamlConfig, ssoMessages } from '@roomscale/shared';
import { ssoApi } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { expectProblem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  buildSamlResponse,
  type IdpKeys,
  makeIdpKeys,
  oneSignatureShapes,
} from '../../test/samlIdp.ts';
import { type Person, person, team } from '../../test/workspace.ts';
import { IDP, linkSsoLogins, postResponse, responseFor, startSignIn } from './testing.ts';

/*
 * Certificate rollover (docs/sso.md "Certificate rollover"): a team keeps its identity
 * provider's current certificate and, while the provider rolls over, the next one; a response
 * signed with either is accepted, one signed with any other key is not.
 */

let t: TestApp;
let current: IdpKeys;
let next: IdpKeys;
let third: IdpKeys;
let config: SamlConfig;
let admin: Person;
let teamId: string;
let ssoUser: Person;
beforeAll(async () => {
  t = await createTestApp();
  current = await makeIdpKeys();
  next = await makeIdpKeys({ commonName: 'Roomscale test identity provider (next)' });
  third = await makeIdpKeys({ commonName: 'Roomscale test identity provider (third)' });
  const w = await team(t, 'Northwind');
  admin = w.admin;
  teamId = w.id;
  const res = await callEndpoint(t, ssoApi.saveConfig, {
    params: { organizationId: w.id },
    token: admin.session,
    body: {
      identityLabel: IDP.entityId,
      loginUrl: IDP.loginUrl,
      certificate: current.certificatePem,
      nextCertificate: next.certificatePem,
    },
  });
  expect(res.status, res.raw.body).toBe(200);
  config = res.body;
  ssoUser = await person(t, { firstName: 'Rolf' });
  await linkSsoLogins(t, config, 'Northwind', [ssoUser]);
});
afterAll(() => t.close());

const signInSignedBy = async (keys: IdpKeys, build = buildSamlResponse) => {
  const requestId = await startSignIn(t, config);
  return postResponse(
    t,
    config.consumerUrl,
    build(responseFor(config, keys, requestId, ssoUser.email)),
  );
};

describe('certificate rollover', () => {
  it('keeps both certificates and shows when each stops being valid', async () => {
    expect(config.certificate).toContain('BEGIN CERTIFICATE');
    expect(config.nextCertificate).toContain('BEGIN CERTIFICATE');
    expect(config.nextCertificate).not.toBe(config.certificate);
    expect(config.certificateValidTo).toEqual(expect.any(String));
    expect(config.nextCertificateValidTo).toEqual(expect.any(String));
    const read = await callEndpoint(t, ssoApi.getConfig, {
      params: { organizationId: teamId },
      token: admin.session,
    });
    expect(read.body).toMatchObject({
      nextCertificate: config.nextCertificate,
      nextCertificateValidTo: config.nextCertificateValidTo,
    });
  });

  it('signs in with a response signed by the current certificate', async () => {
    const to = await signInSignedBy(current);
    expect(to.pathname).toBe('/sso/token');
    expect(to.searchParams.get('u')).toBe(ssoUser.id);
  });

  it('signs in with a response signed by the next certificate, either signature', async () => {
    for (const build of [
      buildSamlResponse,
      oneSignatureShapes.assertionOnly,
      oneSignatureShapes.responseOnly,
    ]) {
      const to = await signInSignedBy(next, build);
      expect(to.pathname).toBe('/sso/token');
      expect(to.searchParams.get('u')).toBe(ssoUser.id);
    }
  });

  it('refuses a response signed by a third certificate', async () => {
    for (const build of [
      buildSamlResponse,
      oneSignatureShapes.assertionOnly,
      oneSignatureShapes.responseOnly,
    ]) {
      const to = await signInSignedBy(third, build);
      expect(`${to.pathname}${to.search}`).toBe('/login?samlerror=not_found');
    }
  });

  it('refuses an unreadable or expired next certificate, takes one not valid yet, and empties it', async () => {
    const save = (nextCertificate: string) =>
      callEndpoint(t, ssoApi.saveConfig, {
        params: { organizationId: teamId },
        token: admin.session,
        body: {
          identityLabel: IDP.entityId,
          loginUrl: IDP.loginUrl,
          certificate: current.certificatePem,
          nextCertificate,
        },
      });
    expectProblem(
      await save('bm90IGEgY2VydGlmaWNhdGU='),
      400,
      'nextCertificate',
      ssoMessages.certificateUnreadable,
    );
    const expired = await makeIdpKeys({ expired: true });
    expectProblem(
      await save(expired.certificatePem),
      400,
      'nextCertificate',
      ssoMessages.certificateExpired,
    );
    const ahead = await makeIdpKeys({ notYetValid: true });
    const saved = await save(ahead.certificatePem);
    expect(saved.status, saved.raw.body).toBe(200);
    expect(saved.body.nextCertificateValidTo).toEqual(expect.any(String));

    const none = await save('');
    expect(none.status, none.raw.body).toBe(200);
    expect(none.body).toMatchObject({ nextCertificate: '', nextCertificateValidTo: null });
    config = none.body;
    // Without a next certificate, its key no longer signs anyone in.
    const to = await signInSignedBy(next);
    expect(`${to.pathname}${to.search}`).toBe('/login?samlerror=not_found');
  });
});

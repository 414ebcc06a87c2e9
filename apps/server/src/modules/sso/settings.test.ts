import { serverMessages, ssoMessages } from '@roomscale/shared';
import { ssoApi, teamUsersApi, usersApi } from '@roomscale/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, organizations, userLogins, users } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { expectProblem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type IdpKeys, makeIdpKeys } from '../../test/samlIdp.ts';
import { person, team } from '../../test/workspace.ts';
import { configureSso, IDP } from './testing.ts';

let t: TestApp;
let keys: IdpKeys;
beforeAll(async () => {
  t = await createTestApp();
  keys = await makeIdpKeys();
});
afterAll(() => t.close());

const getConfig = (organizationId: string, token?: { access_token: string }) =>
  callEndpoint(t, ssoApi.getConfig, { params: { organizationId }, token });
const base64Of = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

describe('the team SAML settings', () => {
  it('shows our values before the first save, to team admins only', async () => {
    const w = await team(t);
    const res = await getConfig(w.id, w.admin.session);
    expect(res.status, res.raw.body).toBe(200);
    const config = res.body;
    const base = `http://roomscale.test/saml/saml-${w.id}`;
    expect(config).toMatchObject({
      loginProviderId: `saml-${w.id}`,
      configured: false,
      identityLabel: '',
      certificateValidTo: null,
      appIdUri: `${base}/metadata`,
      ssoUrl: base,
      consumerUrl: `${base}/acs`,
    });
    expect(config.samlConfig).toContain(`entityID="${base}/metadata"`);
    expect(config.samlConfig).toContain(`Location="${base}/acs"`);
    expect(config.samlConfig).toContain('WantAssertionsSigned="true"');

    expectProblem(await getConfig(w.id, w.member.session), 403);
    const stranger = await person(t);
    // Another team's settings are not there at all for a stranger, as with every team call.
    expectProblem(await getConfig(w.id, stranger.session), 404);
    expectProblem(await getConfig(w.id), 401);
  });

  it('serves our metadata publicly at the entity id, for existing teams only', async () => {
    const w = await team(t);
    const res = await t.app.inject({ method: 'GET', url: `/saml/saml-${w.id}/metadata` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(res.body).toContain('AssertionConsumerService');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ url: `/saml/saml-${unknown}/metadata` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/saml/other/metadata' })).statusCode).toBe(404);
  });

  it('saves the identity provider, offers single sign-on for the team and records it', async () => {
    const w = await team(t, 'Northwind');
    const saved = await configureSso(t, w.id, w.admin, keys);
    expect(saved).toMatchObject({
      configured: true,
      identityLabel: IDP.entityId,
      loginUrl: IDP.loginUrl,
    });
    expect(new Date(saved.certificateValidTo!).getTime()).toBeGreaterThan(Date.now());
    const [org] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, w.id));
    expect(org).toMatchObject({
      samlLoginProviderId: `saml-${w.id}`,
      samlLoginDisplayName: 'Northwind',
    });
    const teams = await callEndpoint(t, usersApi.myTeams, { token: w.member.session });
    expect(teams.body).toContainEqual(
      expect.objectContaining({ id: w.id, samlLoginProviderId: `saml-${w.id}` }),
    );
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, w.id), eq(auditLog.action, 'sso.configure')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ identityLabel: IDP.entityId });

    // The bare base64 many identity providers show is the same certificate.
    const again = await callEndpoint(t, ssoApi.saveConfig, {
      params: { organizationId: w.id },
      token: w.admin.session,
      body: {
        identityLabel: IDP.entityId,
        loginUrl: IDP.loginUrl,
        certificate: base64Of(keys.certificatePem),
      },
    });
    expect(again.status, again.raw.body).toBe(200);
    expect(again.body.certificate.replace(/\s+/g, '')).toBe(
      keys.certificatePem.replace(/\s+/g, ''),
    );
  });

  it('refuses certificates that do not parse, have expired or are not valid yet, and bad addresses', async () => {
    const w = await team(t);
    const body = { identityLabel: IDP.entityId, loginUrl: IDP.loginUrl };
    const save = (over: { certificate: string; loginUrl?: string; identityLabel?: string }) =>
      callEndpoint(t, ssoApi.saveConfig, {
        params: { organizationId: w.id },
        token: w.admin.session,
        body: { ...body, ...over },
      });
    expectProblem(
      await save({ certificate: 'not a certificate' }),
      400,
      'certificate',
      ssoMessages.certificateUnreadable,
    );
    expectProblem(
      await save({ certificate: 'QUJD' }),
      400,
      'certificate',
      ssoMessages.certificateUnreadable,
    );
    const expired = await makeIdpKeys({ expired: true });
    expectProblem(
      await save({ certificate: expired.certificatePem }),
      400,
      'certificate',
      ssoMessages.certificateExpired,
    );
    const early = await makeIdpKeys({ notYetValid: true });
    expectProblem(
      await save({ certificate: early.certificatePem }),
      400,
      'certificate',
      ssoMessages.certificateNotYetValid,
    );
    expectProblem(
      await save({ certificate: keys.certificatePem, loginUrl: 'javascript:alert(1)' }),
      400,
      'loginUrl',
    );
    expectProblem(
      await save({ certificate: keys.certificatePem, identityLabel: '' }),
      400,
      'identityLabel',
    );
    const res = await getConfig(w.id, w.admin.session);
    expect(res.body.configured).toBe(false);
    expectProblem(
      await callEndpoint(t, ssoApi.saveConfig, {
        params: { organizationId: w.id },
        token: w.member.session,
        body: { ...body, certificate: keys.certificatePem },
      }),
      403,
    );
  });
});

describe('single sign-on logins of team users and the login lookup', () => {
  it('creates a new SSO-only user ready to sign in, offered on the login page', async () => {
    const w = await team(t, 'Contoso');
    await configureSso(t, w.id, w.admin, keys);
    const email = `sso-only-${Date.now()}@contoso.test`;
    const res = await callEndpoint(t, teamUsersApi.add, {
      params: { organizationId: w.id },
      token: w.admin.session,
      body: {
        email,
        firstName: 'Sam',
        lastName: 'Single',
        role: 'User',
        licenseType: 'Trial',
        assignSso: true,
        assignRoomscalePassword: false,
      },
    });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toMatchObject({ hasSsoLogin: true, hasRoomscaleLogin: false });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ activated: true, passwordHash: null });
    const logins = await t.ctx.db.select().from(userLogins).where(eq(userLogins.userId, user!.id));
    expect(logins).toEqual([
      expect.objectContaining({ loginProviderId: `saml-${w.id}`, providerKey: email }),
    ]);
    expect(t.mailer.to(email).at(-1)?.text).toContain('Log in with Contoso');

    const lookup = await callEndpoint(t, usersApi.logins, { query: { email } });
    expect(lookup.body).toEqual([{ loginProviderId: `saml-${w.id}`, displayName: 'Contoso' }]);
  });

  it('answers an unknown address exactly as a password user without single sign-on', async () => {
    const known = await person(t);
    const ask = async (email: string) =>
      (await callEndpoint(t, usersApi.logins, { query: { email } })).body;
    expect(await ask('nobody-here@example.test')).toEqual(await ask(known.email));
  });

  it('refuses single sign-on for an address that already has an account', async () => {
    const w = await team(t);
    await configureSso(t, w.id, w.admin, keys);
    const existing = await person(t);
    const res = await callEndpoint(t, teamUsersApi.add, {
      params: { organizationId: w.id },
      token: w.admin.session,
      body: {
        email: existing.email,
        firstName: 'Ex',
        lastName: 'Isting',
        role: 'User',
        licenseType: 'Trial',
        assignSso: true,
        assignRoomscalePassword: true,
      },
    });
    expectProblem(res, 400, 'assignSso', serverMessages.ssoForRegisteredUser);
    expect(res.problem).toMatchObject({ detail: serverMessages.ssoForRegisteredUser });
  });
});

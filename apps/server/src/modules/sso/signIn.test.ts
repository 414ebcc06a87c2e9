import type { SamlConfig } from '@roomscale/shared';
import { authApi, ssoApi, usersApi } from '@roomscale/shared/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, ssoTokens, userLogins } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  buildSamlResponse,
  type IdpKeys,
  makeIdpKeys,
  protocol,
  samlAttacks,
  startTestIdp,
} from '../../test/samlIdp.ts';
import { type Person, person, team } from '../../test/workspace.ts';
import {
  configureSso,
  postResponse,
  responseFor,
  signInThroughIdp,
  startSignIn,
} from './testing.ts';

let t: TestApp;
let keys: IdpKeys;
let attackerKeys: IdpKeys;
let config: SamlConfig;
let otherConfig: SamlConfig;
let ssoUser: Person;
let attacker: Person;
beforeAll(async () => {
  t = await createTestApp();
  keys = await makeIdpKeys();
  attackerKeys = await makeIdpKeys({ commonName: 'attacker' });
  const w = await team(t, 'Fabrikam');
  config = await configureSso(t, w.id, w.admin, keys);
  // Another team trusting the very same identity provider (same certificate).
  const other = await team(t, 'Tailspin');
  otherConfig = await configureSso(t, other.id, other.admin, keys);
  ssoUser = await person(t, { firstName: 'Sid' });
  await linkLogin(ssoUser.id, config.loginProviderId, ssoUser.email);
  attacker = await person(t, { firstName: 'Mallory' });
  await linkLogin(attacker.id, config.loginProviderId, attacker.email);
});
afterAll(() => t.close());

const linkLogin = (userId: string, loginProviderId: string, providerKey: string) =>
  t.ctx.db
    .insert(userLogins)
    .values({ userId, loginProviderId, providerKey, displayName: 'Fabrikam' });

const LOGIN_FAILED = '/login?samlerror=not_found';
const landing = (url: URL) => `${url.pathname}${url.search}`;
const tokenCount = async () => (await t.ctx.db.select({ n: count() }).from(ssoTokens))[0]!.n;

const redeem = (u: string, id: string, token: string) =>
  callEndpoint(t, authApi.token, {
    body: {
      grant_type: 'sso_redirect',
      username: u,
      identity_provider: id,
      access_token: token,
      scope: 'openid email profile offline_access roles',
    },
  });

describe('signing in with single sign-on', () => {
  it('goes from the login button to the identity provider and back to a session', async () => {
    const to = await signInThroughIdp(t, config, keys, ssoUser.email.toUpperCase());
    expect(to.pathname).toBe('/sso/token');
    expect(to.searchParams.get('u')).toBe(ssoUser.id);
    expect(to.searchParams.get('id')).toBe(config.loginProviderId);

    const res = await redeem(ssoUser.id, config.loginProviderId, to.searchParams.get('t')!);
    expect(res.status, res.raw.body).toBe(200);
    const tokens = res.body;
    const me = await callEndpoint(t, usersApi.me, { token: tokens.access_token });
    expect(me.body).toMatchObject({ id: ssoUser.id, hasSsoLogin: true });
    const started = await t.ctx.db
      .select({ method: sessions.method })
      .from(sessions)
      .where(and(eq(sessions.userId, ssoUser.id), eq(sessions.method, 'sso_redirect')));
    expect(started).toHaveLength(1);
    const refreshed = await callEndpoint(t, authApi.token, {
      body: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
    });
    expect(refreshed.status).toBe(200);
  });

  it('matches the email attribute when the NameID is an opaque id', async () => {
    const requestId = await startSignIn(t, config);
    const response = responseFor(config, keys, requestId, 'opaque-7f3a', {
      nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      attributes: { email: ssoUser.email },
    });
    const to = await postResponse(t, config.consumerUrl, buildSamlResponse(response));
    expect(to.pathname).toBe('/sso/token');
  });

  it('lets the one-time token work once, for its user and provider, within its minute', async () => {
    const first = await signInThroughIdp(t, config, keys, ssoUser.email);
    const token = first.searchParams.get('t')!;
    expect((await redeem(ssoUser.id, otherConfig.loginProviderId, token)).status).toBe(400);
    const stranger = await person(t);
    expect((await redeem(stranger.id, config.loginProviderId, token)).status).toBe(400);
    expect((await redeem(ssoUser.id, config.loginProviderId, token)).status).toBe(200);
    const again = await redeem(ssoUser.id, config.loginProviderId, token);
    expect(again.status).toBe(400);
    expect(again.raw.json()).toMatchObject({ error: 'invalid_grant' });

    const late = await signInThroughIdp(t, config, keys, ssoUser.email);
    t.clock.advance(61);
    const expired = await redeem(ssoUser.id, config.loginProviderId, late.searchParams.get('t')!);
    expect(expired.status).toBe(400);
    expect((await redeem(ssoUser.id, config.loginProviderId, '')).status).toBe(400);
    expect((await redeem('not-a-user', config.loginProviderId, token)).status).toBe(400);
  });

  it('signs in nobody without a linked login of that provider, and makes no account', async () => {
    const passwordOnly = await person(t);
    const before = await tokenCount();
    expect(landing(await signInThroughIdp(t, config, keys, passwordOnly.email))).toBe(LOGIN_FAILED);
    expect(landing(await signInThroughIdp(t, config, keys, 'new-person@fabrikam.test'))).toBe(
      LOGIN_FAILED,
    );
    // Linked to Fabrikam, not to Tailspin: Tailspin's identity provider does not sign them in.
    expect(landing(await signInThroughIdp(t, otherConfig, keys, ssoUser.email))).toBe(LOGIN_FAILED);
    expect(await tokenCount()).toBe(before);
  });

  it('starts no sign-in for a provider that is not set up', async () => {
    const res = await t.app.inject({ url: '/saml/saml-00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(LOGIN_FAILED);
  });
});

describe('responses the consumer refuses', () => {
  const refused = async (samlResponse: string, consumerUrl = config.consumerUrl) => {
    const before = await tokenCount();
    expect(landing(await postResponse(t, consumerUrl, samlResponse))).toBe(LOGIN_FAILED);
    expect(await tokenCount()).toBe(before);
  };

  // The attacker has a linked login of their own, so a shape that fell back to the genuine
  // assertion would sign them in and fail the test too. Protocol shapes are made for the real
  // user, so only the one check each targets stands between them and a session.
  const protocolShapes = new Set<unknown>(Object.values(protocol));
  it.each(samlAttacks.map((a) => [a.name, a] as const))('%s', async (_name, attack) => {
    const requestId = await startSignIn(t, config);
    const nameId = protocolShapes.has(attack.build) ? ssoUser.email : attacker.email;
    const samlResponse = attack.build({
      ...responseFor(config, keys, requestId, nameId),
      evilNameId: ssoUser.email,
      attackerKeys,
      otherAudience: otherConfig.appIdUri,
    });
    await refused(samlResponse);
  });

  it('a replayed response, even to a new request', async () => {
    const requestId = await startSignIn(t, config);
    const samlResponse = buildSamlResponse(responseFor(config, keys, requestId, ssoUser.email));
    expect((await postResponse(t, config.consumerUrl, samlResponse)).pathname).toBe('/sso/token');
    await refused(samlResponse);
    // The same assertion id answering a fresh request is still a replay.
    const fresh = await startSignIn(t, config);
    const replayed = responseFor(config, keys, fresh, ssoUser.email);
    const assertionId = /<saml:Assertion[^>]*\sID="([^"]+)"/.exec(
      Buffer.from(samlResponse, 'base64').toString('utf8'),
    )?.[1];
    expect(assertionId).toBeTruthy();
    await refused(buildSamlResponse({ ...replayed, assertionId }));
  });

  it('an InResponseTo we never issued', async () => {
    await refused(buildSamlResponse(responseFor(config, keys, '_never-issued', ssoUser.email)));
  });

  it("a response for another team's provider", async () => {
    // Answering Tailspin's request, for Tailspin's SP, posted to Fabrikam's consumer.
    const tailspinRequest = await startSignIn(t, otherConfig);
    await refused(
      buildSamlResponse(responseFor(otherConfig, keys, tailspinRequest, ssoUser.email)),
    );
    // Fabrikam's audience and addresses, but answering Tailspin's request.
    const another = await startSignIn(t, otherConfig);
    await refused(buildSamlResponse(responseFor(config, keys, another, ssoUser.email)));
  });

  it('a request that waited longer than ten minutes', async () => {
    const requestId = await startSignIn(t, config);
    t.clock.advance(11 * 60);
    await refused(buildSamlResponse(responseFor(config, keys, requestId, ssoUser.email)));
  });

  it('an empty or malformed post', async () => {
    await refused('');
    await refused(Buffer.from('<not-xml').toString('base64'));
    await refused('%%%');
  });
});

describe('the test identity provider over HTTP', () => {
  it('signs a user in through the real redirect and POST bindings', async () => {
    const idp = await startTestIdp({ keys });
    try {
      const w = await team(t, 'Litware');
      const res = await callEndpoint(t, ssoApi.saveConfig, {
        params: { organizationId: w.id },
        token: w.admin.session,
        body: {
          identityLabel: idp.entityId,
          loginUrl: idp.loginUrl,
          certificate: idp.certificatePem,
        },
      });
      expect(res.status, res.raw.body).toBe(200);
      const litware = res.body;
      await linkLogin(w.member.id, litware.loginProviderId, w.member.email);

      const start = await t.app.inject({ url: new URL(litware.ssoUrl).pathname });
      const signInPage = await fetch(String(start.headers.location));
      expect(signInPage.status).toBe(200);
      const html = await signInPage.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
      const fields = Object.fromEntries(
        [...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [
          m[1],
          m[2],
        ]),
      );
      const posted = await fetch(new URL(action!, idp.loginUrl), {
        method: 'POST',
        body: new URLSearchParams({ ...fields, email: w.member.email }),
      });
      const autoPost = await posted.text();
      const samlResponse = /name="SAMLResponse" value="([^"]+)"/.exec(autoPost)?.[1];
      expect(samlResponse).toBeTruthy();
      const to = await postResponse(t, litware.consumerUrl, samlResponse!);
      expect(to.pathname).toBe('/sso/token');
      expect(to.searchParams.get('u')).toBe(w.member.id);
    } finally {
      await idp.close();
    }
  });
});

import { security, serverMessages, TOKEN_SCOPE, tokenMessages } from '@roomscale/shared';
import { authApi, usersApi } from '@roomscale/shared/contract';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { call, createUser, expectProblem, nextIp, uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const passwordGrant = (username: string, password: string) =>
  callEndpoint(t, authApi.token, {
    body: { grant_type: 'password', username, password, scope: TOKEN_SCOPE },
  });

/** A form the contract refuses (a missing or unknown grant, an over-long field, a NUL). */
const refusedForm = (form: Record<string, string>, ip?: string) =>
  callUnchecked(t, authApi.token, { body: form, ip });

function expectOAuthError(
  res: Answer<typeof authApi.token>,
  error: string,
  description?: string,
  status = 400,
) {
  expect(res.status, res.raw.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.raw.json()).toEqual({ error, error_description: description ?? expect.any(String) });
}

describe('POST /api/connect/token, password grant', () => {
  it('issues an access token, refresh token and id token', async () => {
    const user = await createUser(t, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await passwordGrant(user.email.toUpperCase(), user.password);
    expect(res.status, res.raw.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.body;
    expect(body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expires_in: security.accessTokenSeconds,
      id_token: expect.any(String),
      scope: TOKEN_SCOPE,
      token_type: 'Bearer',
    });
    const access = decodeJwt(body.access_token);
    expect(access).toMatchObject({ sub: user.id, email: user.email, name: 'Ada Lovelace' });
    expect(typeof access.sid).toBe('string');
    expect(access.exp! - access.iat!).toBe(security.accessTokenSeconds);
    expect(decodeJwt(body.id_token)).toMatchObject({ sub: user.id, email: user.email });

    const me = await callEndpoint(t, usersApi.me, { token: body });
    expect(me.body.id).toBe(user.id);
  });

  it('accepts a JSON body too', async () => {
    const user = await createUser(t);
    // The contract's body kind is a form: a JSON body is sent as its text, with its type.
    const res = await callUnchecked(t, authApi.token, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        username: user.email,
        password: user.password,
      }),
    });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.raw.raw.req.headers['content-type']).toBe('application/json');
    expect(res.body.scope).toBe(TOKEN_SCOPE);
  });

  it('grants a narrower scope when asked, and refuses a scope it does not have', async () => {
    const user = await createUser(t);
    const grant = (scope: string) =>
      callEndpoint(t, authApi.token, {
        body: { grant_type: 'password', username: user.email, password: user.password, scope },
      });
    const narrow = await grant('openid profile');
    expect(narrow.body.scope).toBe('openid profile');
    const wide = await grant('openid admin');
    expectOAuthError(wide, 'invalid_scope', tokenMessages.invalidScope);
  });

  it('answers a wrong password and an unknown user the same way', async () => {
    const user = await createUser(t);
    const wrong = await passwordGrant(user.email, 'Wrong1234');
    const unknown = await passwordGrant(uniqueEmail('ghost'), 'Wrong1234');
    expectOAuthError(wrong, 'invalid_grant', tokenMessages.invalidCredentials);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.raw.body).toBe(wrong.raw.body);
  });

  it('answers an account awaiting activation exactly like an unknown address', async () => {
    const awaiting = await createUser(t, { activated: false, password: null });
    const withPassword = await createUser(t, { activated: false });
    const known = await createUser(t);
    const replies = [
      await passwordGrant(awaiting.email, 'Whatever1'),
      await passwordGrant(withPassword.email, 'Whatever1'),
      await passwordGrant(known.email, 'Whatever1'),
      await passwordGrant(uniqueEmail('ghost'), 'Whatever1'),
    ];
    for (const reply of replies) {
      expectOAuthError(reply, 'invalid_grant', tokenMessages.invalidCredentials);
      expect(reply.raw.body).toBe(replies[0]!.raw.body);
      expect(Object.keys(reply.headers).sort()).toEqual(Object.keys(replies[0]!.headers).sort());
    }
  });

  it('tells only the holder of the right password that the account awaits activation', async () => {
    const user = await createUser(t, { activated: false });
    expectOAuthError(
      await passwordGrant(user.email, user.password),
      'invalid_grant',
      tokenMessages.notActivated,
    );
  });

  it('refuses an activated account without a password like a wrong password', async () => {
    const user = await createUser(t, { password: null });
    expectOAuthError(
      await passwordGrant(user.email, 'Whatever1'),
      'invalid_grant',
      tokenMessages.invalidCredentials,
    );
  });

  it('requires username and password', async () => {
    const user = await createUser(t);
    expectOAuthError(
      await callEndpoint(t, authApi.token, { body: { grant_type: 'password', password: 'x' } }),
      'invalid_request',
      tokenMessages.missingParameter('username'),
    );
    expectOAuthError(
      await callEndpoint(t, authApi.token, {
        body: { grant_type: 'password', username: user.email },
      }),
      'invalid_request',
      tokenMessages.missingParameter('password'),
    );
  });
});

describe('POST /api/connect/token, malformed requests', () => {
  it('answers a missing grant type with invalid_request', async () => {
    expectOAuthError(
      await refusedForm({ username: 'a@example.com' }),
      'invalid_request',
      tokenMessages.missingGrantType,
    );
    expectOAuthError(
      await callUnchecked(t, authApi.token, {}),
      'invalid_request',
      tokenMessages.missingGrantType,
    );
  });

  it('answers unknown grants with unsupported_grant_type', async () => {
    for (const grant of ['client_credentials', 'authorization_code', 'implicit']) {
      expectOAuthError(
        await refusedForm({ grant_type: grant }),
        'unsupported_grant_type',
        tokenMessages.unsupportedGrantType,
      );
    }
  });

  it('answers an over-long field with invalid_request', async () => {
    expectOAuthError(
      await refusedForm({ grant_type: 'password', username: 'a@b.c', password: 'x'.repeat(300) }),
      'invalid_request',
      tokenMessages.invalidParameter('password'),
    );
  });

  it('answers malformed JSON, a wrong content type and a huge body as OAuth errors', async () => {
    const json = await callUnchecked(t, authApi.token, {
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":',
    });
    expectOAuthError(json, 'invalid_request', tokenMessages.malformedRequest);
    const xml = await callUnchecked(t, authApi.token, {
      headers: { 'content-type': 'application/xml' },
      body: '<token/>',
    });
    expectOAuthError(xml, 'invalid_request', tokenMessages.malformedRequest, 415);
    const huge = await refusedForm({ grant_type: 'password', username: 'x'.repeat(20_000) });
    expectOAuthError(huge, 'invalid_request', tokenMessages.malformedRequest, 413);
  });

  it('answers a NUL character in a field with invalid_request, not a server error', async () => {
    for (const form of <Record<string, string>[]>[
      { grant_type: 'password', username: 'a\u0000b@example.com', password: 'Secret123' },
      { grant_type: 'password', username: 'a@example.com', password: 'Sec\u0000ret123' },
      { grant_type: 'refresh_token', refresh_token: 'abc\u0000def' },
    ]) {
      expectOAuthError(await refusedForm(form), 'invalid_request', serverMessages.nulCharacter);
    }
  });

  it('is rate limited per IP with slow_down', async () => {
    const ip = nextIp();
    for (let i = 0; i < security.rateLimitPerMinute.token; i++) {
      expect((await refusedForm({}, ip)).status).toBe(400);
    }
    const limited = await refusedForm({}, ip);
    expectOAuthError(limited, 'slow_down', undefined, 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await refusedForm({}, nextIp())).status).toBe(400);
  });

  it('keeps problem documents for the other routes', async () => {
    // A method the contract does not have at the token endpoint's address.
    expectProblem(await call(t, 'GET', authApi.token.path), 404);
  });
});

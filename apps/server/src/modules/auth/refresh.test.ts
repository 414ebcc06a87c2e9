import { security, type TokenResponse, tokenMessages } from '@roomscale/shared';
import { authApi, usersApi } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createUser, signIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = (token: string, extra: { scope?: string } = {}) =>
  callEndpoint(t, authApi.token, {
    body: { grant_type: 'refresh_token', refresh_token: token, ...extra },
  });

const me = (token: TokenResponse) => callEndpoint(t, usersApi.me, { token });

function expectInvalidGrant(res: Awaited<ReturnType<typeof refresh>>) {
  expect(res.status, res.raw.body).toBe(400);
  expect(res.raw.json()).toEqual({
    error: 'invalid_grant',
    error_description: tokenMessages.invalidRefreshToken,
  });
}

async function sessionOf(token: TokenResponse) {
  const sid = decodeJwt(token.access_token).sid as string;
  const [row] = await t.ctx.db.select().from(sessions).where(eq(sessions.id, sid));
  return row!;
}

describe('POST /api/connect/token, refresh_token grant', () => {
  it('rotates: a new pair in the same session, and the old refresh token is spent', async () => {
    const user = await createUser(t);
    const first = await signIn(t, user);
    const res = await refresh(first.refresh_token);
    expect(res.status, res.raw.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const second = res.body;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(second.access_token).sid).toBe(decodeJwt(first.access_token).sid);
    expect(decodeJwt(second.access_token).sub).toBe(user.id);
    expect((await me(second)).status).toBe(200);

    expect((await refresh(second.refresh_token)).status).toBe(200);
  });

  it('treats reuse of a spent token as theft: the whole session ends', async () => {
    const user = await createUser(t);
    const first = await signIn(t, user);
    const second = (await refresh(first.refresh_token)).body;

    expectInvalidGrant(await refresh(first.refresh_token));
    expectInvalidGrant(await refresh(second.refresh_token));
    expect((await me(second)).status).toBe(401);
    expect((await me(first)).status).toBe(401);
    expect((await sessionOf(first)).revokedAt).not.toBeNull();
  });

  it('lets exactly one of two concurrent refreshes of the same token succeed', async () => {
    const user = await createUser(t);
    const first = await signIn(t, user);
    const results = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expectInvalidGrant(results.find((r) => r.status === 400)!);
    // The loser presented a spent token: by the reuse rule the family ends too.
    const winner = results.find((r) => r.status === 200)!.body;
    expectInvalidGrant(await refresh(winner.refresh_token));
  });

  it('ends at the absolute session lifetime, however often it is refreshed', async () => {
    const user = await createUser(t);
    let tokens = await signIn(t, user);
    const step = security.refreshTokenAbsoluteSeconds / 3;
    let moved = 0;
    try {
      for (let i = 0; i < 2; i++) {
        t.clock.advance(step);
        moved += step;
        const res = await refresh(tokens.refresh_token);
        expect(res.status).toBe(200);
        tokens = res.body;
      }
      t.clock.advance(step + 1);
      moved += step + 1;
      expectInvalidGrant(await refresh(tokens.refresh_token));
      expect((await me(tokens)).status).toBe(401);
    } finally {
      t.clock.advance(-moved);
    }
  });

  it('lets access tokens expire after 15 minutes while the refresh token still works', async () => {
    const user = await createUser(t);
    const tokens = await signIn(t, user);
    t.clock.advance(security.accessTokenSeconds + 1);
    try {
      expect((await me(tokens)).status).toBe(401);
      const res = await refresh(tokens.refresh_token);
      expect(res.status).toBe(200);
      expect((await me(res.body)).status).toBe(200);
    } finally {
      t.clock.advance(-(security.accessTokenSeconds + 1));
    }
  });

  it('refuses unknown tokens and a missing token', async () => {
    expectInvalidGrant(await refresh('x'.repeat(43)));
    const missing = await callEndpoint(t, authApi.token, { body: { grant_type: 'refresh_token' } });
    expect(missing.status).toBe(400);
    expect(missing.raw.json()).toEqual({
      error: 'invalid_request',
      error_description: tokenMessages.missingParameter('refresh_token'),
    });
  });

  it('does not spend the token on a refused scope', async () => {
    const user = await createUser(t);
    const tokens = await signIn(t, user);
    const wide = await refresh(tokens.refresh_token, { scope: 'openid admin' });
    expect(wide.raw.json().error).toBe('invalid_scope');
    const narrow = await refresh(tokens.refresh_token, { scope: 'openid' });
    expect(narrow.status).toBe(200);
    expect(narrow.body.scope).toBe('openid');
  });

  it('puts profile changes into the refreshed tokens', async () => {
    const user = await createUser(t, { firstName: 'Before' });
    const tokens = await signIn(t, user);
    await t.ctx.db.update(users).set({ firstName: 'After' }).where(eq(users.id, user.id));
    const res = (await refresh(tokens.refresh_token)).body;
    expect(decodeJwt(res.access_token).name).toBe('After Lovelace');
  });

  it('ends with the deletion of the user', async () => {
    const user = await createUser(t);
    const tokens = await signIn(t, user);
    await t.ctx.db.delete(users).where(eq(users.id, user.id));
    expectInvalidGrant(await refresh(tokens.refresh_token));
  });
});

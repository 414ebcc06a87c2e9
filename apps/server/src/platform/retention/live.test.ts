import { security, type TokenResponse } from '@roomscale/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, signIn, tokenRequest } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { sweepRetention } from './sweep.ts';

/** Through the API: the sweep takes nothing a signed-in user or the sign-in throttle still needs. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sweep = () => sweepRetention(t.ctx.db, t.clock.now(), { auditRetentionDays: undefined });
const refresh = (token: string) =>
  tokenRequest(t, { grant_type: 'refresh_token', refresh_token: token });

describe('retention sweep and live state', () => {
  it('keeps a live session and its spent refresh tokens; an ended one goes', async () => {
    const user = await createUser(t);
    const ended = await signIn(t, user);
    expect((await call(t, 'GET', '/api/Users/Logout', { token: ended })).statusCode).toBe(204);
    const first = await signIn(t, user);
    const second = (await refresh(first.refresh_token)).json() as TokenResponse;

    // Three weeks on: the logout is past retention, the live session has a week to run.
    t.clock.advance(21 * 86_400);
    const report = await sweep();
    expect(report.find((r) => r.name === 'sessions')!.deleted).toBeGreaterThanOrEqual(1);
    expect((await refresh(ended.refresh_token)).statusCode).toBe(400);

    const third = await refresh(second.refresh_token);
    expect(third.statusCode, third.body).toBe(200);
    const live = third.json() as TokenResponse;
    expect((await call(t, 'GET', '/api/Users/Me', { token: live })).statusCode).toBe(200);
    // The spent token is still known: presenting it again ends the session, as before.
    expect((await refresh(first.refresh_token)).statusCode).toBe(400);
    expect((await call(t, 'GET', '/api/Users/Me', { token: live })).statusCode).toBe(401);
  });

  it('keeps a locked address locked', async () => {
    const user = await createUser(t);
    const ip = '198.51.100.7';
    const attempt = (password: string) =>
      tokenRequest(t, { grant_type: 'password', username: user.email, password }, ip);
    for (let i = 0; i < security.pairFailuresBeforeLock; i++) {
      expect((await attempt('WrongPassword1')).statusCode).toBe(400);
    }
    expect((await attempt(user.password)).statusCode).toBe(429);
    await sweep();
    expect((await attempt(user.password)).statusCode).toBe(429);
  });
});

import { security } from '@roomscale/shared';
import { authApi, usersApi } from '@roomscale/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createUser, signIn } from '../../test/factories.ts';
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
  callEndpoint(t, authApi.token, { body: { grant_type: 'refresh_token', refresh_token: token } });
const me = (token: { access_token: string }) => callEndpoint(t, usersApi.me, { token });

describe('retention sweep and live state', () => {
  it('keeps a live session and its spent refresh tokens; an ended one goes', async () => {
    const user = await createUser(t);
    const ended = await signIn(t, user);
    expect((await callEndpoint(t, usersApi.logout, { token: ended })).status).toBe(204);
    const first = await signIn(t, user);
    const second = (await refresh(first.refresh_token)).body;

    // Three weeks on: the logout is past retention, the live session has a week to run.
    t.clock.advance(21 * 86_400);
    const report = await sweep();
    expect(report.find((r) => r.name === 'sessions')!.deleted).toBeGreaterThanOrEqual(1);
    expect((await refresh(ended.refresh_token)).status).toBe(400);

    const third = await refresh(second.refresh_token);
    expect(third.status, third.raw.body).toBe(200);
    const live = third.body;
    expect((await me(live)).status).toBe(200);
    // The spent token is still known: presenting it again ends the session, as before.
    expect((await refresh(first.refresh_token)).status).toBe(400);
    expect((await me(live)).status).toBe(401);
  });

  it('keeps a locked address locked', async () => {
    const user = await createUser(t);
    const ip = '198.51.100.7';
    const attempt = (password: string) =>
      callEndpoint(t, authApi.token, {
        body: { grant_type: 'password', username: user.email, password },
        ip,
      });
    for (let i = 0; i < security.pairFailuresBeforeLock; i++) {
      expect((await attempt('WrongPassword1')).status).toBe(400);
    }
    expect((await attempt(user.password)).status).toBe(429);
    await sweep();
    expect((await attempt(user.password)).status).toBe(429);
  });
});

// @vitest-environment happy-dom
import { firstLoadCalls } from '@roomscale/shared/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../api/client.ts';
import { readTokens } from '../api/tokens.ts';
import {
  meFixture,
  mockApi,
  mockFetch,
  resetBrowser,
  signedOutBrowser,
  storeValidTokens,
  teamFixture,
} from '../test/harness.tsx';
import { queryClient } from './queryClient.ts';
import { session, type TeamKnown } from './session.ts';
import { myTeamsQuery } from './teams.ts';

const SNAPSHOT = 'roomscale.session';
const me = meFixture();
const team = teamFixture({ name: 'Orbit Labs' });

/** The token endpoint's answer to a sign-in, for `me`. */
const newTokens = {
  access_token: `h.${btoa(JSON.stringify({ sub: me.id })).replace(/=+$/, '')}.new`,
  refresh_token: 'r2',
  expires_in: 900,
  id_token: 'i',
  scope: 'openid',
  token_type: 'Bearer',
};

/** What a stale query or prefetch of the ended session would leave behind. */
const leftover = ['organizations', team.id, 'meetings'] as const;

beforeEach(async () => {
  await signedOutBrowser();
  queryClient.clear();
});
afterEach(resetBrowser);

/**
 * A browser whose session was ended elsewhere (a password changed in another browser, reset by
 * email, or revoked by the server): its tokens still look valid, the snapshot of the last visit
 * is there, and the server refuses the token (401) until a new sign-in.
 */
function endedElsewhere() {
  storeValidTokens(me.id);
  localStorage.setItem(SNAPSHOT, JSON.stringify({ user: me, team }));
  const ended = { now: true };
  const fetch = mockFetch((url) => {
    if (url.pathname === '/api/connect/token') {
      ended.now = false;
      return { body: newTokens };
    }
    if (ended.now) return { status: 401 };
    if (url.pathname === '/api/Users/Me') return { body: me };
    if (url.pathname === '/api/Users/Me/Organizations') return { body: [team] };
    return { status: 404 };
  });
  const teamCalls = () =>
    fetch.mock.calls.filter(([u]) => String(u).endsWith('/api/Users/Me/Organizations')).length;
  return { fetch, teamCalls };
}

describe('the session’s end', () => {
  it('a sign-in after the session was ended elsewhere loads the teams afresh', async () => {
    const { teamCalls } = endedElsewhere();
    expect(await session.ensure()).toBe(false);
    expect(session.get()).toMatchObject({ status: 'anonymous', user: null, team: null });
    expect(teamCalls()).toBe(1);

    await session.login(me.email, 'N3w-password');
    // Team resolution's call, through the cache: the refused answer from before is not kept.
    expect(await queryClient.fetchQuery(myTeamsQuery(me.id))).toEqual([team]);
    expect(teamCalls()).toBe(2);
  });

  it('a 401 on the session’s token ends it: tokens, user, team, snapshot and cached queries go', async () => {
    endedElsewhere();
    // The snapshot shows the last visit at once; the screen's own call then meets the 401.
    const checked = session.ensure();
    queryClient.setQueryData(leftover, 'stale');
    await expect(call(firstLoadCalls.myTeams)).rejects.toMatchObject({ status: 401 });
    expect(readTokens()).toBeNull();
    expect(session.get()).toMatchObject({ status: 'anonymous', user: null, team: null });
    expect(localStorage.getItem(SNAPSHOT)).toBeNull();
    expect(queryClient.getQueryData(leftover)).toBeUndefined();
    expect(await checked).toBe(false);
  });

  it('a refused refresh token ends it and empties the cache', async () => {
    await signIn();
    const tokens = JSON.parse(localStorage.getItem('roomscale.tokens') ?? '{}');
    localStorage.setItem(
      'roomscale.tokens',
      JSON.stringify({ ...tokens, validUntil: Date.now() - 1000 }),
    );
    queryClient.setQueryData(leftover, 'stale');
    mockFetch((url) =>
      url.pathname === '/api/connect/token'
        ? { status: 400, body: { error: 'invalid_grant', error_description: 'Refused.' } }
        : { body: me },
    );
    await expect(call(firstLoadCalls.me)).rejects.toBeInstanceOf(ApiError);
    expect(session.get().status).toBe('anonymous');
    expect(queryClient.getQueryData(leftover)).toBeUndefined();
  });

  it('a logout from any screen (not only the user menu) empties the cache', async () => {
    await signIn();
    queryClient.setQueryData(leftover, 'stale');
    await session.logout();
    expect(queryClient.getQueryData(leftover)).toBeUndefined();
    expect(localStorage.getItem(SNAPSHOT)).toBeNull();
  });

  it('a logout in another tab ends the session in this one too', async () => {
    await signIn();
    queryClient.setQueryData(leftover, 'stale');
    // The other tab removed the tokens from the storage both share.
    localStorage.removeItem('roomscale.tokens');
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'roomscale.tokens', oldValue: 'tokens', newValue: null }),
    );
    expect(session.get()).toMatchObject({ status: 'anonymous', user: null, team: null });
    expect(queryClient.getQueryData(leftover)).toBeUndefined();
  });

  it('another tab refreshing the tokens leaves this one signed in', async () => {
    await signIn();
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'roomscale.tokens', oldValue: 'old', newValue: 'new' }),
    );
    expect(session.get()).toMatchObject({ status: 'authenticated', user: me, team });
  });

  it('a late 401 for the token of an earlier session leaves the new sign-in alone', async () => {
    storeValidTokens(me.id);
    let refuse: () => void = () => undefined;
    const refused = new Promise<{ status: number }>((resolve) => {
      refuse = () => resolve({ status: 401 });
    });
    mockFetch(async (url) => {
      if (url.pathname === '/api/connect/token') return { body: newTokens };
      if (url.pathname === '/api/Users/Me/Organizations') return refused;
      if (url.pathname === '/api/Users/Me') return { body: me };
      return { status: 404 };
    });
    // A call of the old session, answered only after the new sign-in.
    const stale = call(firstLoadCalls.myTeams).catch((e: unknown) => e);
    await session.login(me.email, 'N3w-password');
    refuse();
    await stale;
    expect(readTokens()?.accessToken).toBe(newTokens.access_token);
    expect(session.get()).toMatchObject({ status: 'authenticated', user: me });
  });

  it('a failed cached login (no answer) leaves no failed teams for the sign-in that follows', async () => {
    storeValidTokens(me.id);
    let reachable = false;
    const fetch = mockFetch((url) => {
      if (url.pathname === '/api/connect/token') {
        reachable = true;
        return { body: newTokens };
      }
      if (!reachable) return { status: 503 };
      if (url.pathname === '/api/Users/Me') return { body: me };
      return { body: [team] };
    });
    expect(await session.ensure()).toBe(false);
    await session.login(me.email, 'N3w-password');
    expect(await session.loadTeams()).toEqual([team]);
    expect(
      fetch.mock.calls.filter(([u]) => String(u).endsWith('/api/Users/Me/Organizations')),
    ).toHaveLength(2);
  });
});

describe('what the session announces: the team of the screen opening', () => {
  const heard: TeamKnown[] = [];
  let stop: () => void = () => undefined;
  beforeEach(() => {
    heard.length = 0;
    stop = session.onTeamKnown((known) => heard.push(known));
  });
  afterEach(() => stop());

  it('a cached login announces the remembered team with the address before the user answers', async () => {
    storeValidTokens(me.id);
    localStorage.setItem(`roomscale.team.${me.id}`, team.id);
    window.history.replaceState(null, '', '/files?view=grid');
    let answerUser: () => void = () => undefined;
    const userAnswered = new Promise<void>((resolve) => {
      answerUser = resolve;
    });
    mockFetch(async (url) => {
      if (url.pathname === '/api/Users/Me') {
        await userAnswered;
        return { body: me };
      }
      if (url.pathname === '/api/Users/Me/Organizations') return { body: [team] };
      return { status: 404 };
    });
    const checked = session.ensure();
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard[0]).toEqual({ teamId: team.id, address: '/files?view=grid' });
    answerUser();
    expect(await checked).toBe(true);
    // The confirmed team is the one announced already: nothing more to start.
    expect(heard).toHaveLength(1);
    window.history.replaceState(null, '', '/');
  });

  it('team resolution announces the team with the screen it goes on to; a plain switch does not', async () => {
    await signIn();
    heard.length = 0;
    const other = teamFixture({ name: 'Second Team' });
    session.selectTeam(other);
    expect(heard).toEqual([]);
    session.selectTeam(team, { address: '/dashboard', cache: queryClient });
    expect(heard).toEqual([{ teamId: team.id, address: '/dashboard', cache: queryClient }]);
    expect(session.get().team).toEqual(team);
  });
});

async function signIn() {
  storeValidTokens(me.id);
  mockApi((_m, url) => (url.pathname === '/api/Users/Me' ? { body: me } : { status: 404 }));
  await session.reloadUser();
  session.selectTeam(team);
}

import type { Me, Membership } from '@roomscale/shared';
import { firstLoadCalls } from '@roomscale/shared/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError, call } from '../api/client.ts';
import {
  accessToken,
  clearTokens,
  onSessionLost,
  readTokens,
  requestToken,
} from '../api/tokens.ts';

/**
 * The signed-in user and the current team, published to the whole app (part1 §4).
 * A plain store rather than React state so the route guard and API helpers can read it too.
 */
export type SessionState = {
  status: 'unknown' | 'anonymous' | 'authenticated';
  /** Null while authenticated means the token holds but the app user is missing. */
  user: Me | null;
  team: Membership | null;
  /**
   * The user logged out in this tab: the guard then sends every screen to a plain /login, so
   * the next person to sign in on this browser does not land on the previous user's page.
   */
  loggedOut?: boolean;
};

let state: SessionState = { status: 'unknown', user: null, team: null };
const listeners = new Set<() => void>();

function set(next: Partial<SessionState>) {
  state = { ...state, ...next };
  keepSnapshot(state);
  for (const l of listeners) l();
}

/**
 * The last signed-in user and team on this browser, kept beside the tokens (which the same
 * storage already holds) so that a full load renders the signed-in screen from them at once,
 * while the cached login checks them (issue 12: the dashboard's heading no longer waits for
 * the user's answer on a busy first load). It is only ever shown to the tokens' own user, and
 * it goes with a logout or a lost session.
 */
const SNAPSHOT_KEY = 'roomscale.session';
type Snapshot = { user: Me; team: Membership | null };

function keepSnapshot(s: SessionState) {
  try {
    if (s.status === 'authenticated' && s.user) {
      const snapshot: Snapshot = { user: s.user, team: s.team };
      localStorage.setItem(SNAPSHOT_KEY, JSON.stringify(snapshot));
    } else if (s.status !== 'unknown') {
      localStorage.removeItem(SNAPSHOT_KEY);
    }
  } catch {
    // Storage full or refused: the next full load simply waits for the user's answer.
  }
}

/** The snapshot, when it belongs to the user of the access token `token`. */
function snapshotFor(token: string): Snapshot | null {
  try {
    const raw = localStorage.getItem(SNAPSHOT_KEY);
    const snapshot = raw ? (JSON.parse(raw) as Snapshot) : null;
    const subject = subjectOf(token);
    return snapshot?.user && subject && snapshot.user.id === subject ? snapshot : null;
  } catch {
    return null;
  }
}

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /**
   * Cached login: with stored tokens and no user yet, refresh if needed and load the user.
   * The snapshot of the last visit, when it is this token's user's, is published at once; the
   * promise resolves when the user and the team have been checked with the server.
   */
  async ensure(): Promise<boolean> {
    if (pending) return pending;
    if (state.status === 'authenticated') return true;
    const stored = readTokens();
    if (!stored) {
      set({ status: 'anonymous' });
      return false;
    }
    const snapshot = snapshotFor(stored.accessToken);
    if (snapshot) set({ status: 'authenticated', user: snapshot.user, team: snapshot.team });
    pending = (async () => {
      try {
        const token = await accessToken();
        if (!token) {
          end();
          return false;
        }
        // The teams do not depend on the user's answer: ask for both at once. Team resolution
        // (or the user menu) takes this answer instead of asking again.
        const teams = fetchTeams();
        prefetchedTeams = teams;
        teams.catch(() => undefined);
        // The team this user worked in last is known from the token's subject already: the
        // screen's own calls start now, beside the user and the teams, not after them.
        const early = state.team?.id ?? rememberedTeamId(subjectOf(token));
        if (early) announce({ teamId: early, address: currentAddress() });
        const user = await call(firstLoadCalls.me);
        // That team, when they still belong to it, comes back with the user: a team screen then
        // opens at once instead of going through /organization/resolve (which still decides when
        // there is no such team). A team shown from the snapshot is replaced by its fresh
        // membership (the role or license may have changed since), or dropped when it is gone.
        const current = state.team;
        const team = !current
          ? await rememberedTeam(user.id, teams)
          : snapshot
            ? await freshTeam(current, teams)
            : current;
        set({ status: 'authenticated', user, team, loggedOut: false });
        if (team && team.id !== early) announce({ teamId: team.id, address: currentAddress() });
        return true;
      } catch (e) {
        // Signed in, but no app user behind the token: the guard sends them to /user/register.
        if (e instanceof ApiError && e.status === 404) {
          set({ status: 'authenticated', user: null, team: null });
          return true;
        }
        // No session to show (ended, or not reachable now): nothing of this attempt outlives it.
        end();
        return false;
      } finally {
        pending = null;
      }
    })();
    return pending;
  },

  /** Password grant; throws the token failure for the login screen to show. */
  async login(email: string, password: string) {
    // A cached login still loading would otherwise land its user and teams after this one's.
    await pending;
    await requestToken({ grant_type: 'password', username: email, password });
    replacePrevious();
    await session.reloadUser();
  },

  /**
   * Single sign-on grant (part1 §7): the one-time token a SAML sign-in left for user `userId`
   * through provider `loginProviderId`. Throws the token failure.
   */
  async loginWithSso(userId: string, loginProviderId: string, oneTimeToken: string) {
    // A cached login still loading would otherwise land its user and teams after this one's.
    await pending;
    await requestToken({
      grant_type: 'sso_redirect',
      username: userId,
      identity_provider: loginProviderId,
      access_token: oneTimeToken,
    });
    replacePrevious();
    await session.reloadUser();
  },

  async reloadUser(): Promise<Me> {
    const user = await call(firstLoadCalls.me);
    set({ status: 'authenticated', user, loggedOut: false });
    return user;
  },

  /**
   * Logout clears tokens, role, team, user and what the session cached. The caller navigates to
   * /login; `byUser` marks a logout the user chose, after which no screen offers its address to
   * the next login.
   */
  async logout(opts: { byUser?: boolean } = {}) {
    if (readTokens()) await call(firstLoadCalls.logout).catch(() => undefined);
    await clearTokens();
    end(opts.byUser ?? false);
  },

  /**
   * `listener` runs whenever a session ends, however it ends (see `end`): the query cache
   * (queryClient.ts) empties itself there.
   */
  onEnd(listener: () => void) {
    endListeners.add(listener);
    return () => endListeners.delete(listener);
  },

  /**
   * Makes a team current and remembers it for this user. `opening`, the screen the caller goes on
   * to with it (team resolution) and the query cache it reads, is announced with the team
   * (`onTeamKnown`).
   */
  selectTeam(team: Membership | null, opening?: Omit<TeamKnown, 'teamId'>) {
    if (team && state.user) localStorage.setItem(teamKey(state.user.id), team.id);
    if (team && opening) announce({ ...opening, teamId: team.id });
    set({ team });
  },

  /**
   * `listener` runs whenever the session learns the team a screen about to open works in: on a
   * full load with a cached login, the remembered team before the server has confirmed it (and
   * the confirmed one when it differs), and when team resolution picks a team. The app starts
   * that screen's code and first calls there, beside the rest rather than after it; the session
   * itself knows no screen.
   */
  onTeamKnown(listener: TeamKnownListener) {
    teamKnownListeners.add(listener);
    return () => teamKnownListeners.delete(listener);
  },

  rememberedTeamId(userId: string): string | null {
    return rememberedTeamId(userId);
  },

  /** The signed-in user's teams; the first call after a cached login takes its prefetch. */
  loadTeams(): Promise<Membership[]> {
    const early = prefetchedTeams;
    prefetchedTeams = null;
    return early ?? fetchTeams();
  },
};

const fetchTeams = () => call(firstLoadCalls.myTeams);

/** The id of the team `userId` worked in last on this browser, if any. */
const rememberedTeamId = (userId: string | null) =>
  userId ? localStorage.getItem(teamKey(userId)) : null;

/** The subject (user id) of an access token, read without checking it: the server checks. */
function subjectOf(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/** Team `id` among `teams`: null when it is not there, undefined when they could not be loaded. */
async function teamIn(id: string, teams: Promise<Membership[]>) {
  const list = await teams.catch(() => null);
  return list ? (list.find((t) => t.id === id) ?? null) : undefined;
}

/** The remembered team among `teams`, or null (also when the teams could not be loaded). */
async function rememberedTeam(userId: string, teams: Promise<Membership[]>) {
  const id = rememberedTeamId(userId);
  return id ? ((await teamIn(id, teams)) ?? null) : null;
}

/**
 * `team`'s membership as `teams` has it now: null when the user has left it, `team` itself when
 * the teams could not be loaded (the screens' own calls still ask the server).
 */
async function freshTeam(team: Membership, teams: Promise<Membership[]>) {
  const found = await teamIn(team.id, teams);
  return found === undefined ? team : found;
}

/**
 * What a team-known announcement says: the team, the address (path and query) of the screen
 * opening, and the query cache that screen reads when it is not the app's (queryClient.ts).
 */
export type TeamKnown = { teamId: string; address: string; cache?: QueryClient };
type TeamKnownListener = (known: TeamKnown) => void;
const teamKnownListeners = new Set<TeamKnownListener>();

function announce(known: TeamKnown) {
  for (const l of teamKnownListeners) l(known);
}

/** The address the browser is at, path and query: the screen a full load opens. */
const currentAddress = () => `${window.location.pathname}${window.location.search}`;

let pending: Promise<boolean> | null = null;
let prefetchedTeams: Promise<Membership[]> | null = null;
const teamKey = (userId: string) => `roomscale.team.${userId}`;
const endListeners = new Set<() => void>();

/**
 * The session's end, the one place that forgets what a session left in this browser, however it
 * ends: a logout, a refused refresh token or a refused access token (401: a password changed or
 * reset elsewhere, the sessions revoked), a cached login that finds no session. The user, the
 * team and the last visit's snapshot go (`set` drops the snapshot when anonymous), the teams
 * asked for early, and through `onEnd` the cached queries and prefetched screen data; the next
 * sign-in then loads everything afresh instead of meeting the failures of the ended session.
 */
function end(loggedOut = false) {
  prefetchedTeams = null;
  set({ status: 'anonymous', user: null, team: null, loggedOut });
  for (const l of endListeners) l();
}

/** A sign-in replaces whoever was signed in on this browser: their session ends here. */
function replacePrevious() {
  if (state.status === 'authenticated' || prefetchedTeams) end();
}

onSessionLost(() => end());

/** The session in React; re-renders when it changes. */
export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get);
}

/** Role in the current team. */
export const useTeamRole = () => useSession().team?.role ?? 'None';

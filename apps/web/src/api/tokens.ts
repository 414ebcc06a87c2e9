import { limits, TOKEN_SCOPE, type TokenResponse } from '@roomscale/shared';
import { firstLoadCalls } from '@roomscale/shared/contract';
import { readVault, type StoredTokens, writeVault } from './tokenVault.ts';

/**
 * Session tokens, remembered per browser (part1 §3): in local storage, which every tab reads
 * synchronously, and in IndexedDB (tokenVault.ts), which a tab reads under the refresh lock
 * because it is the copy other tabs' writes reach in order.
 */
const KEY = 'roomscale.tokens';

export type { StoredTokens };

export function readTokens(): StoredTokens | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StoredTokens) : null;
  } catch {
    return null;
  }
}

/** Remembers new tokens; resolves once the cross-tab copy has been written. */
export function storeTokens(t: TokenResponse, now = Date.now()): Promise<void> {
  const stored: StoredTokens = {
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    validUntil: now + t.expires_in * 1000,
  };
  localStorage.setItem(KEY, JSON.stringify(stored));
  return writeVault(stored);
}

export function clearTokens(): Promise<void> {
  localStorage.removeItem(KEY);
  return writeVault(null);
}

/**
 * The newest tokens this tab can see: local storage, or the cross-tab copy when that is newer
 * (another tab refreshed and this tab's local storage has not caught up). Tokens issued later
 * expire later, so `validUntil` orders them.
 */
async function newestTokens(): Promise<StoredTokens | null> {
  const local = readTokens();
  const shared = await readVault();
  if (!shared || (local && local.validUntil >= shared.validUntil)) return local;
  localStorage.setItem(KEY, JSON.stringify(shared));
  return shared;
}

/** An access token counts as valid until its expiry minus the safety margin. */
export function isAccessValid(t: StoredTokens | null, now = Date.now()): boolean {
  return !!t && now < t.validUntil - limits.accessTokenSafetyMarginSeconds * 1000;
}

export type TokenFailure = { status: number; error?: string; description?: string };

/** The token endpoint (`firstLoadCalls.token`), form-encoded. Throws a TokenFailure when no token comes back. */
export async function requestToken(fields: Record<string, string>): Promise<TokenResponse> {
  let res: Response;
  try {
    res = await fetch(firstLoadCalls.token.path, {
      method: firstLoadCalls.token.method,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ scope: TOKEN_SCOPE, ...fields }).toString(),
    });
  } catch {
    throw { status: 0 } satisfies TokenFailure;
  }
  const body = (await res.json().catch(() => ({}))) as Partial<TokenResponse> & {
    error?: string;
    error_description?: string;
  };
  if (!res.ok || !body.access_token) {
    throw {
      status: res.status,
      error: body.error,
      description: body.error_description,
    } satisfies TokenFailure;
  }
  await storeTokens(body as TokenResponse);
  return body as TokenResponse;
}

let refreshing: Promise<string | null> | null = null;

/** The Web Lock that tabs take turns on to refresh. */
export const REFRESH_LOCK = 'roomscale.token-refresh';

/**
 * A valid access token, refreshing when it has expired. Refresh tokens rotate on every use and
 * the server treats a second use as theft (it ends the session), so no two refreshes may ever
 * present the same token:
 * - within a tab, concurrent callers share one refresh;
 * - across tabs, a refresh runs under a Web Lock, and the tab that gets the lock first re-reads
 *   the tokens from the cross-tab copy: when another tab has just refreshed, it uses those.
 * Where the browser has no Web Locks (older browsers; pages not served over https or from
 * localhost), only the first rule holds.
 * Returns null when no token can be had (the refresh failed or there is no session); the
 * tokens are then cleared and `onSessionLost` listeners run.
 */
export async function accessToken(): Promise<string | null> {
  const t = readTokens();
  if (t && isAccessValid(t)) return t.accessToken;
  if (!t?.refreshToken) return null;
  refreshing ??= withRefreshLock(refreshOnce).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(REFRESH_LOCK, fn) as Promise<T>) : fn();
}

async function refreshOnce(): Promise<string | null> {
  // Another tab may have refreshed while this one waited for the lock.
  const t = await newestTokens();
  if (t && isAccessValid(t)) return t.accessToken;
  if (!t?.refreshToken) return null;
  try {
    return (await requestToken({ grant_type: 'refresh_token', refresh_token: t.refreshToken }))
      .access_token;
  } catch (e) {
    const failure = e as TokenFailure;
    // No answer, a rate limit or a server failure keeps the tokens: the next call may succeed.
    if (failure.status !== 0 && failure.status !== 429 && failure.status < 500) await loseSession();
    return null;
  }
}

/**
 * The server refused access token `token` (401): its session is over, ended elsewhere (a password
 * changed or reset, the sessions revoked) or expired. Unless a newer sign-in has replaced that
 * token meanwhile, the tokens are cleared and `onSessionLost` listeners run.
 */
export async function sessionRefused(token: string): Promise<void> {
  if (readTokens()?.accessToken === token) await loseSession();
}

async function loseSession() {
  await clearTokens();
  for (const l of lostListeners) l();
}

// The tokens removed in another tab (a logout there, or a refused refresh or token) end this
// tab's session too: its screens would otherwise stay signed in while every call fails.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if ((e.key === KEY || e.key === null) && e.oldValue !== e.newValue && !readTokens()) {
      for (const l of lostListeners) l();
    }
  });
}

const lostListeners = new Set<() => void>();
/**
 * Called when the session is lost (a refused refresh or token, the tokens removed by another tab)
 * and the user is logged out.
 */
export function onSessionLost(listener: () => void) {
  lostListeners.add(listener);
  return () => lostListeners.delete(listener);
}

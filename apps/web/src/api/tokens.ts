import { limits, TOKEN_SCOPE, type TokenResponse } from '@roomscale/shared';

/** Session tokens, remembered per browser in local storage (part1 §3). */
const KEY = 'roomscale.tokens';

export type StoredTokens = { accessToken: string; refreshToken: string; validUntil: number };

export function readTokens(): StoredTokens | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StoredTokens) : null;
  } catch {
    return null;
  }
}

export function storeTokens(t: TokenResponse, now = Date.now()) {
  const stored: StoredTokens = {
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    validUntil: now + t.expires_in * 1000,
  };
  localStorage.setItem(KEY, JSON.stringify(stored));
}

export function clearTokens() {
  localStorage.removeItem(KEY);
}

/** An access token counts as valid until its expiry minus the safety margin. */
export function isAccessValid(t: StoredTokens | null, now = Date.now()): boolean {
  return !!t && now < t.validUntil - limits.accessTokenSafetyMarginSeconds * 1000;
}

export type TokenFailure = { status: number; error?: string; description?: string };

/** POST /api/connect/token, form-encoded. Throws a TokenFailure when no token comes back. */
export async function requestToken(fields: Record<string, string>): Promise<TokenResponse> {
  let res: Response;
  try {
    res = await fetch('/api/connect/token', {
      method: 'POST',
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
  storeTokens(body as TokenResponse);
  return body as TokenResponse;
}

let refreshing: Promise<string | null> | null = null;

/**
 * A valid access token, refreshing when it has expired. Concurrent callers in this tab share one
 * refresh, and tabs take turns through a Web Lock: refresh tokens rotate on every use and the
 * server treats a second use as theft, so two tabs must never present the same one.
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
  return locks ? (locks.request('roomscale.token-refresh', fn) as Promise<T>) : fn();
}

async function refreshOnce(): Promise<string | null> {
  // Another tab may have refreshed while this one waited for the lock.
  const t = readTokens();
  if (t && isAccessValid(t)) return t.accessToken;
  if (!t?.refreshToken) return null;
  try {
    return (await requestToken({ grant_type: 'refresh_token', refresh_token: t.refreshToken }))
      .access_token;
  } catch (e) {
    const failure = e as TokenFailure;
    // A network failure keeps the tokens: the next call may succeed.
    if (failure.status !== 0) {
      clearTokens();
      for (const l of lostListeners) l();
    }
    return null;
  }
}

const lostListeners = new Set<() => void>();
/** Called when a refresh fails and the user is logged out. */
export function onSessionLost(listener: () => void) {
  lostListeners.add(listener);
  return () => lostListeners.delete(listener);
}

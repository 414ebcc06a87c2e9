// @vitest-environment happy-dom
import { authApi } from '@roomscale/shared/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredTokens } from './tokens.ts';
import { accessToken, isAccessValid, onSessionLost, readTokens, storeTokens } from './tokens.ts';

/**
 * The cross-tab copy of the tokens (IndexedDB in browsers; happy-dom has none): one Map every
 * "tab" of a test shares, or absent when `vault.present` is false.
 */
const vault = vi.hoisted(() => ({
  present: false,
  tokens: null as StoredTokens | null,
}));
vi.mock('./tokenVault.ts', () => ({
  readVault: async () => (vault.present ? vault.tokens : undefined),
  writeVault: async (t: StoredTokens | null) => {
    if (vault.present) vault.tokens = t;
  },
}));

/** A token answer, parsed with the contract's schema so it is one the server could send. */
const tokenReply = (n: number) =>
  authApi.token.schema.response[200].parse({
    access_token: `access-${n}`,
    refresh_token: `refresh-${n}`,
    expires_in: 900,
    id_token: 'id',
    scope: 'openid',
    token_type: 'Bearer',
  });

describe('token store', () => {
  beforeEach(() => {
    localStorage.clear();
    vault.present = false;
    vault.tokens = null;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('counts a token valid until 10 seconds before its expiry', () => {
    const now = 1_000_000;
    storeTokens(tokenReply(1), now);
    const t = readTokens()!;
    expect(isAccessValid(t, now + 889_000)).toBe(true);
    expect(isAccessValid(t, now + 890_000)).toBe(false);
  });

  it('shares one refresh between concurrent callers', async () => {
    storeTokens({ ...tokenReply(1), expires_in: 0 });
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify(tokenReply(2)), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const results = await Promise.all([accessToken(), accessToken(), accessToken()]);
    expect(results).toEqual(['access-2', 'access-2', 'access-2']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(readTokens()?.refreshToken).toBe('refresh-2');
  });

  it('logs out when the refresh is refused', async () => {
    storeTokens({ ...tokenReply(1), expires_in: 0 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400 })),
    );
    const lost = vi.fn();
    const off = onSessionLost(lost);
    expect(await accessToken()).toBeNull();
    expect(readTokens()).toBeNull();
    expect(lost).toHaveBeenCalledOnce();
    off();
  });

  it('keeps the tokens when the server cannot be reached', async () => {
    storeTokens({ ...tokenReply(1), expires_in: 0 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await accessToken()).toBeNull();
    expect(readTokens()?.refreshToken).toBe('refresh-1');
  });

  it('keeps the tokens when the refresh is rate limited or the server fails', async () => {
    for (const status of [429, 503]) {
      storeTokens({ ...tokenReply(1), expires_in: 0 });
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify({ error: 'slow_down' }), { status })),
      );
      const lost = vi.fn();
      const off = onSessionLost(lost);
      expect(await accessToken()).toBeNull();
      expect(readTokens()?.refreshToken).toBe('refresh-1');
      expect(lost).not.toHaveBeenCalled();
      off();
    }
  });
});

/**
 * The token endpoint as the server runs it: each refresh token works once, and presenting a
 * used one ends the session (every later refresh fails).
 */
function rotatingServer() {
  let current = 'refresh-1';
  let issued = 1;
  const server = {
    presented: [] as string[],
    sessionEnded: false,
    fetch: vi.fn(async (_url: string, init?: RequestInit) => {
      const token = new URLSearchParams(String(init?.body)).get('refresh_token') ?? '';
      server.presented.push(token);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (server.sessionEnded || token !== current) {
        server.sessionEnded = true;
        return new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400 });
      }
      issued += 1;
      current = `refresh-${issued}`;
      return new Response(JSON.stringify(tokenReply(issued)), { status: 200 });
    }),
  };
  return server;
}

/**
 * A Web Locks stand-in: one holder at a time, in request order. `afterRelease` runs between a
 * holder and the next, where a test can make the next tab's local storage lag behind, as
 * Chromium's does for a moment after another tab wrote it.
 */
function fakeLocks(afterRelease: () => void = () => {}) {
  let queue: Promise<unknown> = Promise.resolve();
  const request = vi.fn((_name: string, callback: () => Promise<unknown>) => {
    const run = queue.then(async () => {
      try {
        return await callback();
      } finally {
        afterRelease();
      }
    });
    queue = run.catch(() => undefined);
    return run;
  });
  return { request };
}

function useLocks(locks: { request: unknown } | undefined) {
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
}

/** A second copy of the token module: what another tab of the same browser runs. */
async function openTab(): Promise<typeof import('./tokens.ts')> {
  vi.resetModules();
  return import('./tokens.ts');
}

describe('refreshing in several tabs', () => {
  const expired = { ...tokenReply(1), expires_in: 0 };
  beforeEach(() => {
    localStorage.clear();
    vault.present = true;
    vault.tokens = null;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'locks');
  });

  it('with Web Locks, two tabs refreshing at once present the refresh token once', async () => {
    const server = rotatingServer();
    vi.stubGlobal('fetch', server.fetch);
    const stale = JSON.stringify({
      accessToken: 'access-1',
      refreshToken: 'refresh-1',
      validUntil: 0,
    });
    // At the hand-over the next tab's local storage still shows the spent token.
    let handedOver = false;
    const locks = fakeLocks(() => {
      if (!handedOver) localStorage.setItem('roomscale.tokens', stale);
      handedOver = true;
    });
    useLocks(locks);
    const [first, second] = [await openTab(), await openTab()];
    await first.storeTokens(expired);

    const results = await Promise.all([first.accessToken(), second.accessToken()]);

    expect(results).toEqual(['access-2', 'access-2']);
    expect(server.presented).toEqual(['refresh-1']);
    expect(server.sessionEnded).toBe(false);
    expect(locks.request).toHaveBeenCalledWith(first.REFRESH_LOCK, expect.any(Function));
    // The lagging tab caught up from the shared copy.
    expect(readTokens()?.refreshToken).toBe('refresh-2');
  });

  it('with Web Locks but no shared copy, tabs still take turns through local storage', async () => {
    vault.present = false;
    const server = rotatingServer();
    vi.stubGlobal('fetch', server.fetch);
    useLocks(fakeLocks());
    const [first, second] = [await openTab(), await openTab()];
    await first.storeTokens(expired);

    const results = await Promise.all([first.accessToken(), second.accessToken()]);

    expect(results).toEqual(['access-2', 'access-2']);
    expect(server.presented).toEqual(['refresh-1']);
  });

  it('without Web Locks, concurrent callers in one tab still share one refresh', async () => {
    useLocks(undefined);
    const server = rotatingServer();
    vi.stubGlobal('fetch', server.fetch);
    const tab = await openTab();
    await tab.storeTokens(expired);

    const results = await Promise.all([tab.accessToken(), tab.accessToken(), tab.accessToken()]);

    expect(results).toEqual(['access-2', 'access-2', 'access-2']);
    expect(server.presented).toEqual(['refresh-1']);
    expect(server.sessionEnded).toBe(false);
  });

  it('uses the newer local tokens when the shared copy is behind', async () => {
    const server = rotatingServer();
    vi.stubGlobal('fetch', server.fetch);
    useLocks(fakeLocks());
    const tab = await openTab();
    vault.tokens = { accessToken: 'access-0', refreshToken: 'refresh-0', validUntil: 1 };
    localStorage.setItem(
      'roomscale.tokens',
      JSON.stringify({ accessToken: 'access-1', refreshToken: 'refresh-1', validUntil: 2 }),
    );

    expect(await tab.accessToken()).toBe('access-2');
    expect(server.presented).toEqual(['refresh-1']);
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessToken, isAccessValid, onSessionLost, readTokens, storeTokens } from './tokens.ts';

const tokenReply = (n: number) => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  expires_in: 900,
  id_token: 'id',
  scope: 'openid',
  token_type: 'Bearer' as const,
});

describe('token store', () => {
  beforeEach(() => localStorage.clear());
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
});

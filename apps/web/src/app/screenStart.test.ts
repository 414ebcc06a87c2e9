// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf } from '../features/meetings/testing.ts';
import { mockApi, resetBrowser, storeValidTokens, teamFixture } from '../test/harness.tsx';
import { FilesHomePage, FilesLayout } from './lazyScreens.ts';
import { earlyStartAt, startScreen } from './screenStart.ts';

afterEach(resetBrowser);

describe('the screens a signed-in full load starts early, read from the route table', () => {
  it('the dashboard and the files home, with their first calls', () => {
    expect(earlyStartAt('/dashboard')?.calls).toBe('dashboard');
    expect(earlyStartAt('/dashboard/?tab=1')?.calls).toBe('dashboard');
    expect(earlyStartAt('/files')).toEqual({
      screens: [FilesLayout, FilesHomePage],
      calls: 'filesHome',
    });
  });

  it('no other screen, not even one inside the files layout', () => {
    for (const address of ['/', '/login', '/meetings', '/files/recent', '/files/team/f1', '/x']) {
      expect(earlyStartAt(address)).toBeUndefined();
    }
  });

  it('starts the dashboard’s calls into the cache it is given', async () => {
    const team = teamFixture();
    storeValidTokens();
    mockApi((_m, url) => ({ body: pageOf([], url.pathname.endsWith('/Meetings') ? 5 : 12) }));
    const cache = new QueryClient();
    startScreen(cache, '/dashboard', team.id);
    await vi.waitFor(() => expect(cache.getQueryCache().findAll()).toHaveLength(2));
    const keys = cache
      .getQueryCache()
      .findAll()
      .map((q) => q.queryKey.join('/'));
    expect(keys.every((k) => k.includes(team.id))).toBe(true);
  });
});

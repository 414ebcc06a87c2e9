import type { RouteObject } from 'react-router';
import { afterEach, beforeEach } from 'vitest';
import { type mockApi, resetBrowser, signedInBrowser, stubFonts } from '../../test/harness.tsx';
import { renderRouter } from '../../test/router.tsx';

/** What the admin screen tests share: their browser, their router and the calls they read. */

/**
 * Each test of an admin screen: a signed-in browser with fonts stubbed, then what else the file
 * needs (`more`); after it, what was rendered unmounted and the stubs put back.
 */
export function signedInAdminBrowser(more?: () => unknown) {
  beforeEach(async () => {
    await signedInBrowser();
    stubFonts();
    await more?.();
  });
  afterEach(() => {
    resetBrowser();
  });
}

/**
 * Renders `routes` at `url` in a data router (the edit pages guard unsaved changes with
 * useBlocker), with a catch-all route showing where a screen navigated to.
 */
export const renderRoutes = (routes: RouteObject[], url: string) =>
  renderRouter(routes, url, { probe: true });

type Fetch = ReturnType<typeof mockApi>;

/** The calls made, as method, path, query and parsed body. */
export const calls = (fetch: Fetch) =>
  fetch.mock.calls.map(([u, init]) => {
    const url = new URL(String(u), 'http://localhost');
    return {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
  });

/** The queries of the GET calls to a list (`path`), in order: its search, page and size. */
export const listQueries = (fetch: Fetch, path: string) =>
  calls(fetch)
    .filter((c) => c.path === path && c.method === 'GET')
    .map((c) => c.query);

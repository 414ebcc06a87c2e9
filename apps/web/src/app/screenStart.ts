import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { queryClient } from '../session/queryClient.ts';
import { session } from '../session/session.ts';
import { type AppRoute, appRoutes, type EarlyStart } from './routes.tsx';

/**
 * The route table as the router matches it (a child with path '' is its parent's index), each
 * route's handle its early start.
 */
const matchable = (r: AppRoute): RouteObject =>
  r.path === '' && !r.children
    ? { index: true, handle: r.early }
    : { path: r.path, children: r.children?.map(matchable), handle: r.early };
const table = appRoutes.map(matchable);

/** What the screen at `address` (path and query) starts early: its innermost route's `early`. */
export function earlyStartAt(address: string): EarlyStart | undefined {
  const matches = matchRoutes(table, new URL(address, 'http://x').pathname);
  return matches?.at(-1)?.route.handle as EarlyStart | undefined;
}

/**
 * Starts the code and the first calls of the screen at `address` for team `teamId`, when its
 * route says a signed-in full load usually lands there (routes.tsx, `early`).
 */
export function startScreen(client: QueryClient, address: string, teamId: string) {
  const early = earlyStartAt(address);
  if (!early) return;
  // The screen's code at once; its calls once their module has loaded.
  for (const screen of early.screens) screen.preload();
  const calls = early.calls;
  if (calls) {
    void import('./prefetch.ts')
      .then(({ prefetchCalls }) => prefetchCalls(calls, client, teamId))
      .catch(() => undefined);
  }
}

// Each screen whose team the session learns starts as soon as it is known: on a full load with a
// cached login (the session's first steps) and when team resolution picks the team. The session
// announces; the app, which knows the screens, starts them.
session.onTeamKnown(({ teamId, address, cache }) =>
  startScreen(cache ?? queryClient, address, teamId),
);

import { fileLimits, meetingLimits } from '@roomscale/shared';
import type { QueryClient } from '@tanstack/react-query';
import { landingRecentPageSize, latestFilesQuery } from '../features/files/api.ts';
import { dashboardMeetingParams, meetingsQuery } from '../features/meetings/api.ts';
import { preloadScreen, screenPath } from './lazyScreens.ts';

/**
 * What a screen asks for first, started as soon as the team is known (team resolution on a full
 * load) instead of once the screen's code has arrived and rendered: the calls and the code then
 * load side by side. Each query is the screen's own (same key and call), so the screen takes the
 * answer from the cache and nothing is asked for twice. These calls must wait for the team
 * resolution: every one of them is addressed to the team (its id is in the path).
 */
const screens: Record<string, (client: QueryClient, teamId: string) => unknown[]> = {
  '/dashboard': (client, teamId) => [
    client.prefetchQuery(
      meetingsQuery(teamId, dashboardMeetingParams, meetingLimits.dashboardPageSize),
    ),
    client.prefetchQuery(latestFilesQuery(teamId, fileLimits.dashboardPageSize)),
  ],
  '/files': (client, teamId) => [
    client.prefetchQuery(latestFilesQuery(teamId, landingRecentPageSize)),
  ],
};

/** Starts the code and the first calls of the screen at `target` (path and query) for a team. */
export function prefetchScreen(client: QueryClient, target: string, teamId: string) {
  const pathname = screenPath(target);
  preloadScreen(pathname);
  // A prefetch that fails is no failure: the screen asks again and shows its own error.
  for (const started of screens[pathname]?.(client, teamId) ?? []) {
    Promise.resolve(started).catch(() => undefined);
  }
}

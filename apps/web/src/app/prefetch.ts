import { fileLimits, meetingLimits } from '@roomscale/shared';
import type { QueryClient } from '@tanstack/react-query';
import { landingRecentPageSize, latestFilesQuery } from '../features/files/api.ts';
import { dashboardMeetingParams, meetingsQuery } from '../features/meetings/api.ts';

/**
 * What a screen asks for first, started as soon as the team is known (team resolution on a full
 * load) instead of once the screen's code has arrived and rendered: the calls and the code then
 * load side by side. Each query is the screen's own (same key and call), so the screen takes the
 * answer from the cache and nothing is asked for twice. These calls must wait for the team
 * resolution: every one of them is addressed to the team (its id is in the path). The route table
 * names which of these a route starts (routes.tsx, `early.calls`); this module loads on demand,
 * so the login page does not carry the screens' API modules.
 */
export const screenCalls = {
  dashboard: (client: QueryClient, teamId: string) => [
    client.prefetchQuery(
      meetingsQuery(teamId, dashboardMeetingParams, meetingLimits.dashboardPageSize),
    ),
    client.prefetchQuery(latestFilesQuery(teamId, fileLimits.dashboardPageSize)),
  ],
  filesHome: (client: QueryClient, teamId: string) => [
    client.prefetchQuery(latestFilesQuery(teamId, landingRecentPageSize)),
  ],
};

export type ScreenCalls = keyof typeof screenCalls;

/** Starts the first calls `name` of a screen for a team. */
export function prefetchCalls(name: ScreenCalls, client: QueryClient, teamId: string) {
  // A prefetch that fails is no failure: the screen asks again and shows its own error.
  for (const started of screenCalls[name](client, teamId)) {
    Promise.resolve(started).catch(() => undefined);
  }
}

import { limits } from '@roomscale/shared';
import { auditApi } from '@roomscale/shared/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const auditKeys = {
  all: ['audit'] as const,
  admin: (team: string, user: string, page: number, after?: string) =>
    ['audit', 'admin', team, user, page, after ?? ''] as const,
  team: (teamId: string, page: number, after?: string) =>
    ['audit', 'team', teamId, page, after ?? ''] as const,
};

/**
 * A page of every team's changes (super admins), optionally one team's or about one user; read
 * from `after` (the page before's `nextCursor`) when the page was reached by "next".
 */
export function useAdminAuditLog(filter: {
  team: string;
  user: string;
  page: number;
  after?: string;
}) {
  return useQuery({
    queryKey: auditKeys.admin(filter.team, filter.user, filter.page, filter.after),
    queryFn: ({ signal }) =>
      call(auditApi.list, {
        query: {
          OrganizationId: filter.team || undefined,
          UserId: filter.user || undefined,
          Page: filter.page,
          PageSize: limits.auditPageSize,
          After: filter.after,
        },
        signal,
      }),
    // The old page stays on screen (dimmed) while the next one loads: no jump to a skeleton.
    placeholderData: keepPreviousData,
  });
}

/** A page of one team's changes (its admins). */
export function useTeamAuditLog(teamId: string, page: number, after?: string) {
  return useQuery({
    queryKey: auditKeys.team(teamId, page, after),
    queryFn: ({ signal }) =>
      call(auditApi.team, {
        params: { organizationId: teamId },
        query: { Page: page, PageSize: limits.auditPageSize, After: after },
        signal,
      }),
    enabled: teamId !== '',
    placeholderData: keepPreviousData,
  });
}

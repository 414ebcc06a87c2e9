import { type AdminMembershipEdit, type AdminUserCreate, limits } from '@roomscale/shared';
import { adminApi } from '@roomscale/shared/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client.ts';
import { session } from '../../../session/session.ts';
import { userKeys } from '../users/api.ts';

export type PickedUser = { id: string; name: string; email: string };
export type PickedTeam = { id: string; name: string };

/** part1 §5: suggestions are the first 5 matches (page 1, size 5). */
const suggestionQuery = (search: string) => ({
  Filter: search,
  Page: 1,
  PageSize: limits.suggestionCount,
});

export function useUserSuggestions(search: string) {
  return useQuery({
    queryKey: ['admin', 'users', 'suggestions', search] as const,
    enabled: search !== '',
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<PickedUser[]> => {
      const page = await call(adminApi.listUsers, { query: suggestionQuery(search), signal });
      return page.results.map((u) => ({
        id: u.id,
        name: `${u.firstName} ${u.lastName}`,
        email: u.email,
      }));
    },
  });
}

export function useTeamSuggestions(search: string) {
  return useQuery({
    queryKey: ['admin', 'teams', 'suggestions', search] as const,
    enabled: search !== '',
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }): Promise<PickedTeam[]> => {
      const page = await call(adminApi.listOrganizations, {
        query: suggestionQuery(search),
        signal,
      });
      return page.results.map((o) => ({ id: o.id, name: o.name }));
    },
  });
}

/** The teams a user is in, to tell before saving that an added user is already a member. */
export function useUserTeamIds(userId: string | null) {
  return useQuery({
    queryKey: userKeys.one(userId ?? ''),
    enabled: userId !== null,
    queryFn: ({ signal }) => call(adminApi.getUser, { params: { userId: userId ?? '' }, signal }),
    select: (user) =>
      new Set(user.organizations.filter((o) => o.role !== 'None').map((o) => o.organization.id)),
  });
}

/** What the editor saves: a new user or team (from an 'add new' entry) is created first. */
export type MembershipSave = {
  user: PickedUser | { create: AdminUserCreate };
  team: PickedTeam | { create: string };
  body: Pick<AdminMembershipEdit, 'role' | 'licenseType'>;
};

/**
 * Saves a membership, creating the new user or team of an 'add new' entry first. `onCreated`
 * hears of each one made, so a retry after a failed membership call does not make it twice.
 */
export function useSaveMembership(hooks: {
  onUserCreated: (u: PickedUser) => void;
  onTeamCreated: (t: PickedTeam) => void;
}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ user, team, body }: MembershipSave) => {
      let u: PickedUser;
      if ('create' in user) {
        const row = await call(adminApi.createUser, { body: user.create });
        u = { id: row.id, name: `${row.firstName} ${row.lastName}`, email: row.email };
        hooks.onUserCreated(u);
      } else u = user;
      let t: PickedTeam;
      if ('create' in team) {
        const created = await call(adminApi.createOrganization, { body: { name: team.create } });
        t = { id: created.id, name: team.create.trim() };
        hooks.onTeamCreated(t);
      } else t = team;
      await call(adminApi.editMembership, {
        params: { organizationId: t.id, userId: u.id },
        body: { organizationId: t.id, userId: u.id, ...body },
      });
      return { user: u, team: t };
    },
    // Also after a failure: a user or team may have been created before the membership call.
    onSettled: (result, _error, { user, team }) => {
      const userId = result?.user.id ?? ('id' in user ? user.id : null);
      const teamId = result?.team.id ?? ('id' in team ? team.id : null);
      return Promise.all([
        userId ? client.invalidateQueries({ queryKey: userKeys.one(userId) }) : undefined,
        // User lists (team counts), team lists and team pages (members), the overview counts.
        client.invalidateQueries({ queryKey: userKeys.lists }),
        client.invalidateQueries({ queryKey: ['admin', 'teams'] }),
        client.invalidateQueries({ queryKey: userKeys.overview }),
        teamId ? client.invalidateQueries({ queryKey: ['teamUsers', teamId] }) : undefined,
        userId ? reloadMyTeams(client, userId) : undefined,
      ]);
    },
  });
}

/** A super admin changing their own membership: the user menu's team list follows. */
function reloadMyTeams(client: ReturnType<typeof useQueryClient>, userId: string) {
  if (session.get().user?.id !== userId) return undefined;
  return client.invalidateQueries({ queryKey: ['me', 'organizations'] });
}

/** Removing a user from a team is role None with license None (part1 §4). */
export function useRemoveMembership() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, teamId }: { userId: string; teamId: string }) =>
      call(adminApi.editMembership, {
        params: { organizationId: teamId, userId },
        body: { organizationId: teamId, userId, role: 'None', licenseType: 'None' },
      }),
    onSuccess: (_, { userId, teamId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: userKeys.one(userId) }),
        client.invalidateQueries({ queryKey: userKeys.lists }),
        client.invalidateQueries({ queryKey: ['admin', 'teams'] }),
        client.invalidateQueries({ queryKey: ['teamUsers', teamId] }),
        reloadMyTeams(client, userId),
      ]),
  });
}

import type { Membership, Organization } from '@roomscale/shared';
import { ApiError } from '../../api/client.ts';
import { withTarget } from '../auth/targetRoute.ts';

/** What team resolution does next (part1 §4 "Organization resolve"). */
export type ResolveOutcome =
  | { kind: 'login'; to: string }
  | { kind: 'go'; to: string }
  | { kind: 'register'; to: string }
  | { kind: 'select'; team: Membership; to: string }
  | { kind: 'create'; to: string };

/**
 * Step 3 of team resolution: the team remembered for this user while they are still a member,
 * else the first team, else team creation.
 */
export function pickTeam(
  teams: readonly Membership[],
  rememberedTeamId: string | null,
  target: string,
): ResolveOutcome {
  const remembered = rememberedTeamId ? teams.find((t) => t.id === rememberedTeamId) : undefined;
  const team = remembered ?? teams[0];
  if (team) return { kind: 'select', team, to: target };
  // An invitation link opens without a team: accepting it gives the first one.
  if (target.startsWith('/invitation?')) return { kind: 'go', to: target };
  return { kind: 'create', to: withTarget('/organization/create', target) };
}

export type ResolveDeps = {
  /** Cached login; false when there is no session. */
  ensure: () => Promise<boolean>;
  currentTeam: () => Membership | null;
  currentUserId: () => string | null;
  loadTeams: () => Promise<Membership[]>;
  rememberedTeamId: (userId: string) => string | null;
};

/**
 * Team resolution, steps 1 to 4. A team already selected goes straight to the target; a user
 * without an app account (the teams call finds no user) goes to registration. Other failures of
 * the teams call are thrown for the screen to show.
 */
export async function resolveOrganization(
  deps: ResolveDeps,
  target: string,
): Promise<ResolveOutcome> {
  if (!(await deps.ensure())) return { kind: 'login', to: withTarget('/login', target) };
  if (deps.currentTeam()) return { kind: 'go', to: target };
  const userId = deps.currentUserId();
  if (!userId) return { kind: 'register', to: '/user/register' };
  let teams: Membership[];
  try {
    teams = await deps.loadTeams();
  } catch (e) {
    if (e instanceof ApiError && e.status === 404)
      return { kind: 'register', to: '/user/register' };
    throw e;
  }
  return pickTeam(teams, deps.rememberedTeamId(userId), target);
}

/** The caller's membership of a team it has just registered: its creator is Admin on Trial. */
export function creatorMembership(org: Organization): Membership {
  return {
    id: org.id ?? org.organizationId,
    name: org.name,
    role: 'Admin',
    licenseType: 'Trial',
    companyName: org.companyName,
    industry: org.industry,
    imageUpdated: org.imageUpdated,
    samlLoginProviderId: org.samlLoginProviderId,
    samlLoginDisplayName: org.samlLoginDisplayName,
  };
}

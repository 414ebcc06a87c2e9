import type { Membership, Organization } from '@roomscale/shared';
import { ApiError } from '../../api/client.ts';
import { DEFAULT_TARGET, withTarget } from '../auth/targetRoute.ts';

/** What team resolution does next (part1 §4 "Organization resolve"). */
export type ResolveOutcome =
  | { kind: 'login'; to: string }
  | { kind: 'go'; to: string }
  | { kind: 'register'; to: string }
  | { kind: 'select'; team: Membership; to: string }
  | { kind: 'create'; to: string };

/** The admin area, which needs no team (part1 §2). */
export const ADMIN_HOME = '/admin';
const isAdminPage = (target: string) => /^\/admin(?:[/?#]|$)/.test(target);

/**
 * Step 3 of team resolution: the team remembered for this user while they are still a member,
 * else the first team, else team creation. A super admin without a team goes on to the admin
 * area, which needs none (part1 §2): to the admin page asked for, or to /admin when no page was
 * asked for (the default target); a team's page they asked for still leads to team creation,
 * which offers the way to the admin area.
 */
export function pickTeam(
  teams: readonly Membership[],
  rememberedTeamId: string | null,
  target: string,
  superAdmin = false,
): ResolveOutcome {
  const remembered = rememberedTeamId ? teams.find((t) => t.id === rememberedTeamId) : undefined;
  const team = remembered ?? teams[0];
  if (team) return { kind: 'select', team, to: target };
  // An invitation link opens without a team: accepting it gives the first one.
  if (target.startsWith('/invitation?')) return { kind: 'go', to: target };
  if (superAdmin && isAdminPage(target)) return { kind: 'go', to: target };
  if (superAdmin && target === DEFAULT_TARGET) return { kind: 'go', to: ADMIN_HOME };
  return { kind: 'create', to: withTarget('/organization/create', target) };
}

export type ResolveDeps = {
  /** Cached login; false when there is no session. */
  ensure: () => Promise<boolean>;
  currentTeam: () => Membership | null;
  currentUserId: () => string | null;
  /** Whether the signed-in user is a super admin. */
  isSuperAdmin: () => boolean;
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
  return pickTeam(teams, deps.rememberedTeamId(userId), target, deps.isSuperAdmin());
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

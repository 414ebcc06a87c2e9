import type { Me, Membership, Role } from '@roomscale/shared';

/** What a route needs and shows (part1 §2). The route table gives every route one of these. */
export type RouteFlags = {
  /** Page title: `pageTitle(title)`; none gives 'Roomscale Dashboard'. */
  title?: string;
  loginNeeded: boolean;
  teamRequired: boolean;
  navbar: boolean;
  footer: boolean;
  /** Only for super admins. */
  superAdmin?: boolean;
  /** Only when the current team's license type is License. */
  licenseRequired?: boolean;
  /** Only for users with this role in the current team. */
  teamRole?: Role;
  /**
   * The app-user and avatar checks apply to every login route except the screens that fix them
   * (user/register, create-avatar) and team resolution/creation, which come first in onboarding.
   */
  appUserRequired?: boolean;
  avatarRequired?: boolean;
};

/** What the guard reads from the session. */
export type GuardSession = {
  loggedIn: boolean;
  /** Logged out on purpose: the login link carries no page to return to. */
  loggedOut?: boolean;
  /** Null while logged in: the app user is missing. */
  user: Pick<Me, 'superAdmin' | 'readyPlayerMeAvatar'> | null;
  team: Pick<Membership, 'role' | 'licenseType'> | null;
};

export type DeniedReason = 'superAdmin' | 'license' | 'teamRole';

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /**
   * Denied: the route exists but is not for this user. The page says so in place, with a link to
   * `to` (/dashboard, always open to a signed-in team member); a silent redirect would look like
   * a broken link.
   */
  | { kind: 'denied'; reason: DeniedReason; to: string };

export const DENIED_REDIRECT = '/dashboard';

/** `path?targetRoute=<target>`, the form every screen reads back. */
export const withTargetRoute = (path: string, target: string) =>
  `${path}?${new URLSearchParams({ targetRoute: target }).toString()}`;

/**
 * The route guard of part1 §4, in its order. Runs after the cached login; `target` is the current
 * path and query, where the user returns once the redirect is resolved.
 */
export function guardDecision(flags: RouteFlags, s: GuardSession, target: string): GuardDecision {
  if (!flags.loginNeeded) return { kind: 'allow' };
  if (!s.loggedIn) {
    return { kind: 'redirect', to: s.loggedOut ? '/login' : withTargetRoute('/login', target) };
  }
  if (flags.teamRequired && !s.team) {
    return { kind: 'redirect', to: withTargetRoute('/organization/resolve', target) };
  }
  if ((flags.appUserRequired ?? true) && !s.user) return { kind: 'redirect', to: '/user/register' };
  if ((flags.avatarRequired ?? true) && s.user && !s.user.readyPlayerMeAvatar?.trim()) {
    return { kind: 'redirect', to: withTargetRoute('/create-avatar', target) };
  }
  if (flags.superAdmin && !s.user?.superAdmin) {
    return { kind: 'denied', reason: 'superAdmin', to: DENIED_REDIRECT };
  }
  if (flags.licenseRequired && s.team?.licenseType !== 'License') {
    return { kind: 'denied', reason: 'license', to: DENIED_REDIRECT };
  }
  if (flags.teamRole && s.team?.role !== flags.teamRole) {
    return { kind: 'denied', reason: 'teamRole', to: DENIED_REDIRECT };
  }
  return { kind: 'allow' };
}

import { describe, expect, it } from 'vitest';
import { type GuardSession, guardDecision, type RouteFlags, withTargetRoute } from './guard.ts';

const inTeam: RouteFlags = { loginNeeded: true, teamRequired: true, navbar: true, footer: true };
const signedIn: RouteFlags = { ...inTeam, teamRequired: false };
const member: GuardSession = {
  loggedIn: true,
  user: { superAdmin: false, readyPlayerMeAvatar: 'https://example.com/me.glb' },
  team: { role: 'User', licenseType: 'License' },
};
const target = '/files/team?sort=name';

describe('guardDecision (part1 §4)', () => {
  it('lets anyone through a public route, signed in or not', () => {
    const open: RouteFlags = {
      loginNeeded: false,
      teamRequired: false,
      navbar: false,
      footer: false,
    };
    expect(guardDecision(open, { loggedIn: false, user: null, team: null }, target)).toEqual({
      kind: 'allow',
    });
  });

  it('sends a signed-out user to login, carrying path and query as the target route', () => {
    const d = guardDecision(inTeam, { loggedIn: false, user: null, team: null }, target);
    expect(d).toEqual({ kind: 'redirect', to: '/login?targetRoute=%2Ffiles%2Fteam%3Fsort%3Dname' });
    if (d.kind !== 'redirect') throw new Error('expected a redirect');
    expect(new URL(d.to, 'http://x').searchParams.get('targetRoute')).toBe(target);
  });

  it('sends a user who logged out to a plain login, remembering no page', () => {
    const d = guardDecision(
      inTeam,
      { loggedIn: false, loggedOut: true, user: null, team: null },
      target,
    );
    expect(d).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('checks login before anything else', () => {
    const d = guardDecision({ ...inTeam, superAdmin: true }, { ...member, loggedIn: false }, '/x');
    expect(d).toMatchObject({ kind: 'redirect', to: '/login?targetRoute=%2Fx' });
  });

  it('sends a user without a current team to team resolution', () => {
    expect(guardDecision(inTeam, { ...member, team: null }, '/dashboard')).toEqual({
      kind: 'redirect',
      to: '/organization/resolve?targetRoute=%2Fdashboard',
    });
  });

  it('does not need a team where the route does not require one', () => {
    expect(guardDecision(signedIn, { ...member, team: null }, '/downloads')).toEqual({
      kind: 'allow',
    });
  });

  it('checks the team before the app user', () => {
    const d = guardDecision(inTeam, { loggedIn: true, user: null, team: null }, '/dashboard');
    expect(d).toMatchObject({ to: '/organization/resolve?targetRoute=%2Fdashboard' });
  });

  it('sends a signed-in user without an app user to /user/register', () => {
    expect(guardDecision(signedIn, { ...member, user: null }, '/downloads')).toEqual({
      kind: 'redirect',
      to: '/user/register',
    });
    // …except on the screen that fixes it.
    expect(
      guardDecision(
        { ...signedIn, appUserRequired: false, avatarRequired: false },
        { ...member, user: null },
        '/user/register',
      ),
    ).toEqual({ kind: 'allow' });
  });

  it('sends a user without an avatar to create one, and back afterwards', () => {
    for (const readyPlayerMeAvatar of [null, '', '  ']) {
      const s = { ...member, user: { superAdmin: false, readyPlayerMeAvatar } };
      expect(guardDecision(inTeam, s, target)).toEqual({
        kind: 'redirect',
        to: withTargetRoute('/create-avatar', target),
      });
      expect(guardDecision({ ...inTeam, avatarRequired: false }, s, target)).toEqual({
        kind: 'allow',
      });
    }
  });

  it('denies a super-admin route to others and allows it to super admins', () => {
    const admin = { ...signedIn, superAdmin: true };
    expect(guardDecision(admin, member, '/admin')).toEqual({
      kind: 'denied',
      reason: 'superAdmin',
      to: '/dashboard',
    });
    const sa = { ...member, user: { ...member.user!, superAdmin: true } };
    expect(guardDecision(admin, sa, '/admin')).toEqual({ kind: 'allow' });
    expect(guardDecision(admin, { ...sa, team: null }, '/admin')).toEqual({ kind: 'allow' });
  });

  it('denies a license route unless the current team is licensed', () => {
    const licensed = { ...inTeam, licenseRequired: true };
    expect(guardDecision(licensed, member, '/x')).toEqual({ kind: 'allow' });
    for (const licenseType of ['Trial', 'None'] as const) {
      expect(
        guardDecision(licensed, { ...member, team: { role: 'Admin', licenseType } }, '/x'),
      ).toEqual({ kind: 'denied', reason: 'license', to: '/dashboard' });
    }
  });

  it('opens a route with a team role only to users with that role', () => {
    const adminOnly = { ...inTeam, teamRole: 'Admin' as const };
    expect(guardDecision(adminOnly, member, '/team/details')).toEqual({
      kind: 'denied',
      reason: 'teamRole',
      to: '/dashboard',
    });
    const teamAdmin = {
      ...member,
      team: { role: 'Admin' as const, licenseType: 'Trial' as const },
    };
    expect(guardDecision(adminOnly, teamAdmin, '/team/details')).toEqual({ kind: 'allow' });
    // Without a required role the route is open to any role.
    expect(guardDecision(inTeam, teamAdmin, '/x')).toEqual({ kind: 'allow' });
  });

  it('checks super admin, then license, then role', () => {
    const all = { ...inTeam, superAdmin: true, licenseRequired: true, teamRole: 'Admin' as const };
    const s = { ...member, team: { role: 'User' as const, licenseType: 'Trial' as const } };
    expect(guardDecision(all, s, '/x')).toMatchObject({ reason: 'superAdmin' });
    const sa = { ...s, user: { ...s.user!, superAdmin: true } };
    expect(guardDecision(all, sa, '/x')).toMatchObject({ reason: 'license' });
    const licensed = { ...sa, team: { role: 'User' as const, licenseType: 'License' as const } };
    expect(guardDecision(all, licensed, '/x')).toMatchObject({ reason: 'teamRole' });
  });
});

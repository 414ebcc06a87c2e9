import type { Membership, Organization } from '@roomscale/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import {
  creatorMembership,
  pickTeam,
  type ResolveDeps,
  resolveOrganization,
} from './resolveTeam.ts';

const team = (id: string, name = id): Membership => ({
  id,
  name,
  role: 'User',
  licenseType: 'License',
  companyName: null,
  industry: null,
  imageUpdated: null,
  samlLoginProviderId: null,
  samlLoginDisplayName: null,
});
const a = team('11111111-1111-4111-8111-111111111111', 'Alpha');
const b = team('22222222-2222-4222-8222-222222222222', 'Beta');

describe('pickTeam', () => {
  it('opens an invitation link without a team, so a teamless person can accept it', () => {
    expect(pickTeam([], null, '/invitation?token=abc')).toEqual({
      kind: 'go',
      to: '/invitation?token=abc',
    });
    expect(pickTeam([], null, '/rooms')).toMatchObject({ kind: 'create' });
  });

  it('takes the remembered team when the user is still a member', () => {
    expect(pickTeam([a, b], b.id, '/rooms')).toEqual({ kind: 'select', team: b, to: '/rooms' });
  });

  it('falls back to the first team when the remembered one is gone', () => {
    expect(pickTeam([a, b], 'gone', '/dashboard')).toEqual({
      kind: 'select',
      team: a,
      to: '/dashboard',
    });
  });

  it('takes the first team when none is remembered', () => {
    expect(pickTeam([b, a], null, '/dashboard')).toMatchObject({ kind: 'select', team: b });
  });

  it('sends a user without teams to team creation, keeping the target', () => {
    expect(pickTeam([], a.id, '/files/team?x=1')).toEqual({
      kind: 'create',
      to: '/organization/create?targetRoute=%2Ffiles%2Fteam%3Fx%3D1',
    });
  });

  it('sends a super admin without a team to the admin page asked for, or to /admin', () => {
    expect(pickTeam([], null, '/admin/users?page=2', true)).toEqual({
      kind: 'go',
      to: '/admin/users?page=2',
    });
    expect(pickTeam([], null, '/admin', true)).toEqual({ kind: 'go', to: '/admin' });
    // No page asked for: the default target is the dashboard, which needs a team.
    expect(pickTeam([], null, '/dashboard', true)).toEqual({ kind: 'go', to: '/admin' });
    // A team's page asked for: team creation, which offers the admin area too.
    expect(pickTeam([], null, '/rooms', true)).toEqual({
      kind: 'create',
      to: '/organization/create?targetRoute=%2Frooms',
    });
    // Not an admin page, however it starts; and a super admin with a team just gets it.
    expect(pickTeam([], null, '/administrator', true)).toMatchObject({ kind: 'create' });
    expect(pickTeam([a], null, '/admin/users', true)).toEqual({
      kind: 'select',
      team: a,
      to: '/admin/users',
    });
  });

  it('sends anyone else without a team to team creation, even for an admin page', () => {
    expect(pickTeam([], null, '/admin/users')).toMatchObject({ kind: 'create' });
    expect(pickTeam([], null, '/dashboard')).toMatchObject({ kind: 'create' });
  });
});

function deps(over: Partial<ResolveDeps> = {}): ResolveDeps {
  return {
    ensure: async () => true,
    currentTeam: () => null,
    currentUserId: () => 'user-1',
    isSuperAdmin: () => false,
    loadTeams: async () => [a, b],
    rememberedTeamId: () => null,
    ...over,
  };
}

describe('resolveOrganization', () => {
  it('sends a visitor without a session to login with the target', async () => {
    const loadTeams = vi.fn();
    const out = await resolveOrganization(deps({ ensure: async () => false, loadTeams }), '/rooms');
    expect(out).toEqual({ kind: 'login', to: '/login?targetRoute=%2Frooms' });
    expect(loadTeams).not.toHaveBeenCalled();
  });

  it('goes straight to the target when a team is already selected (step 1)', async () => {
    const loadTeams = vi.fn();
    const out = await resolveOrganization(deps({ currentTeam: () => a, loadTeams }), '/meetings');
    expect(out).toEqual({ kind: 'go', to: '/meetings' });
    expect(loadTeams).not.toHaveBeenCalled();
  });

  it('uses the team remembered for this user (step 3)', async () => {
    const remembered = vi.fn(() => b.id);
    const out = await resolveOrganization(deps({ rememberedTeamId: remembered }), '/dashboard');
    expect(out).toEqual({ kind: 'select', team: b, to: '/dashboard' });
    expect(remembered).toHaveBeenCalledWith('user-1');
  });

  it('sends a user with no teams to team creation', async () => {
    const out = await resolveOrganization(deps({ loadTeams: async () => [] }), '/dashboard');
    expect(out).toEqual({
      kind: 'create',
      to: '/organization/create?targetRoute=%2Fdashboard',
    });
  });

  it('sends a super admin with no teams on to the admin area', async () => {
    const out = await resolveOrganization(
      deps({ loadTeams: async () => [], isSuperAdmin: () => true }),
      '/admin/users',
    );
    expect(out).toEqual({ kind: 'go', to: '/admin/users' });
  });

  it('sends an unregistered user to registration (step 2)', async () => {
    const missing = await resolveOrganization(deps({ currentUserId: () => null }), '/dashboard');
    expect(missing).toEqual({ kind: 'register', to: '/user/register' });
    const notFound = await resolveOrganization(
      deps({
        loadTeams: async () => {
          throw new ApiError(404, null);
        },
      }),
      '/dashboard',
    );
    expect(notFound).toEqual({ kind: 'register', to: '/user/register' });
  });

  it('lets other failures of the teams call through for the screen to show', async () => {
    const failing = deps({
      loadTeams: async () => {
        throw new ApiError(0, null);
      },
    });
    await expect(resolveOrganization(failing, '/dashboard')).rejects.toMatchObject({ status: 0 });
  });
});

describe('creatorMembership', () => {
  it('makes the creator an Admin of a Trial team', () => {
    const org: Organization = {
      id: a.id,
      organizationId: a.id,
      name: 'New team',
      companyName: 'Acme',
      industry: 'Media',
      imageUpdated: null,
      samlLoginProviderId: null,
      samlLoginDisplayName: null,
    };
    expect(creatorMembership(org)).toEqual({
      id: a.id,
      name: 'New team',
      role: 'Admin',
      licenseType: 'Trial',
      companyName: 'Acme',
      industry: 'Media',
      imageUpdated: null,
      samlLoginProviderId: null,
      samlLoginDisplayName: null,
    });
  });
});

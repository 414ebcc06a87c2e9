// @vitest-environment happy-dom
import { type TeamUser, teamTexts } from '@roomscale/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  meFixture,
  mockApi,
  renderScreen,
  resetBrowser,
  signedInMember,
  teamFixture,
} from '../../test/harness.tsx';
import { teamUserFixture, teamUserListFixture } from '../team/fixtures.ts';
import { TeamUsersPage } from '../team/TeamUsersPage.tsx';

const me = meFixture();
const lastWeek = new Date(Date.now() - 8 * 86_400_000).toISOString();

// Members on a paid license, as the 'Licensed, not in VR' filter is about them.
const user = (n: number, overrides: Partial<TeamUser> = {}) =>
  teamUserFixture(n, { licenseType: 'License', ...overrides });
const list = (users: TeamUser[]) =>
  teamUserListFixture(users, { licenseCount: 5, licensesInUse: users.length });

const as = (role: 'Admin' | 'User') => signedInMember(teamFixture({ role }), me);
afterEach(() => resetBrowser());

describe("the team users' 'Last in VR'", () => {
  beforeEach(() => as('Admin'));

  it('shows each member’s last time in VR to admins, and filters the licensed ones not in VR for 30 days', async () => {
    const fetch = mockApi((_, url) => ({
      body:
        url.searchParams.get('LicensedNotInVr') === 'true'
          ? list([user(2, { lastInVrAt: null })])
          : list([user(1, { lastInVrAt: lastWeek }), user(2, { lastInVrAt: null })]),
    }));
    renderScreen('/team/users', '/team/users', <TeamUsersPage />);
    const row = await screen.findByRole('listitem', { name: 'Grace Hopper 1' });
    expect(within(row).getByText('Last in VR: last week')).toHaveAttribute('title');
    expect(
      within(screen.getByRole('listitem', { name: 'Grace Hopper 2' })).getByText('Never in VR'),
    ).toBeVisible();

    fireEvent.click(screen.getByRole('switch', { name: /Licensed, not in VR for 30 days/ }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Grace Hopper 1' })).toBeNull(),
    );
    const last = new URL(String(fetch.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(last.searchParams.get('LicensedNotInVr')).toBe('true');
    // The counter beside the licenses counts the filtered members, not the team's.
    const counters = screen.getByRole('region', { name: teamTexts.users.counters.label });
    expect(within(counters).queryByText(teamTexts.users.counters.members)).toBeNull();
    expect(within(counters).getByText('Licensed, not in VR for 30 days')).toBeVisible();
    expect(within(counters).getByText('1')).toBeVisible();
  });
});

describe("a member's own 'Last in VR'", () => {
  beforeEach(() => as('User'));

  it('shows only their own and offers no filter', async () => {
    mockApi(() => ({
      body: list([
        user(1, { id: me.id, firstName: 'Ada', lastName: 'Lovelace', lastInVrAt: lastWeek }),
        user(2, { lastInVrAt: null }),
      ]),
    }));
    renderScreen('/team/users', '/team/users', <TeamUsersPage />);
    const own = await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    expect(within(own).getByText('Last in VR: last week')).toBeVisible();
    const other = screen.getByRole('listitem', { name: 'Grace Hopper 2' });
    expect(within(other).queryByText(/VR/)).toBeNull();
    expect(screen.queryByRole('switch', { name: /not in VR/ })).toBeNull();
  });
});

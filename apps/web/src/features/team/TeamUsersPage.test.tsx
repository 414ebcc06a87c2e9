// @vitest-environment happy-dom
import { ModalsProvider } from '@mantine/modals';
import { screenMessages, type TeamUser } from '@roomscale/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../session/session.ts';
import {
  meFixture,
  mockApi,
  renderScreen,
  resetBrowser,
  signedInMember,
  teamFixture,
} from '../../test/harness.tsx';
import { TrialNotice } from '../shell/TrialNotice.tsx';
import { teamUserFixture, teamUserListFixture } from './fixtures.ts';
import { TeamUsersPage } from './TeamUsersPage.tsx';

const me = meFixture();
const adminTeam = teamFixture({ role: 'Admin' });
const usersPath = `/api/Organizations/${adminTeam.id}/Users`;

let seq = 0;
const userFixture = (overrides: Partial<TeamUser> = {}) => teamUserFixture(++seq, overrides);

const self = () =>
  userFixture({
    id: me.id,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: me.email,
    role: 'Admin',
  });
const list = teamUserListFixture;

type Problem = { status: number; body: unknown };
const fieldProblem = (field: string, message: string): Problem => ({
  status: 400,
  body: {
    type: 'about:blank',
    title: 'Bad Request',
    status: 400,
    detail: 'Validation failed',
    errors: { [field]: [message] },
  },
});

function render(url = '/team/users') {
  return renderScreen(
    '/team/users',
    url,
    <ModalsProvider>
      <TeamUsersPage />
    </ModalsProvider>,
  );
}

const calls = (fetch: ReturnType<typeof mockApi>, method: string) =>
  fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit | undefined)?.body)) as Record<string, unknown>;
const row = (name: string) => screen.getByRole('listitem', { name });

beforeEach(() => signedInMember(adminTeam, me));
afterEach(() => {
  resetBrowser();
});

describe('TeamUsersPage', () => {
  it('lists the users with their badges and counters, and asks for other pages of 50', async () => {
    const fetch = mockApi((_m, url) => {
      const page = Number(url.searchParams.get('Page'));
      return {
        body: list(
          page === 1
            ? [
                self(),
                userFixture({
                  firstName: 'Katherine',
                  lastName: 'Johnson',
                  position: 'Engineer',
                  userActivated: false,
                  licenseType: 'License',
                  hasOculusLogin: true,
                }),
              ]
            : [userFixture({ firstName: 'Page', lastName: 'Two' })],
          { page, pageCount: 6, licenseCount: 3, licensesInUse: 1 },
        ),
      };
    });
    render();
    const katherine = await screen.findByRole('listitem', { name: 'Katherine Johnson' });
    expect(within(katherine).getByText('Engineer')).toBeVisible();
    expect(within(katherine).getByText('Invitation sent')).toBeVisible();
    expect(within(katherine).getByText('License')).toBeVisible();
    expect(within(katherine).getByText('Meta')).toBeVisible();
    const ada = row('Ada Lovelace');
    expect(within(ada).getByText('Admin')).toBeVisible();
    expect(within(ada).getByText('Trial')).toBeVisible();
    expect(within(ada).getByText('You')).toBeVisible();
    expect(within(ada).queryByText('Invitation sent')).toBeNull();

    expect(screen.getByTestId('counter-Licenses in use').textContent).toBe('1 / 3');
    expect(screen.getByTestId('counter-Team members').textContent).toBe('300');
    expect(screen.getByRole('link', { name: 'Buy licenses' }).getAttribute('href')).toBe(
      '/team/subscription',
    );
    const first = new URL(String(fetch.mock.calls[0]?.[0]), 'http://localhost');
    expect(first.pathname).toBe(usersPath);
    expect(Object.fromEntries(first.searchParams)).toEqual({
      Filter: '',
      Page: '1',
      PageSize: '50',
    });

    // 4 page links with boundary links (part2 §9).
    const pager = screen.getByRole('navigation', { name: 'Team user pages' });
    expect(within(pager).getAllByRole('button', { name: /^Page \d$/ })).toHaveLength(4);
    expect(within(pager).getByRole('button', { name: 'Last page' })).toBeVisible();
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('listitem', { name: 'Page Two' })).toBeVisible();
    const last = new URL(String(fetch.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(last.searchParams.get('Page')).toBe('2');
  });

  it('opens the page the address names, so a reload or a link keeps it', async () => {
    const fetch = mockApi((_m, url) => {
      const page = Number(url.searchParams.get('Page'));
      return {
        body: list([userFixture({ firstName: 'Page', lastName: `No ${page}` })], {
          page,
          pageCount: 6,
        }),
      };
    });
    render('/team/users?page=3');
    expect(await screen.findByRole('listitem', { name: 'Page No 3' })).toBeVisible();
    const first = new URL(String(fetch.mock.calls[0]?.[0]), 'http://localhost');
    expect(first.searchParams.get('Page')).toBe('3');
    const pager = screen.getByRole('navigation', { name: 'Team user pages' });
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows a failed load and tries again', async () => {
    let n = 0;
    mockApi(() => {
      n += 1;
      return n === 1 ? { status: 503 } : { body: list([self()]) };
    });
    render();
    expect(await screen.findByText('The team users could not be loaded.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Ada Lovelace' })).toBeVisible();
  });

  it('an admin adds a user: the PUT body with the defaults, then the invitation message', async () => {
    const fetch = mockApi((method, _url, body) =>
      method === 'PUT'
        ? { body: userFixture({ ...(body as Partial<TeamUser>), userActivated: false }) }
        : { body: list([self()]) },
    );
    render();
    await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const form = row('New user');
    // New users start as User with a Trial license (part2 §4).
    expect((within(form).getByRole('switch', { name: 'Admin' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(
      (within(form).getByRole('switch', { name: 'License' }) as HTMLInputElement).checked,
    ).toBe(false);
    // No SAML login provider: no SSO options.
    expect(within(form).queryByRole('switch', { name: 'Single sign-on' })).toBeNull();

    fireEvent.input(within(form).getByLabelText(/First name/), { target: { value: 'Mary' } });
    fireEvent.input(within(form).getByLabelText(/Last name/), { target: { value: 'Jackson' } });
    fireEvent.input(within(form).getByLabelText(/Email/), {
      target: { value: 'Mary@Example.com' },
    });
    fireEvent.input(within(form).getByLabelText(/Position/), { target: { value: 'Analyst' } });
    fireEvent.click(within(form).getByRole('switch', { name: 'Admin' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save user' }));

    expect(await screen.findByText('User has been invited.')).toBeVisible();
    expect(screen.getByText('Success')).toBeVisible();
    expect(bodyOf(calls(fetch, 'PUT')[0])).toEqual({
      email: 'mary@example.com',
      firstName: 'Mary',
      lastName: 'Jackson',
      position: 'Analyst',
      role: 'Admin',
      licenseType: 'Trial',
      assignRoomscalePassword: true,
      assignSso: false,
    });
    expect(screen.queryByRole('listitem', { name: 'New user' })).toBeNull();
    // The list reloads after the change.
    await waitFor(() => expect(calls(fetch, 'GET').length).toBeGreaterThan(1));
  });

  it('checks the fields before calling: email required and valid, position max 50', async () => {
    const fetch = mockApi(() => ({ body: list([self()]) }));
    render();
    await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const form = row('New user');
    fireEvent.input(within(form).getByLabelText(/First name/), { target: { value: 'Mary' } });
    fireEvent.input(within(form).getByLabelText(/Last name/), { target: { value: 'Jackson' } });
    fireEvent.input(within(form).getByLabelText(/Position/), { target: { value: 'x'.repeat(51) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save user' }));
    expect(await within(form).findByText('This field is required')).toBeVisible();
    expect(within(form).getByText('Must be at most 50 characters')).toBeVisible();
    fireEvent.input(within(form).getByLabelText(/Email/), { target: { value: 'not-an-address' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save user' }));
    expect(await within(form).findByText('Please enter a valid email address')).toBeVisible();
    expect(calls(fetch, 'PUT')).toHaveLength(0);
  });

  it('a refused add shows the error modal and the field message, and keeps what was typed', async () => {
    mockApi((method) =>
      method === 'PUT'
        ? fieldProblem('email', 'This user is already a member of the team.')
        : { body: list([self()]) },
    );
    render();
    await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const form = row('New user');
    fireEvent.input(within(form).getByLabelText(/First name/), { target: { value: 'Mary' } });
    fireEvent.input(within(form).getByLabelText(/Last name/), { target: { value: 'Jackson' } });
    fireEvent.input(within(form).getByLabelText(/Email/), {
      target: { value: 'mary@example.com' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save user' }));

    expect(
      await screen.findByText(
        'An error occurred while adding the user: This user is already a member of the team.',
      ),
    ).toBeVisible();
    expect(within(form).getByText('This user is already a member of the team.')).toBeVisible();
    expect((within(form).getByLabelText(/First name/) as HTMLInputElement).value).toBe('Mary');
    expect((within(form).getByLabelText(/Email/) as HTMLInputElement).value).toBe(
      'mary@example.com',
    );
  });

  it('cancelling a new user removes the row and calls nothing', async () => {
    const fetch = mockApi(() => ({ body: list([self()]) }));
    render();
    await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    fireEvent.input(within(row('New user')).getByLabelText(/First name/), {
      target: { value: 'Mary' },
    });
    fireEvent.click(within(row('New user')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('listitem', { name: 'New user' })).toBeNull();
    // Escape cancels too; the new row opens with the first field focused.
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const firstName = within(row('New user')).getByLabelText(/First name/);
    await waitFor(() => expect(document.activeElement).toBe(firstName));
    fireEvent.keyDown(firstName, { key: 'Escape' });
    expect(screen.queryByRole('listitem', { name: 'New user' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add user' })).toBeVisible();
    expect(calls(fetch, 'PUT')).toHaveLength(0);
  });

  it('edits role and position: only the changes are sent, then the edited message', async () => {
    // Names and position are editable only on an account the team invited, not yet activated.
    const grace = userFixture({
      firstName: 'Grace',
      lastName: 'Hopper',
      position: 'Analyst',
      userActivated: false,
      hasRoomscaleLogin: false,
      profileEditable: true,
    });
    const fetch = mockApi((method, _url, body) =>
      method === 'PATCH'
        ? { body: { ...grace, ...(body as Partial<TeamUser>) } }
        : { body: list([self(), grace]) },
    );
    render();
    await screen.findByRole('listitem', { name: 'Grace Hopper' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Grace Hopper' }));
    const form = row('Grace Hopper');
    // A member's address is not edited here.
    expect((within(form).getByLabelText(/Email/) as HTMLInputElement).readOnly).toBe(true);
    fireEvent.input(within(form).getByLabelText(/Position/), {
      target: { value: 'Lead engineer' },
    });
    fireEvent.click(within(form).getByRole('switch', { name: 'Admin' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save user' }));

    expect(await screen.findByText('User has been edited.')).toBeVisible();
    expect(screen.getByText('User saved')).toBeVisible();
    const patch = calls(fetch, 'PATCH')[0];
    expect(String(patch?.[0])).toContain(`${usersPath}/${grace.id}`);
    expect(bodyOf(patch)).toEqual({ position: 'Lead engineer', role: 'Admin' });
  });

  it('an admin who gives themself a license loses the trial notice at once', async () => {
    const grace = userFixture({ firstName: 'Grace', lastName: 'Hopper' });
    let mine = self();
    const fetch = mockApi((method, url, body) => {
      if (url.pathname === '/api/Users/Me') return { body: me };
      if (url.pathname === '/api/Users/Me/Organizations') {
        return { body: [{ ...adminTeam, licenseType: mine.licenseType }] };
      }
      if (method === 'PATCH') {
        const changed = { ...(url.pathname.endsWith(me.id) ? mine : grace), ...(body as object) };
        if (url.pathname.endsWith(me.id)) mine = changed;
        return { body: changed };
      }
      return { body: list([mine, grace], { licenseCount: 2, licensesInUse: 0 }) };
    });
    renderScreen(
      '/team/users',
      '/team/users',
      <ModalsProvider>
        <TrialNotice />
        <TeamUsersPage />
      </ModalsProvider>,
    );
    const notice = () => screen.queryByRole('link', { name: screenMessages.trialNotice });
    await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    expect(notice()).toBeVisible();

    // Another member's row: the session is not asked again.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Grace Hopper' }));
    fireEvent.click(within(row('Grace Hopper')).getByRole('switch', { name: 'License' }));
    fireEvent.click(within(row('Grace Hopper')).getByRole('button', { name: 'Save user' }));
    expect(await screen.findByText('User has been edited.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }));
    const teamsAsked = () =>
      fetch.mock.calls.filter(([u]) => String(u).endsWith('/api/Users/Me/Organizations')).length;
    expect(teamsAsked()).toBe(0);
    expect(notice()).toBeVisible();

    // Their own row: the membership (and the user) load again and the notice goes.
    fireEvent.click(screen.getByRole('button', { name: 'Edit Ada Lovelace' }));
    fireEvent.click(within(row('Ada Lovelace')).getByRole('switch', { name: 'License' }));
    fireEvent.click(within(row('Ada Lovelace')).getByRole('button', { name: 'Save user' }));
    await waitFor(() => expect(notice()).toBeNull());
    expect(session.get().team).toEqual({ ...adminTeam, licenseType: 'License' });
    expect(teamsAsked()).toBe(1);
  });

  it('a refused edit shows the customizing error and stays in edit mode', async () => {
    const grace = userFixture({ firstName: 'Grace', lastName: 'Hopper', profileEditable: true });
    mockApi((method) =>
      method === 'PATCH'
        ? {
            status: 400,
            body: {
              type: 'about:blank',
              title: 'Bad Request',
              status: 400,
              detail: 'A team needs at least one admin.',
            },
          }
        : { body: list([self(), grace]) },
    );
    render();
    await screen.findByRole('listitem', { name: 'Grace Hopper' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Grace Hopper' }));
    const form = row('Grace Hopper');
    fireEvent.input(within(form).getByLabelText(/Position/), { target: { value: 'Boss' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save user' }));
    expect(
      await screen.findByText(
        'An error occurred while customizing the user: A team needs at least one admin.',
      ),
    ).toBeVisible();
    expect((within(form).getByLabelText(/Position/) as HTMLInputElement).value).toBe('Boss');
  });

  it("locks the current user's Admin switch and Delete", async () => {
    const fetch = mockApi(() => ({ body: list([self()]) }));
    render();
    const ada = await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    const remove = within(ada).getByRole('button', { name: 'Remove Ada Lovelace' });
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(remove);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(within(ada).getByRole('button', { name: 'Edit Ada Lovelace' }));
    const admin = within(row('Ada Lovelace')).getByRole('switch', { name: 'Admin' });
    expect((admin as HTMLInputElement).disabled).toBe(true);
    expect((admin as HTMLInputElement).checked).toBe(true);
    expect(within(row('Ada Lovelace')).getByText('You cannot change your own role.')).toBeVisible();
    expect(calls(fetch, 'DELETE')).toHaveLength(0);
  });

  it('disables the License switch when no license is free, unless the user holds one', async () => {
    const trial = userFixture({ firstName: 'Grace', lastName: 'Hopper' });
    const licensed = userFixture({
      firstName: 'Mary',
      lastName: 'Jackson',
      licenseType: 'License',
    });
    mockApi(() => ({
      body: list([self(), trial, licensed], { licenseCount: 1, licensesInUse: 1 }),
    }));
    render();
    await screen.findByRole('listitem', { name: 'Grace Hopper' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Grace Hopper' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Mary Jackson' }));
    const graceLicense = within(row('Grace Hopper')).getByRole('switch', { name: 'License' });
    expect((graceLicense as HTMLInputElement).disabled).toBe(true);
    expect(within(row('Grace Hopper')).getByText('No free licenses are left.')).toBeVisible();
    const maryLicense = within(row('Mary Jackson')).getByRole('switch', { name: 'License' });
    expect((maryLicense as HTMLInputElement).disabled).toBe(false);
    expect((maryLicense as HTMLInputElement).checked).toBe(true);
  });

  it("counts the licenses from the list answer and locks a new user's License when none is free", async () => {
    const licensed = userFixture({
      firstName: 'Mary',
      lastName: 'Jackson',
      licenseType: 'License',
    });
    let counts = { licenseCount: 2, licensesInUse: 2 };
    mockApi(() => ({ body: list([self(), licensed], counts) }));
    render();
    await screen.findByRole('listitem', { name: 'Mary Jackson' });
    expect(screen.getByTestId('counter-Licenses in use').textContent).toBe('2 / 2');
    expect(
      screen.getByText('Every license is assigned. Free one up to give it to someone else.'),
    ).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    const locked = within(row('New user')).getByRole('switch', { name: 'License' });
    expect(locked).toBeDisabled();
    expect(within(row('New user')).getByText('No free licenses are left.')).toBeVisible();

    // Another license arrives (a manual license, a bigger subscription): the switch opens.
    cleanup();
    counts = { licenseCount: 3, licensesInUse: 2 };
    render();
    await screen.findByRole('listitem', { name: 'Mary Jackson' });
    expect(screen.getByTestId('counter-Licenses in use').textContent).toBe('2 / 3');
    expect(screen.getByText('1 license is free.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(within(row('New user')).getByRole('switch', { name: 'License' })).toBeEnabled();
    expect(within(row('New user')).queryByText('No free licenses are left.')).toBeNull();
  });

  it('removes a user after confirmation', async () => {
    const grace = userFixture({ firstName: 'Grace', lastName: 'Hopper' });
    let removed = false;
    const fetch = mockApi((method) => {
      if (method === 'DELETE') {
        removed = true;
        return { status: 204 };
      }
      return { body: list(removed ? [self()] : [self(), grace]) };
    });
    render();
    await screen.findByRole('listitem', { name: 'Grace Hopper' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Remove Grace Hopper from Acme VR\?/)).toBeVisible();
    expect(calls(fetch, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Grace Hopper' })).toBeNull(),
    );
    expect(String(calls(fetch, 'DELETE')[0]?.[0])).toContain(`${usersPath}/${grace.id}`);
  });

  it('shows the list read-only to members who are not admins', async () => {
    session.selectTeam(teamFixture({ role: 'User' }));
    mockApi(() => ({
      body: list([self(), userFixture({ firstName: 'Grace', lastName: 'Hopper' })]),
    }));
    render();
    await screen.findByRole('listitem', { name: 'Grace Hopper' });
    expect(screen.getByText('Only team admins can add or edit users.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Buy licenses' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
  });

  it("locks an activated member's names and position; the role still saves", async () => {
    const grace = userFixture({ firstName: 'Grace', lastName: 'Hopper', position: 'Analyst' });
    const fetch = mockApi((method, _url, body) =>
      method === 'PATCH'
        ? { body: { ...grace, ...(body as Partial<TeamUser>) } }
        : { body: list([self(), grace]) },
    );
    render();
    await screen.findByRole('listitem', { name: 'Grace Hopper' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Grace Hopper' }));
    const form = row('Grace Hopper');
    for (const label of [/First name/, /Last name/, /Position/])
      expect((within(form).getByLabelText(label) as HTMLInputElement).readOnly).toBe(true);
    expect(
      within(form).getByText('Only the person can change their name and position.'),
    ).toBeVisible();
    fireEvent.click(within(form).getByRole('switch', { name: 'Admin' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save user' }));
    expect(await screen.findByText('User has been edited.')).toBeVisible();
    expect(bodyOf(calls(fetch, 'PATCH')[0])).toEqual({ role: 'Admin' });
  });

  it('shows a pending invitee by the typed address only, and withdraws the invitation', async () => {
    const pending = userFixture({
      firstName: '',
      lastName: '',
      email: 'invitee@example.com',
      userActivated: false,
      hasRoomscaleLogin: false,
      invitationPending: true,
    });
    let listed = [self(), pending];
    const fetch = mockApi((method) => {
      if (method === 'DELETE') {
        listed = [self()];
        return { status: 204 };
      }
      return { body: list(listed) };
    });
    render();
    const item = await screen.findByRole('listitem', { name: 'invitee@example.com' });
    expect(within(item).getByText('Invitation pending')).toBeVisible();
    // Not a member yet: the counter counts members only and says who is waiting.
    expect(screen.getByTestId('counter-Team members').textContent).toBe('1');
    expect(screen.getByText('1 invitation is waiting for an answer.')).toBeVisible();
    expect(within(item).getByText('Joins the team after accepting the invitation.')).toBeVisible();
    expect(within(item).queryByText('Invitation sent')).toBeNull();
    // Nothing to edit before they accept.
    expect(within(item).queryByRole('button', { name: /Edit/ })).toBeNull();
    fireEvent.click(
      within(item).getByRole('button', { name: 'Withdraw the invitation of invitee@example.com' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'invitee@example.com' })).toBeNull(),
    );
    expect(String(calls(fetch, 'DELETE')[0]?.[0])).toContain(`${usersPath}/${pending.id}`);
  });
});

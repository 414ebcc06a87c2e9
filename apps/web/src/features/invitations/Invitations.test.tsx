// @vitest-environment happy-dom
import { ModalsProvider } from '@mantine/modals';
import { invitationMessages, type TeamInvitation } from '@roomscale/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../session/session.ts';
import {
  meFixture,
  mockApi,
  renderScreen,
  resetBrowser,
  signedInBrowser,
  stubFonts,
  teamFixture,
} from '../../test/harness.tsx';
import { OrganizationCreatePage } from '../organization/OrganizationCreatePage.tsx';
import { UserMenu } from '../shell/UserMenu.tsx';
import { InvitationPage } from './InvitationPage.tsx';

const me = meFixture();
const home = teamFixture({ name: 'Home team' });
const joined = teamFixture({ id: '11111111-2222-4333-8444-555555555555', name: 'Orbit Labs' });
const invitation: TeamInvitation = {
  id: '99999999-8888-4777-8666-555555555555',
  organizationId: joined.id,
  organizationName: 'Orbit Labs',
  imageUpdated: null,
  role: 'User',
  licenseType: 'Trial',
  invitedBy: 'Olga Owner',
  expires: '2030-01-08T10:00:00.000Z',
};
const base = '/api/Users/Me/Invitations';

/** The API of a signed-in user with one team and one open invitation. */
function api(over: { open?: { status: number; body: unknown } } = {}) {
  let open = [invitation];
  return mockApi((method, url) => {
    if (url.pathname === '/api/Users/Me') return { body: me };
    if (url.pathname === '/api/Users/Me/Organizations')
      return { body: open.length ? [home] : [home, joined] };
    if (url.pathname === base) return { body: open };
    if (url.pathname === `${base}/Open`) return over.open ?? { body: invitation };
    if (method === 'POST' && url.pathname === `${base}/${invitation.id}/Accept`) {
      open = [];
      return { body: joined };
    }
    if (method === 'POST' && url.pathname === `${base}/${invitation.id}/Decline`) {
      open = [];
      return { status: 204 };
    }
    return { status: 404, body: { status: 404, title: 'Not Found' } };
  });
}
const posts = (fetch: ReturnType<typeof api>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([u]) => new URL(String(u), 'http://localhost').pathname);
const location = () => screen.getByTestId('location').textContent;

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
  mockApi(() => ({ body: me }));
  await session.reloadUser();
  session.selectTeam(home);
});
afterEach(() => resetBrowser());

describe("the user menu's Teams list", () => {
  const renderMenu = () =>
    renderScreen(
      '/files',
      '/files',
      <ModalsProvider>
        <UserMenu />
      </ModalsProvider>,
    );

  it('lists an open invitation; Accept joins the team, makes it current and opens the dashboard', async () => {
    const fetch = api();
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
    const list = await screen.findByRole('list', { name: 'Invitations' });
    expect(within(list).getByText('Orbit Labs')).toBeVisible();
    expect(within(list).getByText('Invited as user')).toBeVisible();
    fireEvent.click(
      within(list).getByRole('button', { name: 'Accept the invitation to Orbit Labs' }),
    );
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(session.get().team?.id).toBe(joined.id);
    expect(posts(fetch)).toEqual([`${base}/${invitation.id}/Accept`]);
  });

  it('Decline answers the invitation, which leaves the list', async () => {
    const fetch = api();
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
    const list = await screen.findByRole('list', { name: 'Invitations' });
    fireEvent.click(
      within(list).getByRole('button', { name: 'Decline the invitation to Orbit Labs' }),
    );
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Invitations' })).toBeNull());
    expect(posts(fetch)).toEqual([`${base}/${invitation.id}/Decline`]);
    expect(session.get().team?.id).toBe(home.id);
  });
});

describe('InvitationPage (/invitation?token=)', () => {
  const renderPage = (query = '?token=abc') =>
    renderScreen('/invitation', `/invitation${query}`, <InvitationPage />);

  it('opens the invitation of the link and accepts it', async () => {
    const fetch = api();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Join Orbit Labs?' })).toBeVisible();
    expect(
      screen.getByText('Olga Owner invited you to join Orbit Labs on Roomscale as a user.'),
    ).toBeVisible();
    const open = fetch.mock.calls.find(([u]) => String(u).endsWith('/Open'));
    expect(JSON.parse(String(open?.[1]?.body))).toEqual({ token: 'abc' });
    fireEvent.click(screen.getByRole('button', { name: 'Accept and join' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(session.get().team?.id).toBe(joined.id);
  });

  it('declines it', async () => {
    const fetch = api();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('heading', { name: 'Invitation declined' })).toBeVisible();
    expect(posts(fetch)).toContain(`${base}/${invitation.id}/Decline`);
  });

  it('tells another signed-in account that the invitation is not theirs', async () => {
    api({
      open: {
        status: 403,
        body: {
          type: 'about:blank',
          status: 403,
          title: 'Forbidden',
          detail: invitationMessages.otherAccount,
        },
      },
    });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain(
      invitationMessages.otherAccount,
    );
    expect(screen.getByRole('button', { name: 'Log out and switch account' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept and join' })).toBeNull();
  });

  it('says when the link has no token', async () => {
    api();
    renderPage('');
    expect((await screen.findByRole('alert')).textContent).toContain('incomplete');
  });
});

describe('team creation of a person without a team', () => {
  it('offers the open invitations first; accepting joins instead of creating', async () => {
    let open = [invitation];
    const fetch = mockApi((method, url) => {
      if (url.pathname === '/api/Users/Me') return { body: me };
      if (url.pathname === '/api/Users/Me/Organizations')
        return { body: open.length ? [] : [joined] };
      if (url.pathname === base) return { body: open };
      if (method === 'POST' && url.pathname === `${base}/${invitation.id}/Accept`) {
        open = [];
        return { body: joined };
      }
      return { status: 404, body: { status: 404, title: 'Not Found' } };
    });
    session.selectTeam(null);
    renderScreen(
      '/organization/create',
      '/organization/create',
      <ModalsProvider>
        <OrganizationCreatePage />
      </ModalsProvider>,
    );
    expect(await screen.findByText('You have been invited to join:')).toBeVisible();
    const list = screen.getByRole('list', { name: 'Invitations' });
    fireEvent.click(
      within(list).getByRole('button', { name: 'Accept the invitation to Orbit Labs' }),
    );
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(session.get().team?.id).toBe(joined.id);
    expect(posts(fetch)).toEqual([`${base}/${invitation.id}/Accept`]);
  });
});

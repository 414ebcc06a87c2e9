// @vitest-environment happy-dom
import { type Membership, publicTexts } from '@roomscale/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../session/session.ts';
import {
  meFixture,
  mockFetch,
  renderScreen,
  resetBrowser,
  signedInBrowser,
} from '../../test/harness.tsx';
import { OrganizationCreatePage } from './OrganizationCreatePage.tsx';

const input = (label: string) =>
  screen.queryByLabelText(label, { exact: false, selector: 'input' }) as HTMLInputElement | null;
const type = (label: string, value: string) =>
  fireEvent.change(input(label)!, { target: { value } });
const createButton = () => screen.getByRole('button', { name: 'Create team' }) as HTMLButtonElement;

async function choose(label: string, option: string) {
  fireEvent.click(input(label)!);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const org = {
  id: '33333333-3333-4333-8333-333333333333',
  organizationId: '33333333-3333-4333-8333-333333333333',
  name: 'Engines',
  companyName: null,
  industry: 'Aerospace',
  imageUpdated: null,
  samlLoginProviderId: null,
  samlLoginDisplayName: null,
};

beforeEach(signedInBrowser);
afterEach(resetBrowser);

describe('OrganizationCreatePage', () => {
  it('enables Create team only for a valid form with an industry', async () => {
    mockFetch(() => ({ body: [] }));
    renderScreen('/organization/create', '/organization/create', <OrganizationCreatePage />);
    expect(createButton().disabled).toBe(true);
    type('Team name', 'Engines');
    type('Company name', 'Babbage & Co');
    await waitFor(() => expect(createButton().disabled).toBe(true));
    await choose('Industry', 'Technology');
    await waitFor(() => expect(createButton().disabled).toBe(false));
  });

  it("hides and clears the company name for 'None (Consumer)'", async () => {
    const fetch = mockFetch((url) =>
      url.pathname === '/api/Organizations/Register' ? { body: org } : { body: [] },
    );
    renderScreen('/organization/create', '/organization/create', <OrganizationCreatePage />);
    type('Team name', 'Engines');
    type('Company name', 'Babbage & Co');
    await choose('Industry', 'None (Consumer)');
    await waitFor(() => expect(input('Company name')).toBeNull());
    await waitFor(() => expect(createButton().disabled).toBe(false));
    fireEvent.click(createButton());
    await screen.findByTestId('location');
    const put = fetch.mock.calls.find(([u]) => String(u).includes('/api/Organizations/Register'));
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      name: 'Engines',
      companyName: null,
      industry: 'None (Consumer)',
    });
  });

  it("sends the free text for 'Other', selects the new team and asks for an avatar", async () => {
    const fetch = mockFetch((url) =>
      url.pathname === '/api/Organizations/Register' ? { body: org } : { body: [] },
    );
    renderScreen(
      '/organization/create',
      '/organization/create?targetRoute=rooms',
      <OrganizationCreatePage />,
    );
    type('Team name', 'Engines');
    type('Company name', 'Babbage & Co');
    await choose('Industry', 'Other');
    expect(createButton().disabled).toBe(true);
    type('Please specify', 'Aerospace');
    await waitFor(() => expect(createButton().disabled).toBe(false));
    fireEvent.click(createButton());
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/create-avatar?targetRoute=%2Frooms',
    );
    const put = fetch.mock.calls.find(([u]) => String(u).includes('/api/Organizations/Register'));
    expect(put?.[1]?.method).toBe('PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      name: 'Engines',
      companyName: 'Babbage & Co',
      industry: 'Aerospace',
    });
    expect(session.get().team).toMatchObject({ id: org.id, role: 'Admin', licenseType: 'Trial' });
  });

  it("shows the 'Error' modal when saving fails and keeps the form", async () => {
    mockFetch((url) =>
      url.pathname === '/api/Organizations/Register'
        ? {
            status: 400,
            body: { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Name taken.' },
          }
        : { body: [] },
    );
    renderScreen('/organization/create', '/organization/create', <OrganizationCreatePage />);
    type('Team name', 'Engines');
    type('Company name', 'Babbage & Co');
    await choose('Industry', 'Media');
    await waitFor(() => expect(createButton().disabled).toBe(false));
    fireEvent.click(createButton());
    expect(await screen.findByText('An error has occurred: Name taken.')).toBeVisible();
    expect(screen.getByText('Error')).toBeVisible();
    expect(input('Team name')?.value).toBe('Engines');
  });

  it('lists the teams the user already has and picks one', async () => {
    const mine: Membership = {
      id: '44444444-4444-4444-8444-444444444444',
      name: 'Existing crew',
      role: 'User',
      licenseType: 'License',
      companyName: null,
      industry: null,
      imageUpdated: null,
      samlLoginProviderId: null,
      samlLoginDisplayName: null,
    };
    mockFetch((url) => {
      if (url.pathname === '/api/Users/Me/Organizations') return { body: [mine] };
      if (url.pathname === '/api/Users/Me') return { body: meFixture() };
      if (url.pathname === '/api/Users/Me/Invitations') return { body: [] };
      return { status: 404 };
    });
    await session.reloadUser();
    renderScreen('/organization/create', '/organization/create', <OrganizationCreatePage />);
    expect(await screen.findByText('Or create a new team')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: /Existing crew/ }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    expect(session.get().team?.id).toBe(mine.id);
  });

  it('offers a super admin the admin area, which needs no team, and logging out', async () => {
    const admin = meFixture({ superAdmin: true, email: 'admin@roomscale.test' });
    const fetch = mockFetch((url) => {
      if (url.pathname === '/api/Users/Me') return { body: admin };
      if (url.pathname === '/api/Users/Me/Organizations') return { body: [] };
      if (url.pathname === '/api/Users/Me/Invitations') return { body: [] };
      if (url.pathname === '/api/Users/Logout') return { status: 204 };
      return { status: 404 };
    });
    await session.reloadUser();
    const view = renderScreen(
      '/organization/create',
      '/organization/create?targetRoute=%2Frooms',
      <OrganizationCreatePage />,
    );
    expect(await screen.findByText(publicTexts.teamCreate.superAdminNote)).toBeVisible();
    const toAdmin = screen.getByRole('link', { name: publicTexts.teamCreate.toAdmin });
    expect(toAdmin.getAttribute('href')).toBe('/admin');
    fireEvent.click(toAdmin);
    expect((await screen.findByTestId('location')).textContent).toBe('/admin');
    view.unmount();

    renderScreen('/organization/create', '/organization/create', <OrganizationCreatePage />);
    expect(screen.getByText(/Signed in as admin@roomscale\.test/)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: publicTexts.teamCreate.logout }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(session.get()).toMatchObject({ status: 'anonymous', loggedOut: true });
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/api/Users/Logout'))).toBe(true);
  });

  it('offers anyone else logging out, and no admin area', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/Users/Me') return { body: meFixture() };
      if (url.pathname === '/api/Users/Me/Invitations') return { body: [] };
      return { body: [] };
    });
    await session.reloadUser();
    renderScreen('/organization/create', '/organization/create', <OrganizationCreatePage />);
    expect(
      await screen.findByRole('button', { name: publicTexts.teamCreate.logout }),
    ).toBeVisible();
    expect(screen.queryByText(publicTexts.teamCreate.superAdminNote)).toBeNull();
    expect(screen.queryByRole('link', { name: publicTexts.teamCreate.toAdmin })).toBeNull();
  });
});

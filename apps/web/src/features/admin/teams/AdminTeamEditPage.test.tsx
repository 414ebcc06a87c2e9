// @vitest-environment happy-dom

import type {
  AdminOrganization,
  AdminOrganizationUser,
  Membership,
  Problem,
} from '@roomscale/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routeObjects } from '../../../app/routeTree.tsx';
import { session } from '../../../session/session.ts';
import { meFixture, teamFixture as membershipFixture, mockApi } from '../../../test/harness.tsx';
import { renderRouter } from '../../../test/router.tsx';
import {
  customerFixture,
  detailsFixture,
  sentence,
  subscriptionFixture,
} from '../../billing/testing.ts';
import { signedInAdminBrowser } from '../testing.ts';
import { AdminTeamEditPage } from './AdminTeamEditPage.tsx';
import { adminId, licenseFixture, renderRoute, teamFixture, teamId } from './testing.tsx';

const me = meFixture({ superAdmin: true });
const otherTeam = membershipFixture({ id: '66666666-6666-4666-8666-666666666666', name: 'Acme' });

function member(overrides: Partial<AdminOrganizationUser> = {}): AdminOrganizationUser {
  const id = '77777777-7777-4777-8777-777777777777';
  return {
    id,
    userId: id,
    firstName: 'Katherine',
    lastName: 'Johnson',
    email: 'katherine@example.com',
    position: 'Navigator',
    role: 'User',
    licenseType: 'License',
    superAdmin: false,
    ...overrides,
  };
}

const meAsMember = member({
  id: me.id,
  userId: me.id,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: me.email,
  position: null,
  role: 'Admin',
  licenseType: 'Trial',
  superAdmin: true,
});

type Reply = { status?: number; body?: unknown };
type Route = (method: string, url: URL, body: unknown) => Reply | undefined;

/**
 * A small fake of the server: the team as stored (changed by the calls the screen makes), the
 * signed-in super admin and their teams. `route` answers first when a test needs something else.
 */
function fakeServer(
  initial: AdminOrganization,
  myTeams: Membership[] = [otherTeam],
  route?: Route,
) {
  const state = { team: initial, myTeams, gets: 0 };
  const fetch = mockApi((method, url, body) => {
    const own = route?.(method, url, body);
    if (own) return own;
    const path = url.pathname;
    if (path === '/api/Users/Me') return { body: me };
    if (path === '/api/Users/Me/Organizations') return { body: state.myTeams };
    if (path === `/api/Admin/Organizations/${teamId}` && method === 'GET') {
      state.gets++;
      return { body: state.team };
    }
    if (path === `/api/Admin/Organizations/${teamId}` && method === 'PATCH') {
      const b = body as { customerId: string | null } & Pick<
        AdminOrganization,
        'name' | 'companyName' | 'industry' | 'selfManaged'
      >;
      state.team = {
        ...state.team,
        ...b,
        stripeDetails: b.customerId ? { customerId: b.customerId } : null,
        lastModified: '2025-03-08T10:00:00.000Z',
        lastModifiedBy: me.id,
        lastModifiedByName: 'Ada Lovelace',
      };
      const { customerId, ...rest } = b;
      return { body: { organizationId: teamId, ...rest, customerId } };
    }
    const m = path.match(/^\/api\/Admin\/Organizations\/[^/]+\/Users\/([^/]+)$/);
    if (m && method === 'PATCH') {
      const b = body as Pick<AdminOrganizationUser, 'role' | 'licenseType'>;
      const userId = m[1] as string;
      const joined = userId === me.id ? meAsMember : member({ id: userId, userId });
      state.team = {
        ...state.team,
        users:
          b.role === 'None'
            ? state.team.users.filter((u) => u.id !== userId)
            : [...state.team.users.filter((u) => u.id !== userId), { ...joined, ...b }],
      };
      if (userId === me.id) {
        state.myTeams =
          b.role === 'None'
            ? state.myTeams.filter((t) => t.id !== teamId)
            : [
                ...state.myTeams,
                membershipFixture({ id: teamId, name: state.team.name, role: 'Admin' }),
              ];
      }
      return { body: { ...joined, ...b } };
    }
    if (path.startsWith('/api/Admin/ManualLicenses/') && method === 'DELETE') {
      state.team = { ...state.team, licenses: [] };
      return { status: 204 };
    }
    return { status: 404, body: problem(404, 'Not Found') };
  });
  return { state, fetch };
}

const problem = (status: number, title: string, detail?: string): Problem => ({
  type: 'about:blank',
  title,
  status,
  ...(detail ? { detail } : {}),
});

const calls = (fetch: ReturnType<typeof mockApi>, method: string, path: string | RegExp) =>
  fetch.mock.calls
    .filter(([u, init]) => {
      const url = new URL(String(u), 'http://localhost');
      const p = url.pathname;
      return (
        (init?.method ?? 'GET') === method && (typeof path === 'string' ? p === path : path.test(p))
      );
    })
    .map(([u, init]) => ({
      url: new URL(String(u), 'http://localhost'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }));

async function signIn() {
  mockApi(() => ({ body: me }));
  await session.reloadUser();
}

const open = () =>
  renderRoute(
    '/admin/organizations/:organizationId',
    `/admin/organizations/${teamId}`,
    <AdminTeamEditPage />,
  );

signedInAdminBrowser(signIn);

const emptyTeamsPage = {
  results: [],
  currentPage: 1,
  pageCount: 0,
  pageSize: 20,
  entryCount: 0,
  firstRowOnPage: 0,
  lastRowOnPage: 0,
};

/** The whole app at `url`: the frame, its title and the shell, as the browser has them. */
const openApp = (url: string) => renderRouter(routeObjects, url);

describe('AdminTeamEditPage', () => {
  it("is titled 'Team: {name}' in the browser, and the teams list 'Teams' again", async () => {
    fakeServer(teamFixture(), [otherTeam], (method, url) =>
      method === 'GET' && url.pathname === '/api/Admin/Organizations'
        ? { body: emptyTeamsPage }
        : undefined,
    );
    const router = openApp(`/admin/organizations/${teamId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team: Orbit' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Team: Orbit - Roomscale Dashboard'));
    // The list has the route's title: the team's page leaves none of its own behind.
    await router.navigate('/admin/organizations');
    await waitFor(() => expect(document.title).toBe('Teams - Roomscale Dashboard'));
  });

  it("shows the team's details, license limit and history", async () => {
    fakeServer(teamFixture());
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Team: Orbit' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Team name' })).toHaveValue('Orbit');
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveValue('Orbit Labs');
    const limit = screen.getByRole('textbox', { name: 'License limit' });
    expect(limit).toHaveValue('7');
    expect(limit).toHaveAttribute('readonly');
    expect(screen.getByText(/5 from the subscription \+ 2 manual/)).toBeVisible();
    const self = screen.getByRole('switch', { name: 'Self managed' });
    expect(self).not.toBeChecked();
    expect(screen.getByText('Off: customers cannot change their subscription.')).toBeVisible();
    fireEvent.click(self);
    expect(screen.getByText('On: the team may manage its own subscription.')).toBeVisible();

    const about = screen.getByRole('region', { name: 'About this team' });
    expect(within(about).getByText('Yes')).toBeVisible();
    expect(within(about).getByText(/^\d{1,2}-\d{1,2}-2025 \d{1,2}:\d{2}:09$/)).toBeVisible();
    expect(within(about).getByRole('link', { name: 'Grace Admin' })).toHaveAttribute(
      'href',
      `/admin/users/${adminId}`,
    );
    expect(within(about).getAllByText('Never')).toHaveLength(2);
    expect(within(about).getByText('No picture')).toBeVisible();
  });

  it("saves the details with the self managed switch, shows 'team saved' and reloads", async () => {
    const { state, fetch } = fakeServer(teamFixture({ stripeDetails: { customerId: 'cus_A1' } }));
    open();
    const name = await screen.findByRole('textbox', { name: 'Team name' });
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.change(name, { target: { value: 'O' } });
    // Save starts disabled (nothing changed yet): wait for the validation's message instead.
    expect(await screen.findByText('Must be at least 2 characters')).toBeVisible();
    expect(save).toBeDisabled();
    fireEvent.change(name, { target: { value: 'Orbit Two' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Self managed' }));
    await waitFor(() => expect(save).toBeEnabled());
    const getsBefore = state.gets;
    fireEvent.click(save);

    const dialog = await screen.findByRole('dialog', { name: 'team saved' });
    expect(within(dialog).getByText('The data has been saved')).toBeVisible();
    expect(calls(fetch, 'PATCH', `/api/Admin/Organizations/${teamId}`).map((c) => c.body)).toEqual([
      {
        name: 'Orbit Two',
        companyName: 'Orbit Labs',
        industry: 'Technology',
        selfManaged: true,
        // The attached customer stays attached.
        customerId: 'cus_A1',
      },
    ]);
    // Reloaded: the new title and history.
    expect(await screen.findByRole('heading', { level: 1, name: 'Team: Orbit Two' })).toBeVisible();
    expect(state.gets).toBeGreaterThan(getsBefore);
    const about = screen.getByRole('region', { name: 'About this team' });
    expect(within(about).getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();
  });

  it("shows 'An error has occurred: {detail}.' when the save fails, and keeps what was typed", async () => {
    fakeServer(teamFixture(), [otherTeam], (method, url) =>
      method === 'PATCH' && url.pathname === `/api/Admin/Organizations/${teamId}`
        ? { status: 409, body: problem(409, 'Conflict', 'This customer belongs to another team.') }
        : undefined,
    );
    open();
    const company = await screen.findByRole('textbox', { name: 'Company name' });
    fireEvent.change(company, { target: { value: 'Orbit Holdings' } });
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(dialog).getByText('An error has occurred: This customer belongs to another team.'),
    ).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveValue('Orbit Holdings');
  });

  it('puts the server detail of a refused save in the error modal', async () => {
    fakeServer(teamFixture(), [otherTeam], (method, url) =>
      method === 'PATCH' && url.pathname === `/api/Admin/Organizations/${teamId}`
        ? { status: 400, body: problem(400, 'Bad Request', 'The customer ID does not exist.') }
        : undefined,
    );
    open();
    const name = await screen.findByRole('textbox', { name: 'Team name' });
    fireEvent.change(name, { target: { value: 'Orbit X' } });
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(dialog).getByText('An error has occurred: The customer ID does not exist.'),
    ).toBeVisible();
  });

  it('joins the team as Admin with Trial, makes it the current team and says so', async () => {
    session.selectTeam(otherTeam);
    const { fetch } = fakeServer(teamFixture({ users: [member()], usersCount: 1 }));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Join this team' }));
    expect(await screen.findByText('You are now part of this team.')).toBeVisible();
    expect(
      calls(fetch, 'PATCH', `/api/Admin/Organizations/${teamId}/Users/${me.id}`).map((c) => c.body),
    ).toEqual([{ organizationId: teamId, userId: me.id, role: 'Admin', licenseType: 'Trial' }]);
    expect(session.get().team?.id).toBe(teamId);
    expect(await screen.findByRole('button', { name: 'Leave this team' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Members' });
    expect(within(table).getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();
  });

  it('leaves the team with None and None; the first remaining team becomes current', async () => {
    const self = membershipFixture({ id: teamId, name: 'Orbit', role: 'Admin' });
    session.selectTeam(self);
    const { fetch } = fakeServer(
      teamFixture({ users: [meAsMember, member({ role: 'Admin' })], usersCount: 2 }),
      [self, otherTeam],
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Leave this team' }));
    expect(await screen.findByText('You are now no longer part of this team.')).toBeVisible();
    expect(
      calls(fetch, 'PATCH', `/api/Admin/Organizations/${teamId}/Users/${me.id}`).map((c) => c.body),
    ).toEqual([{ organizationId: teamId, userId: me.id, role: 'None', licenseType: 'None' }]);
    expect(session.get().team?.id).toBe(otherTeam.id);
    expect(await screen.findByRole('button', { name: 'Join this team' })).toBeVisible();
  });

  it('lists the members and removes one after a confirmation', async () => {
    const { fetch } = fakeServer(
      teamFixture({
        users: [
          member(),
          member({
            id: adminId,
            userId: adminId,
            firstName: 'Grace',
            lastName: 'Admin',
            email: 'grace@example.com',
            role: 'Admin',
            licenseType: 'Trial',
            superAdmin: true,
            position: null,
          }),
        ],
        usersCount: 2,
      }),
    );
    open();
    const table = await screen.findByRole('table', { name: 'Members' });
    const katherine = within(table).getByRole('row', { name: /Katherine Johnson/ });
    expect(
      within(katherine)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 5),
    ).toEqual(['Katherine Johnson', 'Navigator', 'katherine@example.com', 'License', 'User']);
    expect(within(katherine).getByRole('link', { name: 'Katherine Johnson' })).toHaveAttribute(
      'href',
      `/admin/users/${member().id}`,
    );
    const grace = within(table).getByRole('row', { name: /Grace Admin/ });
    expect(within(grace).getByText('Super admin')).toBeVisible();
    expect(within(katherine).queryByText('Super admin')).toBeNull();

    fireEvent.click(
      within(katherine).getByRole('button', { name: 'Remove Katherine Johnson from the team' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove from team' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(table).queryByText('Katherine Johnson')).toBeNull());
    expect(calls(fetch, 'PATCH', /\/Users\//).map((c) => [c.url.pathname, c.body])).toEqual([
      [
        `/api/Admin/Organizations/${teamId}/Users/${member().id}`,
        { organizationId: teamId, userId: member().id, role: 'None', licenseType: 'None' },
      ],
    ]);
  });

  it('opens the membership editor for the team to add a user, and with the role to edit one', async () => {
    fakeServer(teamFixture({ users: [member()], usersCount: 1 }));
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add user' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Orbit')).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: "Edit Katherine Johnson's membership" }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Katherine Johnson')).toBeVisible();
    expect(within(dialog).getByText('Orbit')).toBeVisible();
  });

  it("shows 'No Licenses assigned', highlights the running license and deletes with sendEmailNow=false", async () => {
    const running = licenseFixture({ description: 'Spring pilot', isActive: true });
    const old = licenseFixture({
      id: '88888888-8888-4888-8888-888888888888',
      licenseId: '88888888-8888-4888-8888-888888888888',
      description: 'Old deal',
    });
    const { fetch } = fakeServer(teamFixture({ licenses: [running, old] }));
    open();
    const table = await screen.findByRole('table', { name: 'Manual licenses' });
    const row = within(table).getByRole('row', { name: /Spring pilot/ });
    expect(row).toHaveAttribute('aria-current', 'true');
    expect(within(row).getByText('Active')).toBeVisible();
    expect(within(table).getByRole('row', { name: /Old deal/ })).not.toHaveAttribute(
      'aria-current',
    );
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(2, 3),
    ).toEqual(['2']);

    fireEvent.click(within(row).getByRole('button', { name: 'Delete license Spring pilot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete license' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No Licenses assigned')).toBeVisible();
    const del = calls(fetch, 'DELETE', `/api/Admin/ManualLicenses/${running.id}`);
    expect(del.map((c) => c.url.search)).toEqual(['?sendEmailNow=false']);
  });

  it('attaches a payment customer by its id', async () => {
    const { fetch } = fakeServer(teamFixture({ selfManaged: true }));
    open();
    const section = await screen.findByRole('region', { name: 'Payment provider' });
    expect(within(section).getByText(/under Team > Subscription/)).toBeVisible();
    fireEvent.click(within(section).getByRole('button', { name: 'Attach customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach customer' });
    const input = within(dialog).getByRole('textbox', { name: 'Customer id' });
    expect(input).toHaveAttribute('placeholder', 'cus_NffrFeUfNV2Hib');
    const attach = within(dialog).getByRole('button', { name: 'Attach' });
    expect(attach).toBeDisabled();
    fireEvent.change(input, { target: { value: ' cus_Q1w2E3r4 ' } });
    fireEvent.click(attach);
    expect(await within(section).findByText('cus_Q1w2E3r4')).toBeVisible();
    // The fake provider does not know the id: said in place of the customer's details.
    expect(
      await within(section).findByText(/The payment provider has no customer with this id/),
    ).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Attach customer' })).toBeNull();
    expect(calls(fetch, 'PATCH', `/api/Admin/Organizations/${teamId}`).map((c) => c.body)).toEqual([
      {
        name: 'Orbit',
        companyName: 'Orbit Labs',
        industry: 'Technology',
        selfManaged: true,
        customerId: 'cus_Q1w2E3r4',
      },
    ]);
  });

  it("shows the provider's customer: company, subscription, payment method and plan", async () => {
    const customer = customerFixture({
      phone: '+31 20 555 0101',
      subscriptionDetail: subscriptionFixture({
        currentInterval: 'year',
        currentSubscriptionUserCount: 12,
        currentSubscriptionPeriodEnd: '2026-03-07T12:00:00.000Z',
        latestInvoiceStatus: 'uncollectible',
        latestInvoiceAmount: 34800,
        subscriptionHasUpcomingChange: true,
        subscriptionUpcomingChangeQuantity: 8,
        subscriptionUpcomingChangeInterval: 'month',
        subscriptionUpcomingChangeStart: '2026-03-07T12:00:00.000Z',
      }),
    });
    const { fetch } = fakeServer(
      teamFixture({ stripeDetails: { customerId: 'cus_A1' } }),
      [otherTeam],
      (method, url) => {
        if (url.pathname === '/api/StripeCustomers/Details') {
          return { body: detailsFixture({ provider: 'stripe', publishableKey: 'pk_test_1' }) };
        }
        if (method === 'GET' && url.pathname === `/api/StripeCustomers/${teamId}`) {
          return { body: customer };
        }
        return undefined;
      },
    );
    open();
    const section = await screen.findByRole('region', { name: 'Payment provider' });
    const company = await within(section).findByRole('region', { name: 'Company details' });
    for (const text of [
      'Acme BV',
      'Keizersgracht 1',
      '1015 AA Amsterdam',
      'Netherlands',
      '+31 20 555 0101',
      'NL123456789B01',
      'billing@acme.example',
    ]) {
      expect(within(company).getByText(text)).toBeVisible();
    }
    const subscription = within(section).getByRole('region', { name: 'Subscription' });
    expect(within(subscription).getByText('12 users, per year')).toBeVisible();
    // The period end (and again inside the upcoming change's sentence).
    expect(within(subscription).getAllByText('07-03-2026')[0]).toBeVisible();
    expect(within(subscription).getByText(/payment issue · €348\.00/)).toBeVisible();
    expect(
      within(subscription).getByText(sentence('From 07-03-2026: 8 users, per month.')),
    ).toBeVisible();
    const method = within(section).getByRole('region', { name: 'Payment method' });
    expect(within(method).getByText('Visa •••• 4242')).toBeVisible();
    expect(within(method).getByText('Expires 04/2030')).toBeVisible();

    const show = within(subscription).getByRole('button', { name: 'show subscription plan' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(show);
    expect(within(subscription).getByText('Plan: year')).toBeVisible();

    const edit = await within(section).findByRole('link', { name: 'Edit in the payment provider' });
    expect(edit).toHaveAttribute('href', 'https://dashboard.stripe.com/customers/cus_A1');
    expect(edit).toHaveAttribute('target', '_blank');
    // The super admin reads the team's customer through the team's own billing call.
    expect(calls(fetch, 'GET', `/api/StripeCustomers/${teamId}`)).toHaveLength(1);
  });

  it('links to no provider page with the built-in simulator', async () => {
    fakeServer(teamFixture({ stripeDetails: { customerId: 'cus_A1' } }), [otherTeam], (_m, url) =>
      url.pathname === '/api/StripeCustomers/Details'
        ? { body: detailsFixture() }
        : url.pathname === `/api/StripeCustomers/${teamId}`
          ? { body: customerFixture({ subscriptionDetail: null, paymentType: null }) }
          : undefined,
    );
    open();
    const section = await screen.findByRole('region', { name: 'Payment provider' });
    expect(await within(section).findByText('No subscription.')).toBeVisible();
    expect(within(section).getByText('No payment method linked for billing.')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'show subscription plan' })).toBeNull();
    expect(
      within(section).queryByRole('link', { name: 'Edit in the payment provider' }),
    ).toBeNull();
  });

  it('asks for the details before a customer can be attached to a team made from a name', async () => {
    fakeServer(teamFixture({ companyName: null, industry: null }));
    open();
    const section = await screen.findByRole('region', { name: 'Payment provider' });
    expect(within(section).getByRole('button', { name: 'Attach customer' })).toBeDisabled();
    expect(
      within(section).getByText(/Save the team's company name and industry first/),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows not found for an unknown team', async () => {
    mockApi(() => ({ status: 404, body: problem(404, 'Not Found') }));
    open();
    expect(await screen.findByText('Team not found')).toBeVisible();
    for (const link of screen.getAllByRole('link', { name: 'Teams' })) {
      expect(link).toHaveAttribute('href', '/admin/organizations');
    }
  });
});

// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { billingLimits } from '@roomscale/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/routes.tsx';
import { resetBrowser, signedInBrowser, stubFonts, teamFixture } from '../../test/harness.tsx';
import { customerFixture, licensingFixture, sentence, subscriptionFixture } from './testing.ts';
import { adminTeam, billingServer, callsTo, problem, renderAt, signIn } from './testServer.tsx';

const card = (name: string) => screen.findByRole('region', { name });

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
  await signIn();
});
afterEach(() => {
  act(() => notifications.clean());
  resetBrowser();
});

describe('the subscription routes', () => {
  it('are team routes: the overview for every member, ordering for admins only', () => {
    const children = appRoutes.find((r) => r.path === 'team')?.children ?? [];
    const flags = (path: string) => children.find((c) => c.path === path)?.flags;
    expect(flags('subscription')).toMatchObject({ teamRequired: true, title: 'Subscription' });
    expect(flags('subscription')?.teamRole).toBeUndefined();
    expect(flags('subscription/customer')).toMatchObject({
      teamRole: 'Admin',
      title: 'Billing details',
    });
    expect(flags('subscription/plan')).toMatchObject({ teamRole: 'Admin' });
    expect(flags('subscription/confirm')).toMatchObject({
      teamRole: 'Admin',
      title: 'Finalize order',
    });
  });
});

describe('the subscription overview', () => {
  it('tells a member to ask an admin, with the no-license note and a link to the members', async () => {
    await signIn(teamFixture({ role: 'User', licenseType: 'Trial' }));
    const { calls } = billingServer();
    renderAt('/team/subscription');
    expect(
      await screen.findByText(
        'Contact an administrator of your team to purchase and manage licenses',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        'After assigning purchasing licenses a team admin can assign your license to remove the watermark.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Team members' })).toHaveAttribute(
      'href',
      '/team/users',
    );
    const tab = screen.getByRole('link', { name: 'Subscription' });
    expect(tab).toHaveAttribute('aria-current', 'page');
    // Nothing of the team's billing is asked for a member.
    expect(calls.filter((c) => c.path.includes('StripeCustomers'))).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Billing' })).toBeNull();
  });

  it('leaves out the no-license note for a licensed member', async () => {
    await signIn(teamFixture({ role: 'User', licenseType: 'License' }));
    billingServer();
    renderAt('/team/subscription');
    expect(
      await screen.findByText(
        'Contact an administrator of your team to purchase and manage licenses',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/After assigning purchasing licenses/)).toBeNull();
  });

  it('asks an admin without licenses or customer to sign up (a 404 customer is no error)', async () => {
    billingServer({
      customer: null,
      licensing: licensingFixture({
        licenseCount: 0,
        stripeLicenseCount: 0,
        paymentCustomerId: null,
      }),
    });
    renderAt('/team/subscription');
    expect(await screen.findByRole('heading', { name: 'Unlock Roomscale' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign up now' })).toHaveAttribute(
      'href',
      '/team/subscription/customer',
    );
    const billing = await card('Billing');
    expect(
      within(billing).getByText('No billing details have been setup for this team.'),
    ).toBeVisible();
    expect(within(billing).getByRole('link', { name: 'Add billing details' })).toHaveAttribute(
      'href',
      '/team/subscription/customer',
    );
    const subscription = await card('Subscription');
    expect(
      within(subscription).getByText(
        'No license active yet. Your users can use Roomscale with a watermark.',
      ),
    ).toBeVisible();
    expect(within(subscription).queryByRole('button')).toBeNull();
    const payment = await card('Payment method');
    expect(within(payment).getByText('No payment method linked for billing.')).toBeVisible();
    expect(within(payment).queryByRole('button', { name: 'Change payment method' })).toBeNull();
  });

  it('asks an admin with a customer but no subscription to choose a plan', async () => {
    billingServer({
      customer: customerFixture({ subscriptionDetail: null, paymentType: null }),
      licensing: licensingFixture({
        licenseCount: 3,
        manualLicenseCount: 3,
        stripeLicenseCount: 0,
      }),
    });
    renderAt('/team/subscription');
    expect(await screen.findByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/team/subscription/plan',
    );
    expect(screen.queryByRole('link', { name: 'Sign up now' })).toBeNull();
    const billing = await card('Billing');
    for (const text of [
      'Acme BV',
      'Keizersgracht 1',
      'Floor 3',
      '1015 AA Amsterdam',
      'Noord-Holland',
      'Netherlands',
      '+31 20 123 4567',
      'NL123456789B01',
      'billing@acme.example',
    ]) {
      expect(within(billing).getByText(text)).toBeVisible();
    }
    expect(within(billing).getByRole('link', { name: 'Edit billing details' })).toBeVisible();
    const subscription = await card('Subscription');
    expect(within(subscription).getByText('awarded 3 licenses')).toBeVisible();
    expect(within(subscription).queryByText(/No license active yet/)).toBeNull();
  });

  it('shows the running subscription, its invoice, the upcoming change and the card', async () => {
    billingServer({
      customer: customerFixture({
        subscriptionDetail: subscriptionFixture({
          currentSubscriptionUserCount: 5,
          currentInterval: 'month',
          currentSubscriptionPeriodEnd: '2026-03-07T12:00:00.000Z',
          latestInvoiceStatus: 'uncollectible',
          latestInvoiceAmount: 17545,
          subscriptionHasUpcomingChange: true,
          subscriptionUpcomingChangeQuantity: 3,
          subscriptionUpcomingChangeInterval: 'week',
          subscriptionUpcomingChangeStart: '2026-03-07T12:00:00.000Z',
          status: 'past_due',
        }),
      }),
    });
    renderAt('/team/subscription');
    expect(await screen.findByRole('heading', { name: 'Manage your licenses' })).toBeVisible();
    expect(screen.getByText('Your team has 5 licenses.')).toBeVisible();
    const subscription = await card('Subscription');
    expect(within(subscription).getByText('5 users, per month')).toBeVisible();
    // The period end (and again inside the upcoming change's sentence).
    expect(within(subscription).getAllByText('07-03-2026')[0]).toBeVisible();
    expect(within(subscription).getByText('payment issue · €175.45')).toBeVisible();
    const invoice = within(subscription).getByRole('link', { name: 'View invoice' });
    expect(invoice).toHaveAttribute('href', 'http://localhost/billing-simulator/invoices/in_1');
    expect(invoice).toHaveAttribute('target', '_blank');
    expect(
      within(subscription).getByText(sentence('From 07-03-2026: 3 users, per week.')),
    ).toBeVisible();
    expect(within(subscription).getByText(/The last payment failed/)).toBeVisible();
    expect(within(subscription).getByRole('link', { name: 'Manage subscription' })).toHaveAttribute(
      'href',
      '/team/subscription/plan',
    );
    expect(within(subscription).getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
    const payment = await card('Payment method');
    expect(within(payment).getByText('Card')).toBeVisible();
    expect(within(payment).getByText('Visa •••• 4242')).toBeVisible();
    expect(within(payment).getByText('Expires 04/2030')).toBeVisible();
  });

  it('shows an upcoming cancel and then offers no cancel', async () => {
    billingServer({
      customer: customerFixture({
        subscriptionDetail: subscriptionFixture({ subscriptionHasUpcomingCancel: true }),
      }),
    });
    renderAt('/team/subscription');
    const subscription = await card('Subscription');
    expect(
      within(subscription).getByText(sentence('The subscription ends on 07-03-2026.')),
    ).toBeVisible();
    expect(within(subscription).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(within(subscription).getByRole('link', { name: 'Manage subscription' })).toBeVisible();
  });

  it('hides every change when the subscription is not self-managed', async () => {
    billingServer({ licensing: licensingFixture({ selfManaged: false }) });
    renderAt('/team/subscription');
    const subscription = await card('Subscription');
    expect(
      within(subscription).getByText(/This subscription is managed by your account manager/),
    ).toBeVisible();
    expect(within(subscription).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(within(subscription).queryByRole('link', { name: 'Manage subscription' })).toBeNull();
    expect(
      within(await card('Billing')).queryByRole('link', { name: 'Edit billing details' }),
    ).toBeNull();
    expect(
      within(await card('Payment method')).queryByRole('button', { name: 'Change payment method' }),
    ).toBeNull();
  });

  it('cancels after the confirmation and reloads the overview', async () => {
    const { calls } = billingServer();
    renderAt('/team/subscription');
    const subscription = await card('Subscription');
    fireEvent.click(within(subscription).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to cancel the extension of the subscription?',
      ),
    ).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(
      await within(subscription).findByText(sentence('The subscription ends on 07-03-2026.')),
    ).toBeVisible();
    expect(
      callsTo(calls, 'DELETE', `/api/StripeCustomers/${adminTeam.id}/Subscription`),
    ).toHaveLength(1);
    // The overview was loaded again after the cancel.
    expect(callsTo(calls, 'GET', `/api/StripeCustomers/${adminTeam.id}`)).toHaveLength(2);
    expect(within(subscription).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('keeps the subscription when the confirmation is declined', async () => {
    const { calls } = billingServer();
    renderAt('/team/subscription');
    const subscription = await card('Subscription');
    fireEvent.click(within(subscription).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'DELETE', `/api/StripeCustomers/${adminTeam.id}/Subscription`)).toEqual(
      [],
    );
  });

  it("says 'Cancel failed. Please contact support. {reason}' when the cancel fails", async () => {
    billingServer({}, (c) =>
      c.method === 'DELETE'
        ? problem(400, 'The subscription already ends at the end of its period.')
        : undefined,
    );
    renderAt('/team/subscription');
    const subscription = await card('Subscription');
    fireEvent.click(within(subscription).getByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel subscription' })).getByRole(
        'button',
        { name: 'Cancel subscription' },
      ),
    );
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(error).getByText(
        'Cancel failed. Please contact support. The subscription already ends at the end of its period.',
      ),
    ).toBeVisible();
  });

  it('changes the payment method through an order for the running plan', async () => {
    billingServer();
    const router = renderAt('/team/subscription');
    const payment = await card('Payment method');
    fireEvent.click(within(payment).getByRole('button', { name: 'Change payment method' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/subscription/confirm'));
    expect(JSON.parse(localStorage.getItem(billingLimits.orderStorageKey) ?? 'null')).toEqual({
      organizationId: adminTeam.id,
      subscriptionId: 'sub_1',
      productId: 'prod_roomscale',
      priceId: 'price_month',
      usersCount: 5,
    });
  });

  it('says why the overview could not be loaded and tries again', async () => {
    let fail = true;
    billingServer({}, (c) =>
      fail && c.path.endsWith('/subscription') ? { status: 500 } : undefined,
    );
    renderAt('/team/subscription');
    expect(await screen.findByText('The subscription could not be loaded.')).toBeVisible();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Manage your licenses' })).toBeVisible();
  });
});

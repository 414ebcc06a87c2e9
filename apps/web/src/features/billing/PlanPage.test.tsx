// @vitest-environment happy-dom
import { billingLimits, billingTexts } from '@roomscale/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetBrowser, signedInBrowser, stubFonts } from '../../test/harness.tsx';
import { writeOrder } from './order.ts';
import { customerFixture, licensingFixture, subscriptionFixture } from './testing.ts';
import { adminTeam, billingServer, renderAt, signIn } from './testServer.tsx';

const users = () => screen.getByRole('textbox', { name: /^Number of users/ });
const setUsers = (value: string) => fireEvent.change(users(), { target: { value } });
const plan = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) });
const next = () => screen.getByRole('button', { name: 'Next' });
const storedOrder = () => JSON.parse(localStorage.getItem(billingLimits.orderStorageKey) ?? 'null');

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
  await signIn();
});
afterEach(() => {
  resetBrowser();
});

describe('the plan page', () => {
  it('sends a team without a customer to the billing details', async () => {
    billingServer({ customer: null });
    const router = renderAt('/team/subscription/plan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/subscription/customer'));
  });

  it('sends the admin of a team that does not manage its subscription to the overview', async () => {
    billingServer({ licensing: licensingFixture({ selfManaged: false }) });
    const router = renderAt('/team/subscription/plan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/subscription'));
    // The overview says why ordering is not open to them.
    expect(await screen.findByText(billingTexts.subscriptionCard.providerManaged)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Choose a plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('prices each plan per user and for all users, excl. VAT, and stores the order', async () => {
    billingServer({ customer: customerFixture({ subscriptionDetail: null }) });
    const router = renderAt('/team/subscription/plan');
    expect(await screen.findByRole('heading', { name: 'Choose a plan' })).toBeVisible();
    // Monthly and one user to start with.
    expect(users()).toHaveValue('1');
    expect(plan('Monthly')).toBeChecked();
    expect(screen.getByText('€29.00 per user per month')).toBeVisible();
    expect(screen.getByText('€9.00 per user per week')).toBeVisible();
    expect(screen.getByText('€290.00 per user per year')).toBeVisible();
    expect(screen.getByText('Prices excl. VAT')).toBeVisible();

    setUsers('12');
    expect(await screen.findByText('€348.00 per month')).toBeVisible();
    expect(screen.getByText('€3,480.00 per year')).toBeVisible();
    fireEvent.click(plan('Yearly'));
    expect(plan('Yearly')).toBeChecked();
    fireEvent.click(next());
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/subscription/confirm'));
    expect(storedOrder()).toEqual({
      organizationId: adminTeam.id,
      subscriptionId: null,
      productId: 'prod_roomscale',
      priceId: 'price_year',
      usersCount: 12,
    });
  });

  it('asks to contact sales from 50 users', async () => {
    billingServer({ customer: customerFixture({ subscriptionDetail: null }) });
    renderAt('/team/subscription/plan');
    await screen.findByRole('heading', { name: 'Choose a plan' });
    setUsers('49');
    expect(await screen.findByText('€1,421.00 per month')).toBeVisible();
    expect(screen.queryByText(/Contact our sales team/)).toBeNull();
    setUsers(String(billingLimits.contactSalesFrom));
    expect(await screen.findByText(/Contact our sales team/)).toBeVisible();
    expect(next()).toBeEnabled();
  });

  it('needs a whole number of users above 0', async () => {
    billingServer({ customer: customerFixture({ subscriptionDetail: null }) });
    renderAt('/team/subscription/plan');
    await screen.findByRole('heading', { name: 'Choose a plan' });
    setUsers('');
    expect(await screen.findByText('The number of users must be above 0')).toBeVisible();
    expect(next()).toBeDisabled();
    setUsers('0');
    expect(next()).toBeDisabled();
    setUsers('3');
    await waitFor(() => expect(next()).toBeEnabled());
    expect(screen.queryByText('The number of users must be above 0')).toBeNull();
  });

  it('starts from the running plan, and needs a change to go on', async () => {
    billingServer({
      customer: customerFixture({
        subscriptionDetail: subscriptionFixture({
          currentInterval: 'year',
          currentPriceId: 'price_year',
          currentSubscriptionUserCount: 8,
        }),
      }),
    });
    renderAt('/team/subscription/plan');
    await screen.findByRole('heading', { name: 'Choose a plan' });
    expect(users()).toHaveValue('8');
    expect(plan('Yearly')).toBeChecked();
    expect(screen.getByText('Current plan')).toBeVisible();
    expect(next()).toBeDisabled();
    expect(screen.getByText(/This is your current plan and number of users/)).toBeVisible();
    setUsers('10');
    await waitFor(() => expect(next()).toBeEnabled());
    fireEvent.click(next());
    await waitFor(() =>
      expect(storedOrder()).toMatchObject({ subscriptionId: 'sub_1', usersCount: 10 }),
    );
  });

  it('comes back to the pending order from the confirm page', async () => {
    billingServer({ customer: customerFixture({ subscriptionDetail: null }) });
    writeOrder({
      organizationId: adminTeam.id,
      subscriptionId: null,
      productId: 'prod_roomscale',
      priceId: 'price_week',
      usersCount: 4,
    });
    renderAt('/team/subscription/plan');
    await screen.findByRole('heading', { name: 'Choose a plan' });
    expect(users()).toHaveValue('4');
    expect(plan('Weekly')).toBeChecked();
  });
});

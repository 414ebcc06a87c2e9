// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBrowser, signedInBrowser, stubFonts } from '../../test/harness.tsx';
import { writeOrder } from './order.ts';
import { customerFixture, detailsFixture, subscriptionFixture } from './testing.ts';
import { adminTeam, billingServer, callsTo, renderAt, signIn } from './testServer.tsx';

/**
 * The Stripe path of the confirm page, with Stripe.js and its React elements replaced: the card
 * element reports completeness like Stripe's, and the calls to Stripe are recorded.
 */
const stripe = vi.hoisted(() => {
  const element = { kind: 'card-element' };
  const api = {
    confirmCardSetup: vi.fn(),
    confirmCardPayment: vi.fn(),
    retrieveSetupIntent: vi.fn(),
    retrievePaymentIntent: vi.fn(),
  };
  return { element, api, loadStripe: vi.fn(async (_key: string) => api) };
});

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  useElements: () => ({ getElement: () => stripe.element }),
  CardElement: ({ onChange }: { onChange: (e: { complete: boolean }) => void }) => (
    <>
      <button type="button" onClick={() => onChange({ complete: true })}>
        Complete the card
      </button>
      <button type="button" onClick={() => onChange({ complete: false })}>
        Break the card
      </button>
    </>
  ),
}));

const confirmButton = () => screen.getByRole('button', { name: 'Confirm' });
const teamPath = `/api/StripeCustomers/${adminTeam.id}`;

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
  await signIn();
  for (const fn of Object.values(stripe.api)) fn.mockReset();
  stripe.loadStripe.mockClear();
  writeOrder({
    organizationId: adminTeam.id,
    subscriptionId: null,
    productId: 'prod_roomscale',
    priceId: 'price_month',
    usersCount: 5,
  });
});
afterEach(() => {
  act(() => notifications.clean());
  resetBrowser();
});

describe('the confirm page with Stripe', () => {
  it('saves the card with Stripe, then confirms the payment for off-session use', async () => {
    stripe.api.confirmCardSetup.mockResolvedValue({
      setupIntent: { status: 'succeeded', payment_method: 'pm_stripe' },
    });
    stripe.api.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const { calls } = billingServer({
      details: detailsFixture({ provider: 'stripe', publishableKey: 'pk_test_123' }),
      customer: customerFixture({ subscriptionDetail: null, paymentMethodId: null }),
      update: {
        orderType: 'Create',
        paymentMethodId: 'pm_stripe',
        subscriptionDetail: subscriptionFixture({
          status: 'incomplete',
          subscriptionPaymentIntentStatus: 'requires_payment_method',
          subscriptionPaymentIntentSecret: 'pi_9_secret_z',
        }),
      },
    });
    renderAt('/team/subscription/confirm');
    // The simulator's own fields and notice are not there.
    await screen.findByRole('button', { name: 'Complete the card' });
    expect(screen.queryByText(/Test mode/)).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Card number/ })).toBeNull();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');

    fireEvent.change(screen.getByRole('textbox', { name: /^Name on card/ }), {
      target: { value: 'Ada Lovelace' },
    });
    expect(confirmButton()).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Complete the card' }));
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Break the card' }));
    expect(confirmButton()).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Complete the card' }));
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    fireEvent.click(confirmButton());

    expect(await screen.findByRole('dialog', { name: 'Completed' })).toBeVisible();
    expect(stripe.api.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_abc', {
      payment_method: { card: stripe.element, billing_details: { name: 'Ada Lovelace' } },
    });
    expect(callsTo(calls, 'POST', `${teamPath}/Subscription`).map((c) => c.body)).toEqual([
      { paymentMethodId: 'pm_stripe', priceId: 'price_month', quantity: 5 },
    ]);
    expect(stripe.api.confirmCardPayment).toHaveBeenCalledWith('pi_9_secret_z', {
      payment_method: 'pm_stripe',
      setup_future_usage: 'off_session',
      return_url: `${window.location.origin}/team/subscription/confirm`,
    });
  });

  it("shows Stripe's message when it refuses the card", async () => {
    stripe.api.confirmCardSetup.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card has insufficient funds.' },
    });
    const { calls } = billingServer({
      details: detailsFixture({ provider: 'stripe' }),
      customer: customerFixture({ subscriptionDetail: null, paymentMethodId: null }),
    });
    renderAt('/team/subscription/confirm');
    fireEvent.click(await screen.findByRole('button', { name: 'Complete the card' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Name on card/ }), {
      target: { value: 'Ada Lovelace' },
    });
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    fireEvent.click(confirmButton());
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(dialog).getByText('An error has occurred: Your card has insufficient funds.'),
    ).toBeVisible();
    expect(callsTo(calls, 'POST', `${teamPath}/Subscription`)).toEqual([]);
  });

  it('never loads Stripe.js for the simulator', async () => {
    billingServer({
      customer: customerFixture({ subscriptionDetail: null, paymentMethodId: null }),
    });
    renderAt('/team/subscription/confirm');
    expect(await screen.findByText(/Test mode/)).toBeVisible();
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });
});

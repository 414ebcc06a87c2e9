// @vitest-environment happy-dom
import { notifications } from '@mantine/notifications';
import {
  billingLimits,
  billingTexts,
  type SimulatorIntent,
  type StoredOrder,
  simulatorIntent,
} from '@roomscale/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBrowser, signedInBrowser, stubFonts } from '../../test/harness.tsx';
import { writeOrder } from './order.ts';
import {
  customerFixture,
  licensingFixture,
  previewFixture,
  sentence,
  subscriptionFixture,
} from './testing.ts';
import {
  adminTeam,
  billingServer,
  type Call,
  callsTo,
  problem,
  renderAt,
  signIn,
} from './testServer.tsx';

const teamPath = `/api/StripeCustomers/${adminTeam.id}`;
const simulator = '/api/BillingSimulator';
const completedText =
  'The order has been processed. When payment is completed, the licenses can be assigned in the "Team" menu. You will receive an email when the licenses are available.';

function order(overrides: Partial<StoredOrder> = {}): StoredOrder {
  return {
    organizationId: adminTeam.id,
    subscriptionId: null,
    productId: 'prod_roomscale',
    priceId: 'price_month',
    usersCount: 5,
    ...overrides,
  };
}

/** A simulator intent as its browser calls answer (checked against the contract's schema). */
function intent(overrides: Partial<SimulatorIntent> = {}): { body: SimulatorIntent } {
  return {
    body: simulatorIntent.parse({
      id: 'seti_1',
      status: 'succeeded',
      paymentMethodId: 'pm_new',
      redirectUrl: null,
      error: null,
      ...overrides,
    }),
  };
}

/** The team without a subscription or a saved card: a new card is the only way to pay. */
const newCustomer = () =>
  customerFixture({
    subscriptionDetail: null,
    paymentType: null,
    paymentCardBrand: null,
    paymentCardLast4: null,
    paymentCardExpiryMonth: null,
    paymentCardExpiryYear: null,
    paymentMethodId: null,
  });

const confirmButton = () => screen.getByRole('button', { name: 'Confirm' });
const input = (name: RegExp) => screen.getByRole('textbox', { name });
const type = (name: RegExp, value: string) => {
  fireEvent.change(input(name), { target: { value } });
  fireEvent.blur(input(name));
};

function fillCard({
  number = '4242 4242 4242 4242',
  expiry = '12/34',
  cvc = '123',
  holder = 'Ada Lovelace',
} = {}) {
  type(/^Name on card/, holder);
  type(/^Card number/, number);
  type(/^Expiry/, expiry);
  type(/^CVC/, cvc);
}

const storedOrder = () => localStorage.getItem(billingLimits.orderStorageKey);
const summary = () => screen.getByRole('region', { name: 'Order summary' });
const price = () => screen.getByRole('region', { name: 'Estimated price' });
const bodiesOf = (calls: Call[], method: string, path: string) =>
  callsTo(calls, method, path).map((c) => c.body);

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
  sessionStorage.clear();
  await signIn();
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => {
  act(() => notifications.clean());
  vi.restoreAllMocks();
  resetBrowser();
});

describe('the confirm page: where it goes', () => {
  it('goes to the plan page without a pending order', async () => {
    billingServer();
    const router = renderAt('/team/subscription/confirm');
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/subscription/plan'));
  });

  it("goes to the plan page with another team's order", async () => {
    billingServer();
    writeOrder(order({ organizationId: '99999999-9999-4999-8999-999999999999' }));
    const router = renderAt('/team/subscription/confirm');
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/subscription/plan'));
  });

  it('sends the admin of a team that does not manage its subscription to the overview', async () => {
    const { calls } = billingServer({ licensing: licensingFixture({ selfManaged: false }) });
    writeOrder(order());
    const router = renderAt('/team/subscription/confirm');
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/subscription'));
    expect(await screen.findByText(billingTexts.subscriptionCard.providerManaged)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(callsTo(calls, 'POST', `${teamPath}/Subscription`)).toEqual([]);
  });

  it('goes to the billing details when the customer cannot be loaded', async () => {
    billingServer({ customer: null });
    writeOrder(order());
    const router = renderAt('/team/subscription/confirm');
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/subscription/customer'));
  });
});

describe('the confirm page: the order', () => {
  it('sums up a new subscription and its estimated price with VAT', async () => {
    const { calls } = billingServer({ customer: newCustomer() });
    writeOrder(order());
    renderAt('/team/subscription/confirm');
    expect(await screen.findByRole('heading', { name: 'Finalize order' })).toBeVisible();
    expect(within(summary()).getByText('New subscription')).toBeVisible();
    expect(within(summary()).getByText('Monthly')).toBeVisible();
    expect(within(summary()).getByText('5')).toBeVisible();
    expect(await within(price()).findByText('€145.00')).toBeVisible();
    expect(within(price()).getByText('VAT 21%')).toBeVisible();
    expect(within(price()).getByText('€30.45')).toBeVisible();
    expect(within(price()).getByText('€175.45')).toBeVisible();
    expect(bodiesOf(calls, 'POST', `${teamPath}/Subscription/Price`)).toEqual([
      { priceId: 'price_month', quantity: 5 },
    ]);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/team/subscription/plan',
    );
  });

  it('says a downgrade starts at the end of the current term', async () => {
    billingServer({ preview: previewFixture({ orderType: 'Downgrade' }) });
    writeOrder(order({ subscriptionId: 'sub_1', priceId: 'price_week' }));
    renderAt('/team/subscription/confirm');
    expect(await screen.findByText('Downgrade')).toBeVisible();
    expect(
      screen.getByText(
        sentence('The change takes effect at the end of the current term, on 07-03-2026.'),
      ),
    ).toBeVisible();
  });

  it('says an upgrade takes effect at once', async () => {
    billingServer();
    writeOrder(order({ subscriptionId: 'sub_1', priceId: 'price_month', usersCount: 9 }));
    renderAt('/team/subscription/confirm');
    expect(await screen.findByText('Upgrade')).toBeVisible();
    expect(screen.getByText(/The change takes effect immediately/)).toBeVisible();
  });

  it('shows VAT reverse-charged for an EU business outside the Netherlands', async () => {
    billingServer({
      customer: customerFixture({ addressCountry: 'DE', taxId: 'DE123456789', taxRate: 0 }),
      preview: previewFixture({ taxRate: 0, totalTax: 0, total: 14500 }),
    });
    writeOrder(order());
    renderAt('/team/subscription/confirm');
    expect(
      await within(await screen.findByRole('region', { name: 'Estimated price' })).findByText(
        'VAT reverse-charged',
      ),
    ).toBeVisible();
    expect(within(price()).getAllByText('€145.00')).toHaveLength(2);
  });

  it('calls a payment method change by its name and asks for a new card', async () => {
    billingServer();
    writeOrder(order({ subscriptionId: 'sub_1' }));
    renderAt('/team/subscription/confirm');
    expect(await screen.findByText('Payment method change')).toBeVisible();
    expect(screen.getByRole('radio', { name: /A new card/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Visa ending in 4242/ })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/team/subscription',
    );
  });
});

describe('the confirm page: paying', () => {
  it('enables Confirm only with a complete card and the holder name', async () => {
    billingServer({ customer: newCustomer() });
    writeOrder(order());
    renderAt('/team/subscription/confirm');
    expect(await screen.findByText(/Test mode: no real payment is made/)).toBeVisible();
    expect(screen.getByRole('radio', { name: /A new card/ })).toBeChecked();
    expect(confirmButton()).toBeDisabled();

    fillCard({ number: '4242 4242 4242 4241' });
    expect(await screen.findByText('Your card number is invalid.')).toBeVisible();
    expect(confirmButton()).toBeDisabled();
    type(/^Card number/, '4242 4242 4242');
    expect(await screen.findByText('Your card number is incomplete.')).toBeVisible();
    type(/^Card number/, '4242424242424242');
    expect(input(/^Card number/)).toHaveValue('4242 4242 4242 4242');
    await waitFor(() => expect(confirmButton()).toBeEnabled());

    type(/^Expiry/, '01/20');
    expect(await screen.findByText("Your card's expiration year is in the past.")).toBeVisible();
    expect(confirmButton()).toBeDisabled();
    type(/^Expiry/, '1234');
    expect(input(/^Expiry/)).toHaveValue('12/34');
    await waitFor(() => expect(confirmButton()).toBeEnabled());

    type(/^CVC/, '12');
    expect(await screen.findByText("Your card's security code is incomplete.")).toBeVisible();
    expect(confirmButton()).toBeDisabled();
    type(/^CVC/, '1234');
    await waitFor(() => expect(confirmButton()).toBeEnabled());

    type(/^Name on card/, '  ');
    expect(confirmButton()).toBeDisabled();
    type(/^Name on card/, 'Ada Lovelace');
    expect(confirmButton()).toBeEnabled();
  });

  it('pays with the saved card, then says Completed and opens the overview', async () => {
    const { calls } = billingServer();
    writeOrder(order({ subscriptionId: 'sub_1', usersCount: 9 }));
    const router = renderAt('/team/subscription/confirm');
    expect(await screen.findByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: /^Card number/ })).toBeNull();
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    fireEvent.click(confirmButton());

    const dialog = await screen.findByRole('dialog', { name: 'Completed' });
    expect(within(dialog).getByText(completedText)).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/subscription'));
    expect(bodiesOf(calls, 'POST', `${teamPath}/Subscription`)).toEqual([
      { paymentMethodId: 'pm_saved', priceId: 'price_month', quantity: 9 },
    ]);
    expect(callsTo(calls, 'GET', `${teamPath}/PaymentMethod/Secret`)).toEqual([]);
    expect(storedOrder()).toBeNull();
  });

  it('saves a new card, and sends the browser to authenticate the payment when it asks', async () => {
    const { calls } = billingServer(
      {
        customer: newCustomer(),
        update: {
          orderType: 'Create',
          paymentMethodId: 'pm_new',
          subscriptionDetail: subscriptionFixture({
            status: 'incomplete',
            subscriptionPaymentIntentId: 'pi_1',
            subscriptionPaymentIntentStatus: 'requires_action',
            subscriptionPaymentIntentSecret: 'pi_1_secret_x',
          }),
        },
      },
      (c) => {
        if (c.path === `${simulator}/SetupIntents/seti_1/Confirm`) return intent();
        if (c.path === `${simulator}/PaymentIntents/pi_1/Confirm`) {
          return intent({
            id: 'pi_1',
            status: 'requires_action',
            redirectUrl: 'http://localhost:3000/billing-simulator/authenticate/pi_1',
          });
        }
        return undefined;
      },
    );
    writeOrder(order());
    renderAt('/team/subscription/confirm');
    await screen.findByText(/Test mode/);
    fillCard();
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    fireEvent.click(confirmButton());

    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'http://localhost:3000/billing-simulator/authenticate/pi_1',
      ),
    );
    const returnUrl = `${window.location.origin}/team/subscription/confirm`;
    expect(bodiesOf(calls, 'POST', `${simulator}/SetupIntents/seti_1/Confirm`)).toEqual([
      {
        clientSecret: 'seti_1_secret_abc',
        returnUrl,
        card: {
          number: '4242424242424242',
          expMonth: 12,
          expYear: 2034,
          cvc: '123',
          name: 'Ada Lovelace',
        },
      },
    ]);
    expect(bodiesOf(calls, 'POST', `${teamPath}/Subscription`)).toEqual([
      { paymentMethodId: 'pm_new', priceId: 'price_month', quantity: 5 },
    ]);
    expect(bodiesOf(calls, 'POST', `${simulator}/PaymentIntents/pi_1/Confirm`)).toEqual([
      { clientSecret: 'pi_1_secret_x', paymentMethodId: 'pm_new', returnUrl },
    ]);
    // Leaving the page: still busy, the order kept for the return.
    expect(confirmButton()).toBeDisabled();
    expect(storedOrder()).not.toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Completed' })).toBeNull();
  });

  it('keeps Confirm disabled while the order is submitted', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    billingServer({ customer: newCustomer() }, async (c) => {
      if (c.path === `${teamPath}/PaymentMethod/Secret`) {
        await held;
        return { body: { clientSecret: 'seti_1_secret_abc' } };
      }
      if (c.path === `${simulator}/SetupIntents/seti_1/Confirm`) return intent();
      return undefined;
    });
    writeOrder(order());
    renderAt('/team/subscription/confirm');
    await screen.findByText(/Test mode/);
    fillCard();
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    fireEvent.click(confirmButton());
    await waitFor(() => expect(confirmButton()).toBeDisabled());
    expect(input(/^Card number/)).toBeDisabled();
    release();
    expect(await screen.findByRole('dialog', { name: 'Completed' })).toBeVisible();
  });

  it('says why the card was refused and lets the user try another', async () => {
    const { calls } = billingServer({ customer: newCustomer() }, (c) =>
      c.path === `${simulator}/SetupIntents/seti_1/Confirm`
        ? intent({
            status: 'requires_payment_method',
            paymentMethodId: null,
            error: { code: 'card_declined', message: 'Your card was declined.' },
          })
        : undefined,
    );
    writeOrder(order());
    renderAt('/team/subscription/confirm');
    await screen.findByText(/Test mode/);
    fillCard({ number: '4000 0000 0000 0002' });
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    fireEvent.click(confirmButton());
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(dialog).getByText('An error has occurred: Your card was declined.'),
    ).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    expect(input(/^Card number/)).toHaveValue('4000 0000 0000 0002');
    expect(callsTo(calls, 'POST', `${teamPath}/Subscription`)).toEqual([]);
  });

  it("says 'The order has failed: {reason}' when the server refuses it", async () => {
    billingServer({}, (c) =>
      c.method === 'POST' && c.path === `${teamPath}/Subscription`
        ? problem(400, 'This plan does not exist.')
        : undefined,
    );
    writeOrder(order({ subscriptionId: 'sub_1', usersCount: 9 }));
    const router = renderAt('/team/subscription/confirm');
    await waitFor(() => expect(confirmButton()).toBeEnabled());
    fireEvent.click(confirmButton());
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(dialog).getByText('The order has failed: This plan does not exist.'),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/team/subscription/confirm');
    expect(storedOrder()).not.toBeNull();
    await waitFor(() => expect(confirmButton()).toBeEnabled());
  });
});

describe('the confirm page: back from authentication', () => {
  it('resumes the order with the card of a returned setup intent', async () => {
    const { calls } = billingServer({ customer: newCustomer() }, (c) =>
      c.method === 'GET' && c.path === `${simulator}/SetupIntents/seti_1`
        ? intent({ paymentMethodId: 'pm_3ds' })
        : undefined,
    );
    writeOrder(order());
    const router = renderAt(
      '/team/subscription/confirm?setup_intent=seti_1&setup_intent_client_secret=seti_1_secret_abc&redirect_status=succeeded',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Completed' });
    expect(within(dialog).getByText(completedText)).toBeVisible();
    expect(callsTo(calls, 'GET', `${simulator}/SetupIntents/seti_1`).map((c) => c.search)).toEqual([
      '?clientSecret=seti_1_secret_abc',
    ]);
    expect(bodiesOf(calls, 'POST', `${teamPath}/Subscription`)).toEqual([
      { paymentMethodId: 'pm_3ds', priceId: 'price_month', quantity: 5 },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/subscription'));
    expect(storedOrder()).toBeNull();
  });

  it('completes a returned payment, reading its secret kept before leaving', async () => {
    sessionStorage.setItem(
      'roomscale.cardReturn',
      JSON.stringify({ kind: 'payment', clientSecret: 'pi_1_secret_x' }),
    );
    const { calls } = billingServer({}, (c) =>
      c.method === 'GET' && c.path === `${simulator}/PaymentIntents/pi_1`
        ? intent({ id: 'pi_1' })
        : undefined,
    );
    writeOrder(order());
    renderAt('/team/subscription/confirm?payment_intent=pi_1&redirect_status=succeeded');
    expect(await screen.findByRole('dialog', { name: 'Completed' })).toBeVisible();
    expect(callsTo(calls, 'GET', `${simulator}/PaymentIntents/pi_1`).map((c) => c.search)).toEqual([
      '?clientSecret=pi_1_secret_x',
    ]);
    expect(callsTo(calls, 'POST', `${teamPath}/Subscription`)).toEqual([]);
    expect(sessionStorage.getItem('roomscale.cardReturn')).toBeNull();
  });

  it('says why a returned payment failed, and stays to try another card', async () => {
    billingServer({}, (c) =>
      c.method === 'GET' && c.path === `${simulator}/PaymentIntents/pi_1`
        ? intent({
            id: 'pi_1',
            status: 'requires_payment_method',
            error: {
              code: 'authentication_failed',
              message:
                'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
            },
          })
        : undefined,
    );
    writeOrder(order());
    const router = renderAt(
      '/team/subscription/confirm?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=failed',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(dialog).getByText(
        'An error has occurred: We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      ),
    ).toBeVisible();
    // The address no longer carries the intent: a reload does not repeat it.
    expect(router.state.location.search).toBe('');
    expect(router.state.location.pathname).toBe('/team/subscription/confirm');
    expect(storedOrder()).not.toBeNull();
  });
});

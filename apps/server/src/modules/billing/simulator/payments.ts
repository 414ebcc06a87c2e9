import { billingMessages, type SimulatorCard } from '@roomscale/shared';
import { brandOf, type CardOutcome, chargeOutcome, checkCard, setupOutcome } from './cards.ts';
import { customerOf } from './customers.ts';
import { invalid, SimError } from './errors.ts';
import { invoicePaymentFailed, invoicePaymentSucceeded } from './settlement.ts';
import { newId, type SimStore, secretOf } from './store.ts';
import type {
  IntentError,
  NextAction,
  PaymentIntent,
  PaymentMethod,
  SetupIntent,
} from './types.ts';

/** Where the browser authenticates an intent with its "bank" (browser.ts). */
export const authenticatePath = (intentId: string) => `/billing-simulator/authenticate/${intentId}`;

function redirectTo(publicUrl: string, intentId: string, returnUrl: string): NextAction {
  const url = new URL(`${publicUrl}${authenticatePath(intentId)}`);
  url.searchParams.set('return_url', returnUrl);
  return {
    type: 'redirect_to_url',
    redirect_to_url: { url: url.toString(), return_url: returnUrl },
  };
}

const errorOf = (
  o: Extract<CardOutcome, { kind: 'declined' }>,
  pm: PaymentMethod,
): IntentError => ({
  type: 'card_error',
  code: o.code,
  decline_code: o.declineCode,
  message: o.message,
  payment_method: { id: pm.id, object: 'payment_method', type: 'card' },
});

const authenticationError = (kind: 'setup' | 'payment'): IntentError => ({
  type: 'invalid_request_error',
  code: `${kind === 'setup' ? 'setup' : 'payment'}_intent_authentication_failure`,
  message: billingMessages.authenticationFailed,
});

export async function paymentMethodOf(s: SimStore, id: string, param = 'payment_method') {
  return s.get<PaymentMethod>('payment_method', id, param);
}

export async function attachPaymentMethod(s: SimStore, id: string, customerId: string) {
  const pm = await paymentMethodOf(s, id);
  await customerOf(s, customerId);
  if (pm.customer && pm.customer !== customerId)
    throw invalid(
      'The payment method you provided has already been attached to a customer.',
      'payment_method',
    );
  pm.customer = customerId;
  await s.save(pm);
  await s.emit('payment_method.attached', pm);
  return pm;
}

export async function createSetupIntent(
  s: SimStore,
  p: { customer: string | null; usage: string },
) {
  if (p.customer) await customerOf(s, p.customer);
  const id = newId('seti');
  return s.save<SetupIntent>({
    id,
    object: 'setup_intent',
    client_secret: secretOf(id),
    customer: p.customer,
    status: 'requires_payment_method',
    payment_method: null,
    usage: p.usage,
    last_setup_error: null,
    next_action: null,
    created: s.nowSeconds,
  });
}

/** The intent whose client secret the browser holds; anything else is "not found". */
export async function intentBySecret<T extends SetupIntent | PaymentIntent>(
  s: SimStore,
  object: T['object'],
  id: string,
  secret: string,
): Promise<T> {
  const intent = await s.find<T>(id);
  if (!intent || intent.object !== object || intent.client_secret !== secret)
    throw new SimError(404, 'invalid_request_error', billingMessages.intentUnknown, {
      code: 'resource_missing',
    });
  return intent;
}

function cardMethod(s: SimStore, number: string, card: SimulatorCard): PaymentMethod {
  return {
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    card: {
      brand: brandOf(number),
      last4: number.slice(-4),
      exp_month: card.expMonth,
      exp_year: card.expYear,
      country: 'NL',
    },
    billing_details: { name: card.name },
    customer: null,
    created: s.nowSeconds,
    _number: number,
    _authenticated: false,
  };
}

/** The browser saves a card on a setup intent (the simulator's stand-in for Stripe.js). */
export async function confirmSetup(
  s: SimStore,
  intent: SetupIntent,
  card: SimulatorCard,
  returnUrl: string,
) {
  if (intent.status === 'succeeded' || intent.status === 'canceled')
    throw invalid(`This SetupIntent has a status of ${intent.status} and cannot be confirmed.`);
  const number = checkCard(card, s.now);
  const pm = await s.save(cardMethod(s, number, card));
  intent.payment_method = pm.id;
  intent.last_setup_error = null;
  intent.next_action = null;
  const outcome = setupOutcome(number);
  if (outcome.kind === 'declined') {
    intent.status = 'requires_payment_method';
    intent.last_setup_error = errorOf(outcome, pm);
    intent.payment_method = null;
  } else if (outcome.kind === 'requiresAction') {
    intent.status = 'requires_action';
    intent.next_action = redirectTo(s.publicUrl, intent.id, returnUrl);
  } else {
    await succeedSetup(s, intent, pm, false);
  }
  return s.save(intent);
}

async function succeedSetup(
  s: SimStore,
  intent: SetupIntent,
  pm: PaymentMethod,
  authenticated: boolean,
) {
  intent.status = 'succeeded';
  intent.next_action = null;
  pm._authenticated = authenticated;
  await s.save(pm);
  if (intent.customer) await attachPaymentMethod(s, pm.id, intent.customer);
  await s.save(intent);
  await s.emit('setup_intent.succeeded', intent);
}

export async function createPaymentIntent(
  s: SimStore,
  p: { amount: number; customer: string; paymentMethod: string | null; invoice: string },
) {
  const id = newId('pi');
  return s.save<PaymentIntent>({
    id,
    object: 'payment_intent',
    amount: p.amount,
    currency: 'eur',
    customer: p.customer,
    status: 'requires_payment_method',
    client_secret: secretOf(id),
    payment_method: p.paymentMethod,
    last_payment_error: null,
    next_action: null,
    setup_future_usage: null,
    created: s.nowSeconds,
    _invoice: p.invoice,
  });
}

/**
 * Tries to pay `intent` with its card. On-session (the browser or a subscription being taken
 * out) a 3155 card that was not authenticated when saved asks for authentication; declined
 * cards fail. Paying settles the intent's invoice.
 */
export async function attemptPayment(
  s: SimStore,
  intent: PaymentIntent,
  opts: { returnUrl?: string },
) {
  intent.last_payment_error = null;
  intent.next_action = null;
  if (!intent.payment_method) {
    intent.status = 'requires_payment_method';
    return s.save(intent);
  }
  const pm = await paymentMethodOf(s, intent.payment_method);
  const outcome = chargeOutcome(pm._number, pm._authenticated);
  if (outcome.kind === 'succeeded') return succeedPayment(s, intent);
  if (outcome.kind === 'requiresAction') {
    intent.status = 'requires_action';
    intent.next_action = redirectTo(
      s.publicUrl,
      intent.id,
      opts.returnUrl ?? `${s.publicUrl}/team/subscription`,
    );
    await s.save(intent);
    await s.emit('payment_intent.requires_action', intent);
    return intent;
  }
  intent.status = 'requires_payment_method';
  intent.last_payment_error = errorOf(outcome, pm);
  await s.save(intent);
  await s.emit('payment_intent.payment_failed', intent);
  if (intent._invoice) await invoicePaymentFailed(s, intent._invoice, outcome.message);
  return intent;
}

async function succeedPayment(s: SimStore, intent: PaymentIntent) {
  intent.status = 'succeeded';
  intent.next_action = null;
  await s.save(intent);
  await s.emit('payment_intent.succeeded', intent);
  if (intent._invoice) await invoicePaymentSucceeded(s, intent._invoice);
  return intent;
}

/** The browser pays an intent, with its card or another one of the customer's. */
export async function confirmPayment(
  s: SimStore,
  intent: PaymentIntent,
  paymentMethodId: string | null | undefined,
  returnUrl: string,
) {
  if (intent.status === 'succeeded' || intent.status === 'canceled')
    throw invalid(`This PaymentIntent has a status of ${intent.status} and cannot be confirmed.`);
  if (paymentMethodId) {
    const pm = await paymentMethodOf(s, paymentMethodId);
    if (pm.customer && pm.customer !== intent.customer)
      throw invalid('The payment method belongs to another customer.', 'payment_method');
    intent.payment_method = pm.id;
  }
  return attemptPayment(s, intent, { returnUrl });
}

/** The simulated bank's answer on the authentication page. */
export async function authenticate(s: SimStore, intentId: string, approve: boolean) {
  const intent = await s.find<SetupIntent | PaymentIntent>(intentId);
  if (!intent || (intent.object !== 'setup_intent' && intent.object !== 'payment_intent'))
    throw new SimError(404, 'invalid_request_error', billingMessages.intentUnknown);
  if (intent.status !== 'requires_action') return intent;
  if (intent.object === 'setup_intent') {
    const setup = intent as SetupIntent;
    const pm = await paymentMethodOf(s, setup.payment_method ?? '');
    if (approve) await succeedSetup(s, setup, pm, true);
    else {
      setup.status = 'requires_payment_method';
      setup.next_action = null;
      setup.payment_method = null;
      setup.last_setup_error = authenticationError('setup');
      await s.save(setup);
      await s.emit('setup_intent.setup_failed', setup);
    }
    return setup;
  }
  const payment = intent as PaymentIntent;
  if (approve) {
    // Authenticated with the payment: later charges to the card need none.
    if (payment.payment_method) {
      const pm = await paymentMethodOf(s, payment.payment_method);
      pm._authenticated = true;
      await s.save(pm);
    }
    return succeedPayment(s, payment);
  }
  payment.status = 'requires_payment_method';
  payment.next_action = null;
  payment.last_payment_error = authenticationError('payment');
  await s.save(payment);
  await s.emit('payment_intent.payment_failed', payment);
  if (payment._invoice)
    await invoicePaymentFailed(s, payment._invoice, billingMessages.authenticationFailed);
  return payment;
}

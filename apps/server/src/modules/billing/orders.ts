import {
  billingMessages,
  billingTexts,
  type OrderType,
  orderTypeOf,
  type PricePreview,
  type SubscriptionDetail,
  type SubscriptionUpdate,
  type SubscriptionUpdateResult,
  taxTreatmentOf,
} from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { conflict, forbidden, HttpError, notFound } from '../../platform/http/problem.ts';
import { enqueueMail } from '../../platform/mail/background.ts';
import { type PersonActor, recordAudit } from '../audit/record.ts';
import { assertSelfManaged, customerOf, taxRateFor, taxSubjectOf } from './customers.ts';
import type { Billing } from './driver.ts';
import { orderCompletedEmail } from './emails.ts';
import { presentSubscription } from './presenter.ts';
import { dateOf, intervalOf, intervalOfPrice, provider } from './provider.ts';
import { runningSubscription, SUBSCRIPTION_EXPAND, storeReturned, viewOf } from './sync.ts';

const itemOf = (s: Stripe.Subscription) => s.items.data[0] as Stripe.SubscriptionItem;

/**
 * The order type of `priceId` × `quantity` while `running` (the subscription an order changes:
 * one not over yet, an unpaid first one included) runs.
 */
function orderTypeFor(
  billing: Billing,
  running: Stripe.Subscription | null,
  priceId: string,
  quantity: number,
): OrderType {
  const interval = intervalOfPrice(billing, priceId);
  // An unpaid first subscription is replaced, not changed.
  if (!running || running.status === 'incomplete') return 'Create';
  const item = itemOf(running);
  const current = intervalOf(billing, item.price.id);
  return orderTypeOf(current ? { interval: current, quantity: item.quantity ?? 0 } : null, {
    interval,
    quantity,
  });
}

/** The estimate of an order (part2 §3 price preview), in cents, with the rate in percent. */
export async function previewOrder(
  ctx: AppContext,
  billing: Billing,
  organizationId: string,
  body: { priceId: string; quantity: number },
): Promise<PricePreview> {
  const { customer } = await customerOf(ctx, billing, organizationId);
  const running = runningSubscription(customer);
  const orderType = orderTypeFor(billing, running, body.priceId, body.quantity);
  const subject = taxSubjectOf(customer);
  const rate = taxTreatmentOf(subject).rate;
  const invoice = await provider(async () => {
    const taxRate = await taxRateFor(billing, subject);
    const details = { default_tax_rates: [taxRate] };
    if (orderType === 'Upgrade' && running)
      return billing.stripe.invoices.createPreview({
        customer: customer.id,
        subscription: running.id,
        subscription_details: {
          ...details,
          items: [{ id: itemOf(running).id, price: body.priceId, quantity: body.quantity }],
          proration_behavior: 'always_invoice',
        },
      });
    if (orderType === 'Create' && running && running.status !== 'incomplete') return null;
    // A new subscription, or a downgrade's first invoice at the period end.
    return billing.stripe.invoices.createPreview({
      customer: customer.id,
      subscription_details: {
        ...details,
        items: [{ price: body.priceId, quantity: body.quantity }],
      },
    });
  });
  const effectiveAt =
    orderType === 'Downgrade' && running
      ? dateOf(itemOf(running).current_period_end)
      : ctx.clock.now();
  const tax = (invoice?.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
  return {
    orderType,
    total: invoice?.total ?? 0,
    totalItems: invoice?.subtotal ?? 0,
    totalDiscount: (invoice?.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0),
    totalTax: tax,
    taxRate: rate,
    effectiveAt: effectiveAt.toISOString(),
  };
}

const defaultCardOf = (customer: Stripe.Customer) => {
  const pm = customer.invoice_settings.default_payment_method;
  return typeof pm === 'string' ? pm : (pm?.id ?? null);
};

/** The customer's default card as read (CUSTOMER_EXPAND expands it), if any. */
const defaultCardObjectOf = (customer: Stripe.Customer) => {
  const pm = customer.invoice_settings.default_payment_method;
  return pm && typeof pm === 'object' ? pm : null;
};

/**
 * The card to pay with: the customer's own, attached if it is new, made the default. The
 * customer's default card already is all that. Returns the card as the provider has it.
 */
async function usePaymentMethod(
  billing: Billing,
  customer: Stripe.Customer,
  id: string | null | undefined,
): Promise<Stripe.PaymentMethod | null> {
  if (!id) return null;
  if (id === defaultCardOf(customer))
    return defaultCardObjectOf(customer) ?? billing.stripe.paymentMethods.retrieve(id);
  const customerId = customer.id;
  const pm = await billing.stripe.paymentMethods.retrieve(id);
  const owner = typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null);
  if (owner && owner !== customerId) throw forbidden(billingMessages.paymentMethodNotYours);
  if (!owner) await billing.stripe.paymentMethods.attach(id, { customer: customerId });
  await billing.stripe.customers.update(customerId, {
    invoice_settings: { default_payment_method: id },
  });
  return pm;
}

/** A card in words for the audit log: 'Visa ending in 4242'. */
function cardInWords(pm: Stripe.PaymentMethod | null) {
  const card = pm?.card;
  if (!card) return pm?.type ?? null;
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Card';
  return billingTexts.confirm.savedCard(brand, card.last4);
}

/**
 * Pays the subscription's open latest invoice with `card` while the customer is here. Refused,
 * or needing authentication, it stays open: the browser confirms its intent (the answer's
 * payment intent). Paid, the subscription is read again (its status and items may change).
 */
async function payOpenInvoice(billing: Billing, sub: Stripe.Subscription, card: string) {
  const owed = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  if (owed?.status !== 'open') return sub;
  await billing.stripe.invoices
    .pay(owed.id, { payment_method: card, off_session: false })
    .catch((e: unknown) => {
      if ((e as { type?: string }).type !== 'StripeCardError') throw e;
    });
  return billing.stripe.subscriptions.retrieve(sub.id, { expand: SUBSCRIPTION_EXPAND });
}

async function releaseSchedule(billing: Billing, sub: Stripe.Subscription) {
  const id = typeof sub.schedule === 'string' ? sub.schedule : sub.schedule?.id;
  if (id) await billing.stripe.subscriptionSchedules.release(id);
}

/**
 * Takes an order (part2 §4): Create starts a subscription and charges its first period;
 * Upgrade invoices the prorated difference at once and changes the subscription when that is
 * paid; Downgrade schedules the change for the period end; the current plan again is a payment
 * method change: the card only (an open invoice is paid with it), a scheduled change and an
 * upcoming cancel stay. The answer carries the payment intent the browser must confirm when the
 * card needs authentication or was refused. Licenses follow what is paid (sync.ts).
 *
 * The provider is read once before (the customer, with its running subscription) and not again
 * after: the call that makes the change answers with the subscription as it now is.
 */
export async function placeOrder(
  ctx: AppContext,
  billing: Billing,
  actor: PersonActor,
  organizationId: string,
  body: SubscriptionUpdate,
): Promise<SubscriptionUpdateResult> {
  const { team, customer } = await customerOf(ctx, billing, organizationId);
  assertSelfManaged(team);
  const interval = intervalOfPrice(billing, body.priceId);
  const before = runningSubscription(customer);
  const orderType = orderTypeFor(billing, before, body.priceId, body.quantity);
  const fetchedFrom = new Date();
  const {
    card: paymentMethodId,
    cardObject,
    after,
  } = await provider(async () => {
    const cardObject =
      (await usePaymentMethod(billing, customer, body.paymentMethodId)) ??
      defaultCardObjectOf(customer);
    const card = cardObject?.id ?? defaultCardOf(customer);
    if (!card)
      throw new HttpError(400, billingMessages.noPaymentMethod, {
        paymentMethodId: [billingMessages.noPaymentMethod],
      });
    const taxRate = await taxRateFor(billing, taxSubjectOf(customer));
    const sub = before;
    const expand = SUBSCRIPTION_EXPAND;
    let after: Stripe.Subscription;
    if (!sub || sub.status === 'incomplete') {
      if (sub) await billing.stripe.subscriptions.cancel(sub.id);
      // Incomplete until its first invoice is paid: no license before the money.
      const created = await billing.stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: body.priceId, quantity: body.quantity }],
        default_payment_method: card,
        default_tax_rates: [taxRate],
        payment_behavior: 'default_incomplete',
        metadata: { organizationId },
        expand,
      });
      after = await payOpenInvoice(billing, created, card);
    } else if (orderType === 'Upgrade') {
      await releaseSchedule(billing, sub);
      // A pending update takes nothing but the items: the card, the tax rate and a withdrawn
      // cancellation are set first.
      await billing.stripe.subscriptions.update(sub.id, {
        cancel_at_period_end: false,
        default_payment_method: card,
        default_tax_rates: [taxRate],
      });
      // Applied only once its invoice is paid: until then Stripe keeps the paid quantity and
      // holds the change in `pending_update` (it lapses, its invoice voided, after 23 hours).
      after = await billing.stripe.subscriptions.update(sub.id, {
        items: [{ id: itemOf(sub).id, price: body.priceId, quantity: body.quantity }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
        expand,
      });
    } else if (orderType === 'Downgrade') {
      if (sub.cancel_at_period_end)
        await billing.stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
      const item = itemOf(sub);
      const scheduleId =
        (typeof sub.schedule === 'string' ? sub.schedule : sub.schedule?.id) ??
        (await billing.stripe.subscriptionSchedules.create({ from_subscription: sub.id })).id;
      await billing.stripe.subscriptionSchedules.update(scheduleId, {
        end_behavior: 'release',
        phases: [
          {
            items: [{ price: item.price.id, quantity: item.quantity ?? 1 }],
            start_date: item.current_period_start,
            end_date: item.current_period_end,
          },
          {
            items: [{ price: body.priceId, quantity: body.quantity }],
            duration: { interval, interval_count: 1 },
          },
        ],
      });
      after = await billing.stripe.subscriptions.update(sub.id, {
        default_payment_method: card,
        expand,
      });
    } else {
      // The current plan again is a payment method change: the card only. A scheduled change,
      // an upcoming cancel and the quantity stay; what is owed is paid with the new card.
      const changed = await billing.stripe.subscriptions.update(sub.id, {
        default_payment_method: card,
        expand,
      });
      after = await payOpenInvoice(billing, changed, card);
    }
    return { card, cardObject, after };
  });
  const view = await viewOf(billing, after);
  await storeReturned(ctx, organizationId, after, fetchedFrom);
  const detail = presentSubscription(billing, view);
  const cardChange = orderType === 'Create' && before !== null && before.status !== 'incomplete';
  await ctx.db.transaction(async (tx) => {
    await recordAudit(
      tx,
      ctx.clock.now(),
      actor,
      cardChange
        ? {
            action: 'billing.paymentMethod',
            entityId: view.subscription.id,
            organizationId,
            after: { card: cardInWords(cardObject) },
          }
        : {
            action: 'billing.order',
            entityId: view.subscription.id,
            organizationId,
            after: { orderType, priceId: body.priceId, quantity: body.quantity },
          },
    );
    const [me] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, actor.userId));
    if (me && !cardChange)
      await enqueueMail(
        ctx,
        tx,
        orderCompletedEmail(ctx.config, me, team.name, {
          type: orderType,
          quantity: body.quantity,
          interval,
          effective: detail.subscriptionUpcomingChangeStart
            ? new Date(detail.subscriptionUpcomingChangeStart)
            : null,
        }),
      );
  });
  return { orderType, subscriptionDetail: detail, paymentMethodId };
}

/** Cancels at the period end (part2 §4); a scheduled change is dropped with it. */
export async function cancelOrder(
  ctx: AppContext,
  billing: Billing,
  actor: PersonActor,
  organizationId: string,
): Promise<SubscriptionDetail> {
  const { team, customer } = await customerOf(ctx, billing, organizationId);
  assertSelfManaged(team);
  const running = runningSubscription(customer);
  if (!running || running.status === 'incomplete') throw notFound(billingMessages.noSubscription);
  if (running.cancel_at_period_end) throw conflict(billingMessages.alreadyCancelled);
  const fetchedFrom = new Date();
  const after = await provider(async () => {
    await releaseSchedule(billing, running);
    return billing.stripe.subscriptions.update(running.id, {
      cancel_at_period_end: true,
      expand: SUBSCRIPTION_EXPAND,
    });
  });
  const view = await viewOf(billing, after);
  await storeReturned(ctx, organizationId, after, fetchedFrom);
  await ctx.db.transaction((tx) =>
    recordAudit(tx, ctx.clock.now(), actor, {
      action: 'billing.cancel',
      entityId: running.id,
      organizationId,
    }),
  );
  return presentSubscription(billing, view);
}

/** A setup intent for a new card (part2 §7 PaymentMethod/Secret). */
export async function setupSecret(ctx: AppContext, billing: Billing, organizationId: string) {
  const { team, customer } = await customerOf(ctx, billing, organizationId);
  assertSelfManaged(team);
  const intent = await provider(() =>
    billing.stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' }),
  );
  return { clientSecret: intent.client_secret as string };
}

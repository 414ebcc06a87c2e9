import type { BillingCustomer, InvoiceStatus, SubscriptionDetail } from '@roomscale/shared';
import { taxTreatmentOf } from '@roomscale/shared';
import type Stripe from 'stripe';
import type { Billing } from './driver.ts';
import { intervalOf } from './provider.ts';

const iso = (seconds: number | null | undefined) =>
  seconds ? new Date(seconds * 1000).toISOString() : null;

/** The payment intent behind an invoice's confirmation secret (`pi_…_secret_…`). */
export const intentIdOfSecret = (secret: string | null | undefined) =>
  secret ? (secret.split('_secret_')[0] ?? null) : null;

export type SubscriptionView = {
  subscription: Stripe.Subscription;
  invoice: Stripe.Invoice | null;
  intent: Stripe.PaymentIntent | null;
  schedule: Stripe.SubscriptionSchedule | null;
};

/** A subscription as part2 §3 SubscriptionDetail has it. */
export function presentSubscription(billing: Billing, v: SubscriptionView): SubscriptionDetail {
  const item = v.subscription.items.data[0];
  const periodEnd = item?.current_period_end ?? null;
  // The next phase of a schedule is the change waiting for the period end (a downgrade).
  const next =
    v.schedule?.status === 'active'
      ? v.schedule.phases.find((p) => p.start_date >= (periodEnd ?? 0) - 1)
      : undefined;
  const nextItem = next?.items[0];
  const nextPrice = nextItem
    ? typeof nextItem.price === 'string'
      ? nextItem.price
      : nextItem.price.id
    : null;
  const waiting = v.invoice?.status === 'open' && v.intent && v.intent.status !== 'succeeded';
  return {
    currentSubscriptionId: v.subscription.id,
    currentPriceId: item?.price.id ?? null,
    currentInterval: item ? intervalOf(billing, item.price.id) : null,
    status: v.subscription.status,
    currentSubscriptionUserCount: item?.quantity ?? 0,
    currentSubscriptionPeriodEnd: iso(periodEnd),
    latestInvoiceStatus: (v.invoice?.status as InvoiceStatus | undefined) ?? null,
    latestInvoiceAmount: v.invoice ? v.invoice.total : null,
    latestInvoiceUrl: v.invoice?.hosted_invoice_url ?? null,
    subscriptionHasUpcomingCancel: v.subscription.cancel_at_period_end,
    subscriptionHasUpcomingChange: Boolean(nextItem),
    subscriptionUpcomingChangeQuantity: nextItem?.quantity ?? null,
    subscriptionUpcomingChangePrice: nextPrice,
    subscriptionUpcomingChangeInterval: nextPrice ? intervalOf(billing, nextPrice) : null,
    subscriptionUpcomingChangeStart: next ? iso(next.start_date) : null,
    subscriptionPaymentIntentId: waiting ? (v.intent?.id ?? null) : null,
    subscriptionPaymentIntentStatus: waiting ? (v.intent?.status ?? null) : null,
    subscriptionPaymentIntentSecret: waiting ? (v.intent?.client_secret ?? null) : null,
  };
}

/** The customer with its billing details and card (part2 §3 Customer). */
export function presentCustomer(
  customer: Stripe.Customer,
  subscription: SubscriptionDetail | null,
): BillingCustomer {
  const a = customer.address;
  const taxId = customer.tax_ids?.data[0]?.value ?? null;
  const isBusiness = customer.metadata.isBusiness === 'true';
  const pm = customer.invoice_settings.default_payment_method;
  const card = pm && typeof pm !== 'string' ? pm.card : null;
  const country = a?.country ?? '';
  return {
    customerId: customer.id,
    isBusiness,
    fullName: customer.name ?? '',
    addressLine1: a?.line1 ?? '',
    addressLine2: a?.line2 ?? '',
    addressPostalCode: a?.postal_code ?? '',
    addressCity: a?.city ?? '',
    addressState: a?.state ?? '',
    addressCountry: country,
    invoiceEmail: customer.email ?? '',
    phone: customer.phone ?? '',
    taxId,
    taxRate: taxTreatmentOf({ country, isBusiness, taxId }).rate,
    paymentType: pm && typeof pm !== 'string' ? pm.type : null,
    paymentCardBrand: card?.brand ?? null,
    paymentCardLast4: card?.last4 ?? null,
    paymentCardExpiryMonth: card?.exp_month ?? null,
    paymentCardExpiryYear: card?.exp_year ?? null,
    paymentMethodId: pm ? (typeof pm === 'string' ? pm : pm.id) : null,
    subscriptionDetail: subscription,
  };
}

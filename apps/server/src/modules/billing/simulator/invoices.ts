import { formatEuros } from '@roomscale/shared';
import { invalid, paymentRefused } from './errors.ts';
import { attemptPayment, createPaymentIntent } from './payments.ts';
import { invoicePaymentSucceeded } from './settlement.ts';
import { newId, type SimStore } from './store.ts';
import {
  type Customer,
  type Invoice,
  type InvoiceLine,
  listOf,
  type PaymentIntent,
  type Price,
  type Subscription,
} from './types.ts';

/** Where the simulator shows an invoice (browser.ts). */
export const invoicePath = (id: string) => `/billing-simulator/invoices/${id}`;

export type LineInput = {
  price: Price;
  quantity: number;
  /** Share of the period billed: 1 for a full period, −x for unused time given back. */
  share: number;
  proration: boolean;
  period: { start: number; end: number };
};

export function lineOf(l: LineInput, subscription: string | null): InvoiceLine {
  const per = l.price.recurring.interval;
  const what = `${l.quantity} × Roomscale (at ${formatEuros(l.price.unit_amount)} / ${per})`;
  const description = !l.proration
    ? what
    : l.share < 0
      ? `Unused time on ${what}`
      : `Remaining time on ${what}`;
  return {
    id: newId('il'),
    object: 'line_item',
    amount: Math.round(l.price.unit_amount * l.quantity * l.share),
    currency: 'eur',
    description,
    quantity: l.quantity,
    period: l.period,
    pricing: {
      type: 'price_details',
      price_details: { price: l.price.id, product: l.price.product },
      unit_amount_decimal: String(l.price.unit_amount),
    },
    parent: {
      type: 'subscription_item_details',
      subscription_item_details: { proration: l.proration, subscription },
    },
  };
}

/** The totals of lines at a tax rate, with the customer's credit applied. */
export function totalsOf(
  lines: InvoiceLine[],
  taxRate: number,
  balance: number,
  taxRateId: string | null,
) {
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  const tax = Math.round((subtotal * taxRate) / 100);
  const total = subtotal + tax;
  const due = total + balance;
  return {
    subtotal,
    subtotal_excluding_tax: subtotal,
    total_excluding_tax: subtotal,
    total_taxes: taxRateId
      ? [
          {
            amount: tax,
            tax_behavior: 'exclusive' as const,
            taxability_reason: taxRate === 0 ? 'reverse_charge' : null,
            tax_rate_details: { tax_rate: taxRateId },
            type: 'tax_rate_details' as const,
          },
        ]
      : [],
    total_discount_amounts: [],
    total,
    starting_balance: balance,
    amount_due: Math.max(0, due),
    ending_balance: Math.min(0, due),
  };
}

/** Finalizes a new invoice for a subscription: numbered, open, the customer's credit used. */
export async function issueInvoice(
  s: SimStore,
  opts: {
    customer: Customer;
    subscription: Subscription;
    lines: LineInput[];
    billingReason: string;
    period: { start: number; end: number };
  },
): Promise<Invoice> {
  const { customer, subscription } = opts;
  const rate = subscription.default_tax_rates[0] ?? null;
  const lines = opts.lines.map((l) => lineOf(l, subscription.id));
  const totals = totalsOf(lines, rate?.percentage ?? 0, customer.balance, rate?.id ?? null);
  // The customer's counter, as Stripe's; a customer saved before it existed counts once.
  const sequence =
    customer.next_invoice_sequence ?? (await s.list('invoice', customer.id)).length + 1;
  customer.next_invoice_sequence = sequence + 1;
  const id = newId('in');
  const invoice: Invoice = {
    id,
    object: 'invoice',
    number: `${customer.id.slice(4, 12).toUpperCase()}-${String(sequence).padStart(4, '0')}`,
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    status: 'open',
    billing_reason: opts.billingReason,
    currency: 'eur',
    lines: listOf(lines, `/v1/invoices/${id}/lines`),
    ...totals,
    amount_paid: 0,
    amount_remaining: totals.amount_due,
    attempt_count: 0,
    attempted: false,
    period_start: opts.period.start,
    period_end: opts.period.end,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    hosted_invoice_url: `${s.publicUrl}${invoicePath(id)}`,
    invoice_pdf: null,
    default_payment_method: subscription.default_payment_method,
    next_payment_attempt: null,
    due_date: null,
    created: s.nowSeconds,
    status_transitions: {
      finalized_at: s.nowSeconds,
      paid_at: null,
      voided_at: null,
      marked_uncollectible_at: null,
    },
    confirmation_secret: null,
    payments: listOf([], `/v1/invoices/${id}/payments`),
    _paymentIntent: null,
    _taxRate: rate?.percentage ?? 0,
  };
  customer.balance = totals.ending_balance;
  await s.save(customer);
  subscription.latest_invoice = id;
  await s.save(invoice);
  await s.emit('invoice.created', invoice);
  await s.emit('invoice.finalized', invoice);
  return invoice;
}

/**
 * Collects an open invoice: nothing due settles it at once; otherwise a payment intent charges
 * `paymentMethod` (the subscription's, then the customer's default card).
 */
export async function collect(
  s: SimStore,
  invoice: Invoice,
  paymentMethod: string | null,
): Promise<Invoice> {
  if (invoice.amount_due === 0) {
    await invoicePaymentSucceeded(s, invoice.id);
    return (await s.find<Invoice>(invoice.id)) as Invoice;
  }
  let intent = invoice._paymentIntent ? await s.find<PaymentIntent>(invoice._paymentIntent) : null;
  if (!intent) {
    intent = await createPaymentIntent(s, {
      amount: invoice.amount_due,
      customer: invoice.customer,
      paymentMethod,
      invoice: invoice.id,
    });
    invoice._paymentIntent = intent.id;
    invoice.confirmation_secret = { type: 'payment_intent', client_secret: intent.client_secret };
    invoice.payments = listOf(
      [
        {
          id: newId('inpay'),
          object: 'invoice_payment',
          amount_paid: null,
          amount_requested: invoice.amount_due,
          status: 'open',
          payment: { type: 'payment_intent', payment_intent: intent.id },
          invoice: invoice.id,
          is_default: true,
          created: s.nowSeconds,
          currency: 'eur',
          livemode: false,
        },
      ],
      `/v1/invoice_payments`,
    );
    await s.save(invoice);
  } else if (paymentMethod) {
    intent.payment_method = paymentMethod;
  }
  await attemptPayment(s, intent, {});
  return (await s.find<Invoice>(invoice.id)) as Invoice;
}

/** `POST /v1/invoices/{id}/pay`: charges an open invoice now, off-session. */
export async function payInvoice(s: SimStore, id: string, paymentMethod: string | undefined) {
  const invoice = await s.get<Invoice>('invoice', id);
  if (invoice.status !== 'open') throw invalid(`Invoice is already ${invoice.status}.`);
  const after = await collect(s, invoice, paymentMethod ?? invoice.default_payment_method);
  if (after.status !== 'paid') {
    const intent = after._paymentIntent ? await s.find<PaymentIntent>(after._paymentIntent) : null;
    throw paymentRefused(intent);
  }
  return after;
}

/** Voids or writes off an invoice that will not be paid. */
export async function closeInvoice(
  s: SimStore,
  invoice: Invoice,
  status: 'void' | 'uncollectible',
) {
  invoice.status = status;
  invoice.next_payment_attempt = null;
  if (status === 'void') invoice.status_transitions.voided_at = s.nowSeconds;
  else invoice.status_transitions.marked_uncollectible_at = s.nowSeconds;
  const intent = invoice._paymentIntent
    ? await s.find<PaymentIntent>(invoice._paymentIntent)
    : null;
  if (intent && intent.status !== 'succeeded') {
    intent.status = 'canceled';
    await s.save(intent);
  }
  await s.save(invoice);
  await s.emit(status === 'void' ? 'invoice.voided' : 'invoice.marked_uncollectible', invoice);
}

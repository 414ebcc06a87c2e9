import { applyPendingUpdate } from './pending.ts';
import type { SimStore } from './store.ts';
import type { Invoice, Subscription } from './types.ts';

/*
 * What an invoice's payment coming to an end does: the invoice paid or its attempt counted, and
 * its subscription active again or past due. Both the invoice's collection (invoices.ts) and the
 * payment intent's outcome (payments.ts) end here.
 */

/** The subscription an invoice bills, if any. */
const subscriptionOfInvoice = async (s: SimStore, invoice: Invoice) => {
  const id = invoice.parent?.subscription_details.subscription;
  return id ? s.find<Subscription>(id) : null;
};

export async function invoicePaymentSucceeded(s: SimStore, invoiceId: string) {
  const invoice = (await s.find<Invoice>(invoiceId)) as Invoice;
  if (invoice.status === 'paid') return;
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.attempted = true;
  invoice.attempt_count += invoice.amount_due > 0 ? 1 : 0;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = s.nowSeconds;
  for (const p of invoice.payments.data) {
    p.status = 'paid';
    p.amount_paid = p.amount_requested;
  }
  await s.save(invoice);
  await s.emit('invoice.paid', invoice);
  await s.emit('invoice.payment_succeeded', invoice);
  const sub = await subscriptionOfInvoice(s, invoice);
  // The invoice of a pending update: paid, the change takes effect now.
  if (sub?.pending_update && sub._pendingInvoice === invoice.id) await applyPendingUpdate(s, sub);
  if (sub && (sub.status === 'incomplete' || sub.status === 'past_due')) {
    const stillOpen = (await s.list<Invoice>('invoice', sub.customer)).some(
      (i) => i.status === 'open' && i.parent?.subscription_details.subscription === sub.id,
    );
    if (!stillOpen) {
      const previous = { status: sub.status };
      sub.status = 'active';
      await s.save(sub);
      await s.emit('customer.subscription.updated', sub, previous);
    }
  }
}

export async function invoicePaymentFailed(s: SimStore, invoiceId: string, _reason: string) {
  const invoice = (await s.find<Invoice>(invoiceId)) as Invoice;
  invoice.attempted = true;
  invoice.attempt_count += 1;
  await s.save(invoice);
  await s.emit('invoice.payment_failed', invoice);
  const sub = await subscriptionOfInvoice(s, invoice);
  // A renewal or a change that is not paid: the subscription is past due (taking one out that
  // is not paid leaves it incomplete; a pending update's change just waits, pending.ts).
  if (
    sub &&
    sub.status === 'active' &&
    invoice.billing_reason !== 'subscription_create' &&
    sub._pendingInvoice !== invoice.id
  ) {
    sub.status = 'past_due';
    await s.save(sub);
    await s.emit('customer.subscription.updated', sub, { status: 'active' });
  }
}

import type { SimStore } from './store.ts';
import type { Subscription, SubscriptionItem } from './types.ts';

/**
 * Stripe's pending updates (`payment_behavior: pending_if_incomplete`): a change of items that
 * raises an invoice takes effect only once that invoice is paid. Until then the subscription
 * keeps its items and cycles as if nothing had been asked, and `pending_update` holds the
 * change; unpaid at `expires_at` (the period end, at most 23 hours after the update) it is
 * discarded and its invoice voided.
 */
export const PENDING_UPDATE_EXPIRES_SECONDS = 23 * 3600;

/** Applies the pending update its invoice's payment settled (invoices.ts, on payment). */
export async function applyPendingUpdate(s: SimStore, sub: Subscription) {
  const next = sub.pending_update?.subscription_items?.[0];
  if (!sub.pending_update || !next) return;
  const item = sub.items.data[0] as SubscriptionItem;
  const previous = { items: structuredClone(sub.items), pending_update: sub.pending_update };
  item.price = next.price;
  item.quantity = next.quantity;
  item.current_period_start = next.current_period_start;
  item.current_period_end = next.current_period_end;
  if (sub.pending_update.billing_cycle_anchor)
    sub.billing_cycle_anchor = sub.pending_update.billing_cycle_anchor;
  if (sub.cancel_at_period_end) sub.cancel_at = item.current_period_end;
  const shown = sub._pendingShown === true;
  sub.pending_update = null;
  sub._pendingInvoice = null;
  sub._pendingShown = false;
  await s.save(sub);
  if (shown) await s.emit('customer.subscription.pending_update_applied', sub, previous);
  await s.emit('customer.subscription.updated', sub, shown ? previous : { items: previous.items });
}

/** Drops a pending update (expired, replaced, or its subscription ended); returns its invoice. */
export async function dropPendingUpdate(s: SimStore, sub: Subscription) {
  const invoice = sub._pendingInvoice ?? null;
  const previous = { pending_update: sub.pending_update ?? null };
  const shown = sub._pendingShown === true;
  sub.pending_update = null;
  sub._pendingInvoice = null;
  sub._pendingShown = false;
  await s.save(sub);
  return { invoice, previous, shown };
}

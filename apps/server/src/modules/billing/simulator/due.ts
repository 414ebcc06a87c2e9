import { billingLimits } from '@roomscale/shared';
import type { Invoice, SimReader, Subscription, SubscriptionItem } from './types.ts';

/** Statuses after which the simulator's clock has nothing more to do for a subscription. */
export const ENDED = ['canceled', 'incomplete_expired'];
/** Stripe lets an unpaid first invoice wait this long before the subscription expires. */
export const INCOMPLETE_EXPIRES_SECONDS = 23 * 3600;
const DAY = 86400;

/** When an open invoice's grace ends: its due date, else the grace from when it was issued. */
export const graceEndOf = (invoice: Invoice) =>
  invoice.due_date ?? invoice.created + billingLimits.renewalGraceDays * DAY;

export async function openInvoicesOf(s: SimReader, sub: Subscription) {
  return (await s.list<Invoice>('invoice', sub.customer)).filter(
    (i) => i.status === 'open' && i.parent?.subscription_details.subscription === sub.id,
  );
}

/**
 * The first time (Stripe's seconds) the clock (`advance`) has something to do for `sub`: an
 * unpaid first invoice expiring, a renewal to announce, the period's end, a past-due invoice's
 * grace ending, a pending update lapsing; null once the subscription has ended. It is stored with the subscription
 * (`_dueAt`, indexed) so the clock reads only what is due. It may come early, never late: the
 * clock then finds nothing to do and stores the next one.
 */
export async function dueAtOf(s: SimReader, sub: Subscription): Promise<number | null> {
  if (ENDED.includes(sub.status)) return null;
  if (sub.status === 'incomplete') return sub.created + INCOMPLETE_EXPIRES_SECONDS;
  const end = (sub.items.data[0] as SubscriptionItem).current_period_end;
  const announce = !sub.cancel_at_period_end && sub._upcomingSentFor !== end;
  let due = announce ? end - billingLimits.upcomingRenewalDays * DAY : end;
  if (sub.pending_update) due = Math.min(due, sub.pending_update.expires_at);
  if (sub.status === 'past_due')
    for (const invoice of await openInvoicesOf(s, sub)) due = Math.min(due, graceEndOf(invoice));
  return due;
}

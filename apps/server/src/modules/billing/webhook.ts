import { billingMessages } from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { billingEvents } from '../../db/schema.ts';
import { badRequest } from '../../platform/http/problem.ts';
import { enqueueMail } from '../../platform/mail/background.ts';
import type { Mail } from '../../platform/mail/mailer.ts';
import { teamAdmins } from '../licenses/reconcile.ts';
import type { Billing } from './driver.ts';
import {
  paidLicensesAvailableEmail,
  paymentFailedEmail,
  subscriptionCancelledEmail,
  upcomingRenewalEmail,
} from './emails.ts';
import { dateOf, intervalOf } from './provider.ts';
import { latestSubscription, storeSubscription, teamOfCustomer } from './sync.ts';

/** A NUL, or half of a UTF-16 surrogate pair: no text the provider sends holds one. */
const unwritable = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const plain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether any key or text in `v` holds what the database cannot store. */
function holdsUnwritable(v: unknown): boolean {
  if (typeof v === 'string') return unwritable.test(v);
  if (Array.isArray(v)) return v.some(holdsUnwritable);
  if (plain(v)) return Object.entries(v).some(([k, x]) => unwritable.test(k) || holdsUnwritable(x));
  return false;
}

/**
 * The event's signature checked against the endpoint's secret, then its shape: an object with
 * an event id and type and `data.object` an object, no NUL or lone surrogate anywhere; 400
 * otherwise, before anything is read or recorded.
 */
export function verifiedEvent(
  billing: Billing,
  payload: string,
  signature: string | undefined,
): Stripe.Event {
  let event: unknown;
  try {
    event = billing.stripe.webhooks.constructEvent(payload, signature ?? '', billing.webhookSecret);
  } catch {
    throw badRequest(billingMessages.webhookSignature);
  }
  const e = plain(event) ? event : {};
  const ok =
    typeof e.id === 'string' &&
    /^[A-Za-z0-9_]{1,255}$/.test(e.id) &&
    typeof e.type === 'string' &&
    /^[a-z0-9_.]{1,100}$/.test(e.type) &&
    plain(e.data) &&
    plain(e.data.object) &&
    (e.data.previous_attributes === undefined || plain(e.data.previous_attributes)) &&
    !holdsUnwritable(e);
  if (!ok) throw badRequest(billingMessages.webhookEvent);
  return event as Stripe.Event;
}

const customerOfEvent = (event: Stripe.Event): string | null => {
  const o = event.data.object as { object?: string; id?: string; customer?: unknown };
  if (o.object === 'customer') return o.id ?? null;
  if (typeof o.customer === 'string') return o.customer;
  if (o.customer && typeof o.customer === 'object') return (o.customer as { id: string }).id;
  return null;
};

/** The emails an event sends to the team's admins (docs/billing.md). */
function mailsOf(
  ctx: AppContext,
  billing: Billing,
  event: Stripe.Event,
  team: string,
  quantity: number,
): ((to: { email: string; firstName: string }) => Mail) | null {
  const c = ctx.config;
  switch (event.type) {
    case 'invoice.paid': {
      const invoice = event.data.object;
      const brought = ['subscription_create', 'subscription_update'].includes(
        invoice.billing_reason ?? '',
      );
      return brought ? (to) => paidLicensesAvailableEmail(c, to, team, quantity) : null;
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      // A renewal keeps its licenses for the grace (BILLING_GRACE_DAYS); an order's invoice
      // has none at stake: its change waits for the payment.
      const graceEnds =
        invoice.billing_reason === 'subscription_cycle'
          ? new Date(dateOf(invoice.created).getTime() + c.billingGraceDays * 86_400_000)
          : null;
      return (to) => paymentFailedEmail(c, to, team, { amount: invoice.amount_due, graceEnds });
    }
    case 'customer.subscription.updated': {
      const sub = event.data.object;
      const previous = event.data.previous_attributes as
        | { cancel_at_period_end?: boolean }
        | undefined;
      const item = sub.items.data[0];
      if (!(sub.cancel_at_period_end && previous?.cancel_at_period_end === false) || !item)
        return null;
      return (to) => subscriptionCancelledEmail(c, to, team, dateOf(item.current_period_end));
    }
    case 'invoice.upcoming': {
      const invoice = event.data.object;
      const line = invoice.lines.data[0];
      const price = line?.pricing?.price_details?.price;
      const interval = typeof price === 'string' ? intervalOf(billing, price) : null;
      if (!line || !interval) return null;
      return (to) =>
        upcomingRenewalEmail(c, to, team, {
          at: dateOf(invoice.period_start),
          amount: invoice.total,
          quantity: line.quantity ?? quantity,
          interval,
        });
    }
    default:
      return null;
  }
}

/** Records the event id; false when it was applied before (by this delivery's twin). */
async function firstDelivery(tx: DbOrTx, event: Stripe.Event, at: Date) {
  const rows = await tx
    .insert(billingEvents)
    .values({ id: event.id, type: event.type, receivedAt: at })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return rows.length > 0;
}

/**
 * Applies one event (`applyOnce`), counted in the metrics: received, its outcome (failed when it
 * threw: the provider delivers it again) and, once applied, its lag since the provider made it.
 */
export async function applyEvent(ctx: AppContext, billing: Billing, event: Stripe.Event) {
  const metrics = ctx.metrics;
  metrics?.webhookReceived.inc();
  try {
    const outcome = await applyOnce(ctx, billing, event);
    metrics?.webhookEvents.inc({ outcome });
    if (outcome === 'applied' && metrics) {
      metrics.webhookLag.observe(Math.max(0, ctx.clock.now().getTime() / 1000 - event.created));
    }
    return outcome;
  } catch (err) {
    metrics?.webhookEvents.inc({ outcome: 'failed' });
    throw err;
  }
}

/**
 * Applies one event exactly once, in any order: the team's subscription is read afresh from
 * the provider (so an old or repeated event cannot set an old state), then, in one
 * transaction, the event id is recorded — a second delivery stops here — the subscription is
 * stored with its licenses, and the event's emails are queued. The read is one list call with
 * nothing expanded: only the subscription itself is stored.
 */
async function applyOnce(ctx: AppContext, billing: Billing, event: Stripe.Event) {
  // A repeat of an event applied before is answered without asking the provider anything.
  const [seen] = await ctx.db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.id, event.id));
  if (seen) return 'duplicate' as const;
  const customerId = customerOfEvent(event);
  const team = customerId ? await teamOfCustomer(ctx.db, customerId) : null;
  const fetchedFrom = new Date();
  const sub = team && customerId ? await latestSubscription(billing, customerId) : null;
  return ctx.db.transaction(async (tx) => {
    if (!(await firstDelivery(tx, event, ctx.clock.now()))) return 'duplicate' as const;
    if (!team) return 'ignored' as const;
    if (sub) await storeSubscription(ctx, tx, team.id, sub, fetchedFrom);
    const quantity = sub?.items.data[0]?.quantity ?? 0;
    const mail = mailsOf(ctx, billing, event, team.name, quantity);
    if (mail)
      for (const admin of await teamAdmins(tx, team.id)) await enqueueMail(ctx, tx, mail(admin));
    return 'applied' as const;
  });
}

import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { billingSubscriptions, organizations } from '../../db/schema.ts';
import { enqueueJob, type Job } from '../../platform/jobs/runner.ts';
import { systemActor } from '../audit/record.ts';
import { licensingSummary, lockTeam } from '../licenses/accounting.ts';
import { returnUncoveredLicenses } from '../licenses/reconcile.ts';
import type { Billing } from './driver.ts';
import { intentIdOfSecret, type SubscriptionView } from './presenter.ts';
import { dateOf, ENDED_STATUSES, provider } from './provider.ts';

/** The team whose customer this is, if any. */
export async function teamOfCustomer(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      selfManaged: organizations.selfManaged,
    })
    .from(organizations)
    .where(eq(organizations.paymentCustomerId, customerId));
  return row ?? null;
}

/** What a subscription is read with to be shown: its latest invoice, and its schedule. */
export const SUBSCRIPTION_EXPAND = ['latest_invoice.confirmation_secret', 'schedule'];

/**
 * What a customer is read with: its VAT number, its card, and its current subscriptions (those
 * not canceled, newest first) expanded for a view — so the customer's one read also answers
 * "which subscription runs" for orders and the billing page.
 */
export const CUSTOMER_EXPAND = [
  'tax_ids',
  'invoice_settings.default_payment_method',
  ...SUBSCRIPTION_EXPAND.map((path) => `subscriptions.data.${path}`),
];

const running = (s: Stripe.Subscription) => !ENDED_STATUSES.includes(s.status);

/** The customer's running subscription: the newest one not over (read with CUSTOMER_EXPAND). */
export const runningSubscription = (customer: Stripe.Customer) =>
  customer.subscriptions?.data.find(running) ?? null;

/**
 * A subscription read with SUBSCRIPTION_EXPAND as a view. The payment intent is read only when
 * the latest invoice is open (it waits on a payment): its status says whether the browser must
 * authenticate or pay with another card.
 */
export async function viewOf(
  billing: Billing,
  subscription: Stripe.Subscription,
): Promise<SubscriptionView> {
  const invoice =
    typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  const intentId =
    invoice?.status === 'open'
      ? intentIdOfSecret(invoice.confirmation_secret?.client_secret)
      : null;
  const intent = intentId
    ? await provider(() => billing.stripe.paymentIntents.retrieve(intentId))
    : null;
  const schedule = typeof subscription.schedule === 'object' ? subscription.schedule : null;
  return { subscription, invoice, intent, schedule };
}

/**
 * The subscription the billing page shows for a customer read with CUSTOMER_EXPAND: the running
 * one, else the newest one (ended), which only a list of all statuses has — asked only then.
 */
export async function customerSubscription(
  billing: Billing,
  customer: Stripe.Customer,
): Promise<SubscriptionView | null> {
  const current = runningSubscription(customer);
  if (current) return viewOf(billing, current);
  const [newest] = (
    await provider(() =>
      billing.stripe.subscriptions.list({
        customer: customer.id,
        status: 'all',
        limit: 1,
        expand: SUBSCRIPTION_EXPAND.map((path) => `data.${path}`),
      }),
    )
  ).data;
  return newest ? viewOf(billing, newest) : null;
}

/**
 * The customer's subscription that counts for licenses, as the provider has it now: the newest
 * one still running, else the newest one (ended). One list call with nothing expanded: the
 * webhook stores only the subscription itself.
 */
export async function latestSubscription(
  billing: Billing,
  customerId: string,
): Promise<Stripe.Subscription | null> {
  const list = await provider(() =>
    billing.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 10 }),
  );
  return list.data.find(running) ?? list.data[0] ?? null;
}

/** The job that takes the licenses of an unpaid renewal away when its grace ends. */
export const BILLING_GRACE_END = 'billing.graceEnd';

const DAY_MS = 86_400_000;

/**
 * When the licenses of a subscription past due end: `BILLING_GRACE_DAYS` after the renewal that
 * was not paid (its period's start).
 */
export const graceEndOf = (ctx: AppContext, item: Stripe.SubscriptionItem) =>
  new Date(dateOf(item.current_period_start).getTime() + ctx.config.billingGraceDays * DAY_MS);

/**
 * The licenses a subscription gives: what is paid. Its quantity while it is active — a change
 * waiting for its payment (`pending_update`) is not in its items yet — and while it is past due
 * within the grace; none after it (the licenses query counts active and past due rows).
 */
function paidQuantity(ctx: AppContext, sub: Stripe.Subscription, item: Stripe.SubscriptionItem) {
  if (sub.status === 'past_due' && ctx.clock.now() >= graceEndOf(ctx, item)) return 0;
  return item.quantity ?? 0;
}

/**
 * Writes the provider's view of the team's subscription into `billing_subscriptions`, in the
 * caller's transaction, and returns Licenses no longer covered to Trial. `fetchedFrom` is when
 * the view was asked for: a view asked for earlier than the stored one never overwrites it, so
 * concurrent deliveries cannot bring back an older state. `quantity` is what is paid
 * (`paidQuantity`); a subscription past due within its grace queues the job that ends it.
 */
export async function storeSubscription(
  ctx: AppContext,
  tx: DbOrTx,
  organizationId: string,
  sub: Stripe.Subscription,
  fetchedFrom: Date,
) {
  const item = sub.items.data[0];
  if (!item) return;
  await lockTeam(tx, organizationId);
  const now = ctx.clock.now();
  const before = await licensingSummary(tx, organizationId, now);
  const [stored] = await tx
    .select({
      subscriptionId: billingSubscriptions.subscriptionId,
      status: billingSubscriptions.status,
      currentPeriodEnd: billingSubscriptions.currentPeriodEnd,
    })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.organizationId, organizationId));
  const row = {
    organizationId,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    subscriptionId: sub.id,
    status: sub.status,
    priceId: item.price.id,
    quantity: paidQuantity(ctx, sub, item),
    currentPeriodEnd: dateOf(item.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    subscriptionCreated: dateOf(sub.created),
    syncedAt: fetchedFrom,
  };
  const t = billingSubscriptions;
  await tx
    .insert(t)
    .values(row)
    .onConflictDoUpdate({
      target: t.organizationId,
      set: { ...row, organizationId: undefined },
      setWhere: and(
        sql`${t.syncedAt} <= ${fetchedFrom.toISOString()}::timestamptz`,
        sql`(${t.subscriptionId} = ${sub.id}
          or ${t.status} in ('canceled', 'incomplete_expired', 'unpaid')
          or ${t.subscriptionCreated} <= ${row.subscriptionCreated.toISOString()}::timestamptz)`,
      ),
    });
  const after = await licensingSummary(tx, organizationId, now);
  if (after.licenseCount < before.licenseCount)
    await returnUncoveredLicenses(ctx, tx, organizationId, now, systemActor);
  // Once per unpaid renewal: the first store that sees it past due queues its grace's end.
  const queued =
    stored?.subscriptionId === sub.id &&
    stored.status === 'past_due' &&
    stored.currentPeriodEnd.getTime() === row.currentPeriodEnd.getTime();
  if (sub.status === 'past_due' && row.quantity > 0 && !queued)
    await enqueueJob(
      tx,
      BILLING_GRACE_END,
      {
        organizationId,
        subscriptionId: sub.id,
        currentPeriodEnd: row.currentPeriodEnd.toISOString(),
      },
      graceEndOf(ctx, item),
    );
}

/**
 * `billing.graceEnd`: the grace of an unpaid renewal is over. Still past due for the same
 * period, the subscription gives no licenses any more: the stored quantity drops to zero and
 * the Licenses go back to Trial. Paid since, renewed, replaced or ended: nothing to do.
 */
export function billingGraceEndHandler(ctx: AppContext) {
  return async (job: Job) => {
    const { organizationId, subscriptionId, currentPeriodEnd } = job.payload as Record<
      string,
      string
    >;
    if (!organizationId || !subscriptionId || !currentPeriodEnd) return;
    const t = billingSubscriptions;
    await ctx.db.transaction(async (tx) => {
      const [team] = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      if (!team) return;
      await lockTeam(tx, organizationId);
      const now = ctx.clock.now();
      const dropped = await tx
        .update(t)
        .set({ quantity: 0 })
        .where(
          and(
            eq(t.organizationId, organizationId),
            eq(t.subscriptionId, subscriptionId),
            eq(t.status, 'past_due'),
            sql`${t.currentPeriodEnd} = ${currentPeriodEnd}::timestamptz`,
            sql`${t.quantity} > 0`,
          ),
        )
        .returning({ id: t.organizationId });
      if (dropped.length > 0)
        await returnUncoveredLicenses(ctx, tx, organizationId, now, systemActor);
    });
  };
}

/**
 * Stores the subscription an order or a cancellation got back from the provider, so licenses do
 * not wait for the webhook. `fetchedFrom` is when the call that returned it was made.
 */
export function storeReturned(
  ctx: AppContext,
  organizationId: string,
  sub: Stripe.Subscription,
  fetchedFrom: Date,
) {
  return ctx.db.transaction((tx) => storeSubscription(ctx, tx, organizationId, sub, fetchedFrom));
}

export type { Stripe };

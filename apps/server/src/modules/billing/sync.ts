import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { billingSubscriptions, organizations } from '../../db/schema.ts';
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

/**
 * The customer's subscription that counts: the newest one still running, else the newest one
 * (ended), with its latest invoice, the payment intent that invoice waits on, and its schedule.
 */
export async function currentSubscription(
  billing: Billing,
  customerId: string,
): Promise<SubscriptionView | null> {
  return provider(async () => {
    const list = await billing.stripe.subscriptions.list({
      customer: customerId,
      status: 'all',
      limit: 10,
      expand: ['data.latest_invoice.confirmation_secret', 'data.schedule'],
    });
    const subscription = list.data.find((s) => !ENDED_STATUSES.includes(s.status)) ?? list.data[0];
    if (!subscription) return null;
    const invoice =
      typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
    const intentId =
      invoice?.status === 'open'
        ? intentIdOfSecret(invoice.confirmation_secret?.client_secret)
        : null;
    const intent = intentId ? await billing.stripe.paymentIntents.retrieve(intentId) : null;
    const schedule = typeof subscription.schedule === 'object' ? subscription.schedule : null;
    return { subscription, invoice, intent, schedule };
  });
}

/**
 * Writes the provider's view of the team's subscription into `billing_subscriptions`, in the
 * caller's transaction, and returns Licenses no longer covered to Trial. `fetchedFrom` is when
 * the view was asked for: a view asked for earlier than the stored one never overwrites it, so
 * concurrent deliveries cannot bring back an older state.
 */
export async function storeSubscription(
  ctx: AppContext,
  tx: DbOrTx,
  organizationId: string,
  view: SubscriptionView,
  fetchedFrom: Date,
) {
  const sub = view.subscription;
  const item = sub.items.data[0];
  if (!item) return;
  await lockTeam(tx, organizationId);
  const now = ctx.clock.now();
  const before = await licensingSummary(tx, organizationId, now);
  const row = {
    organizationId,
    customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
    subscriptionId: sub.id,
    status: sub.status,
    priceId: item.price.id,
    quantity: item.quantity ?? 0,
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
}

/** Asks the provider for the team's subscription and stores it (after an order or a webhook). */
export async function syncTeam(
  ctx: AppContext,
  billing: Billing,
  organizationId: string,
  customerId: string,
) {
  const fetchedFrom = new Date();
  const view = await currentSubscription(billing, customerId);
  if (!view) return null;
  await ctx.db.transaction((tx) => storeSubscription(ctx, tx, organizationId, view, fetchedFrom));
  return view;
}

export type { Stripe };

import {
  type BillingCustomer,
  type billingCustomerEdit,
  billingMessages,
  serverMessages,
  taxTreatmentOf,
} from '@roomscale/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { organizations } from '../../db/schema.ts';
import { forbidden, HttpError, notFound } from '../../platform/http/problem.ts';
import { type Actor, recordAudit } from '../audit/record.ts';
import type { Billing } from './driver.ts';
import { presentCustomer, presentSubscription } from './presenter.ts';
import { provider } from './provider.ts';
import {
  CUSTOMER_EXPAND,
  customerSubscription,
  runningSubscription,
  SUBSCRIPTION_EXPAND,
  viewOf,
} from './sync.ts';

type CustomerEdit = z.output<typeof billingCustomerEdit>;

/** The team's payment customer id and whether it manages its own subscription. */
export async function billingTeam(ctx: AppContext, organizationId: string) {
  const [team] = await ctx.db
    .select({
      name: organizations.name,
      customerId: organizations.paymentCustomerId,
      selfManaged: organizations.selfManaged,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!team) throw notFound();
  return team;
}

export function assertSelfManaged(team: { selfManaged: boolean }) {
  if (!team.selfManaged) throw forbidden(billingMessages.notSelfManaged);
}

/**
 * The team's customer at the provider, with its VAT number, card and current subscriptions
 * (CUSTOMER_EXPAND): 404 without one (the spec's 'billing customer fetch').
 */
export async function customerOf(ctx: AppContext, billing: Billing, organizationId: string) {
  const team = await billingTeam(ctx, organizationId);
  if (!team.customerId) throw notFound(billingMessages.noCustomer);
  const customerId = team.customerId;
  const customer = await provider(() =>
    billing.stripe.customers.retrieve(customerId, { expand: CUSTOMER_EXPAND }),
  );
  if (customer.deleted) throw notFound(serverMessages.customerIdMissing);
  return { team, customer: customer as Stripe.Customer };
}

export async function getCustomer(
  ctx: AppContext,
  billing: Billing,
  organizationId: string,
): Promise<BillingCustomer> {
  const { customer } = await customerOf(ctx, billing, organizationId);
  const view = await customerSubscription(billing, customer);
  return presentCustomer(customer, view ? presentSubscription(billing, view) : null);
}

const addressOf = (b: CustomerEdit) => ({
  line1: b.addressLine1,
  line2: b.addressLine2,
  postal_code: b.addressPostalCode,
  city: b.addressCity,
  state: b.addressState,
  country: b.addressCountry,
});

/** The tax rate the provider applies for this customer (docs/billing.md), made once and reused. */
const rateCache = new WeakMap<Billing, Map<string, string>>();
export async function taxRateFor(
  billing: Billing,
  c: { country: string; isBusiness: boolean; taxId: string | null },
) {
  const t = taxTreatmentOf(c);
  const name =
    t.kind === 'reverseCharge'
      ? 'VAT reverse charge'
      : t.kind === 'export'
        ? 'No VAT (outside the EU)'
        : 'VAT';
  const country = t.kind === 'domestic' ? 'NL' : c.country;
  const key = `${name}|${country}|${t.rate}`;
  const cache = rateCache.get(billing) ?? new Map<string, string>();
  rateCache.set(billing, cache);
  const known = cache.get(key);
  if (known) return known;
  const rates = await billing.stripe.taxRates.list({ active: true, limit: 100 });
  const found = rates.data.find(
    (r) =>
      r.display_name === name && r.country === country && r.percentage === t.rate && !r.inclusive,
  );
  const id =
    found?.id ??
    (
      await billing.stripe.taxRates.create({
        display_name: name,
        percentage: t.rate,
        inclusive: false,
        country,
        jurisdiction: country,
      })
    ).id;
  cache.set(key, id);
  return id;
}

export const taxSubjectOf = (customer: Stripe.Customer) => ({
  country: customer.address?.country ?? 'NL',
  isBusiness: customer.metadata.isBusiness === 'true',
  taxId: customer.tax_ids?.data[0]?.value ?? null,
});

/**
 * Keeps exactly the VAT number asked for among the tax ids of `customer` (read with its
 * `tax_ids`), and leaves the customer's `tax_ids` as the provider now has them.
 */
async function setTaxId(billing: Billing, customer: Stripe.Customer, taxId: string | null) {
  const existing = customer.tax_ids?.data ?? [];
  const kept: Stripe.TaxId[] = [];
  for (const t of existing)
    if (t.value === taxId) kept.push(t);
    else await billing.stripe.customers.deleteTaxId(customer.id, t.id);
  if (taxId && kept.length === 0)
    kept.push(
      await billing.stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: taxId }),
    );
  if (customer.tax_ids) customer.tax_ids.data = kept;
}

/**
 * Creates the team's customer or updates its billing details (self-managed teams). A new
 * customer is attached to the team only if it still has none, so two admins saving at once end
 * with one. A running subscription's VAT follows the new details. The provider's answers are the
 * response: the customer comes back from its create or update call, the subscription from the
 * customer's (or from its tax rate's update).
 */
export async function saveCustomer(
  ctx: AppContext,
  billing: Billing,
  actor: Actor,
  organizationId: string,
  input: CustomerEdit,
): Promise<BillingCustomer> {
  const team = await billingTeam(ctx, organizationId);
  assertSelfManaged(team);
  const fields = {
    name: input.fullName,
    email: input.invoiceEmail,
    phone: input.phone,
    address: addressOf(input),
    metadata: { organizationId, isBusiness: String(input.isBusiness) },
    preferred_locales: ['en'],
  };
  const update = async (id: string) => {
    const customer = await billing.stripe.customers.update(id, {
      ...fields,
      expand: CUSTOMER_EXPAND,
    });
    await setTaxId(billing, customer, input.taxId);
    return customer;
  };
  const { customer, view } = await provider(async () => {
    let customer: Stripe.Customer;
    let fresh = false;
    if (team.customerId) customer = await update(team.customerId);
    else {
      // Created with its VAT number: a customer that is new has no subscription to read.
      const created = await billing.stripe.customers.create({
        ...fields,
        ...(input.taxId ? { tax_id_data: [{ type: 'eu_vat' as const, value: input.taxId }] } : {}),
        expand: CUSTOMER_EXPAND,
      });
      const [attached] = await ctx.db
        .update(organizations)
        .set({ paymentCustomerId: created.id })
        .where(and(eq(organizations.id, organizationId), isNull(organizations.paymentCustomerId)))
        .returning({ id: organizations.id });
      if (attached) {
        customer = created;
        fresh = true;
      } else {
        const customerId = (await billingTeam(ctx, organizationId)).customerId;
        if (!customerId) throw new HttpError(409, serverMessages.paymentProviderFailed);
        customer = await update(customerId);
      }
    }
    if (fresh) return { customer, view: null };
    const sub = runningSubscription(customer);
    if (sub) {
      const rate = await taxRateFor(billing, {
        country: input.addressCountry,
        isBusiness: input.isBusiness,
        taxId: input.taxId,
      });
      // Only a rate that changes is sent: the same one again would be a change event for nothing.
      const rates = sub.default_tax_rates?.map((r) => r.id) ?? [];
      if (rates.length !== 1 || rates[0] !== rate) {
        const updated = await billing.stripe.subscriptions.update(sub.id, {
          default_tax_rates: [rate],
          expand: SUBSCRIPTION_EXPAND,
        });
        return { customer, view: await viewOf(billing, updated) };
      }
    }
    return { customer, view: await customerSubscription(billing, customer) };
  });
  await ctx.db.transaction((tx) =>
    recordAudit(tx, ctx.clock.now(), actor, {
      action: 'billing.customer',
      entityId: customer.id,
      organizationId,
      after: {
        fullName: input.fullName,
        addressCountry: input.addressCountry,
        invoiceEmail: input.invoiceEmail,
        isBusiness: input.isBusiness,
        taxId: input.taxId,
      },
    }),
  );
  return presentCustomer(customer, view ? presentSubscription(billing, view) : null);
}

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
import { currentSubscription } from './sync.ts';

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

/** The team's customer at the provider: 404 without one (the spec's 'billing customer fetch'). */
export async function customerOf(ctx: AppContext, billing: Billing, organizationId: string) {
  const team = await billingTeam(ctx, organizationId);
  if (!team.customerId) throw notFound(billingMessages.noCustomer);
  const customerId = team.customerId;
  const customer = await provider(() =>
    billing.stripe.customers.retrieve(customerId, {
      expand: ['tax_ids', 'invoice_settings.default_payment_method'],
    }),
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
  const view = await currentSubscription(billing, customer.id);
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

/** Keeps exactly the VAT number asked for among the customer's tax ids. */
async function setTaxId(billing: Billing, customerId: string, taxId: string | null) {
  const existing = await billing.stripe.customers.listTaxIds(customerId, { limit: 10 });
  for (const t of existing.data)
    if (t.value !== taxId) await billing.stripe.customers.deleteTaxId(customerId, t.id);
  if (taxId && !existing.data.some((t) => t.value === taxId))
    await billing.stripe.customers.createTaxId(customerId, { type: 'eu_vat', value: taxId });
}

/**
 * Creates the team's customer or updates its billing details (self-managed teams). A new
 * customer is attached to the team only if it still has none, so two admins saving at once end
 * with one. A running subscription's VAT follows the new details.
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
  let customerId = team.customerId;
  await provider(async () => {
    if (customerId) {
      await billing.stripe.customers.update(customerId, fields);
    } else {
      const created = await billing.stripe.customers.create(fields);
      const [attached] = await ctx.db
        .update(organizations)
        .set({ paymentCustomerId: created.id })
        .where(and(eq(organizations.id, organizationId), isNull(organizations.paymentCustomerId)))
        .returning({ id: organizations.id });
      if (attached) customerId = created.id;
      else {
        customerId = (await billingTeam(ctx, organizationId)).customerId;
        if (!customerId) throw new HttpError(409, serverMessages.paymentProviderFailed);
        await billing.stripe.customers.update(customerId, fields);
      }
    }
    await setTaxId(billing, customerId as string, input.taxId);
    const view = await currentSubscription(billing, customerId as string);
    const sub = view?.subscription;
    if (sub && !['canceled', 'incomplete_expired'].includes(sub.status)) {
      const rate = await taxRateFor(billing, {
        country: input.addressCountry,
        isBusiness: input.isBusiness,
        taxId: input.taxId,
      });
      await billing.stripe.subscriptions.update(sub.id, { default_tax_rates: [rate] });
    }
  });
  await ctx.db.transaction((tx) =>
    recordAudit(tx, ctx.clock.now(), actor, {
      action: 'billing.customer',
      entityId: customerId,
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
  return getCustomer(ctx, billing, organizationId);
}

import { publicView, type SimObject, type SimReader } from './types.ts';

/**
 * Stripe's full objects, as they leave the simulator. The simulator keeps only the fields it
 * reads and writes; this is the one place that completes each object with every other field the
 * SDK's types require for the API version it pins (a field Stripe would answer with null, an
 * empty list or a fixed value for what Roomscale sells: cards, euros, one recurring licensed
 * price, tax rates), recursively through lists, expanded fields and event payloads. The answers
 * of the API (api.ts) and the events (store.ts) pass through it; shapes.test.ts holds every
 * answer and event of a full billing run to the SDK's declarations.
 */

type Node = Record<string, unknown>;
type Shape = (o: Node, s: SimReader) => Node | Promise<Node>;

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const idOf = (v: unknown) => (typeof v === 'string' ? v : isNode(v) ? String(v.id) : null);
const nodes = (v: unknown): Node[] => (Array.isArray(v) ? v.filter(isNode) : []);
const listed = (v: unknown): Node[] => (isNode(v) ? nodes(v.data) : []);

/**
 * Fills what `o` lacks from `defaults`, into its nested plain objects too (a value `o` has
 * wins, null included; another Stripe object inside is completed by its own shape).
 */
function fill(o: Node, defaults: Node): Node {
  for (const [k, v] of Object.entries(defaults)) {
    const own = o[k];
    if (own === undefined) o[k] = v;
    else if (isNode(own) && isNode(v) && own.object === undefined) fill(own, v);
  }
  return o;
}

const ISSUER = { type: 'self' };
const NO_AUTOMATIC_TAX = { disabled_reason: null, enabled: false, liability: null };

/** A stored object of `kind` by id (a read inside the transaction), as the API shows it. */
async function stored<T extends Node>(s: SimReader, kind: string, id: string | null) {
  const o = id ? await s.find<SimObject>(id) : null;
  return o && o.object === kind ? (o as unknown as T) : null;
}

/** The legacy plan Stripe still shows on each subscription item, from its price. */
function planOf(price: Node): Node {
  const recurring = isNode(price.recurring) ? price.recurring : {};
  return {
    id: price.id,
    object: 'plan',
    active: price.active ?? true,
    amount: price.unit_amount ?? null,
    amount_decimal: price.unit_amount == null ? null : String(price.unit_amount),
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count ?? 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: price.nickname ?? null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: recurring.usage_type ?? 'licensed',
  };
}

/** A tax amount of the simulator's tax rates: VAT, exclusive, why it was charged as it was. */
function taxLine(amount: number, taxable: number, rate: string | null, reason: unknown) {
  return {
    amount,
    tax_behavior: 'exclusive',
    tax_rate_details: rate ? { tax_rate: rate } : null,
    taxability_reason:
      typeof reason === 'string' ? reason : amount === 0 ? 'zero_rated' : 'standard_rated',
    taxable_amount: taxable,
    type: 'tax_rate_details',
  };
}

const shapes: Record<string, Shape> = {
  customer: () => ({
    default_source: null,
    description: null,
    invoice_settings: { custom_fields: null, footer: null, rendering_options: null },
    livemode: false,
    shipping: null,
  }),

  tax_id: (o) =>
    o.deleted === true
      ? {}
      : {
          customer_account: null,
          livemode: false,
          owner: { type: 'customer', customer: o.customer ?? null, customer_account: null },
          // Whether a VAT number is registered is not checked (VIES is not reachable offline).
          verification: { status: 'unavailable', verified_address: null, verified_name: null },
        },

  payment_method: async (o, s) => {
    // An error's card (`last_payment_error.payment_method`) is kept as a reference: shown whole.
    const whole =
      o.created === undefined ? await stored<Node>(s, 'payment_method', idOf(o.id)) : null;
    if (whole) fill(o, publicView(structuredClone(whole)));
    const brand = isNode(o.card) && typeof o.card.brand === 'string' ? o.card.brand : 'unknown';
    return {
      billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
      card: {
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        display_brand: brand,
        funding: 'credit',
        generated_from: null,
        networks: { available: [brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      customer_account: null,
      livemode: false,
      metadata: {},
    };
  },

  setup_intent: () => ({
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    description: null,
    excluded_payment_method_types: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: {},
    on_behalf_of: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    single_use_mandate: null,
  }),

  payment_intent: (o) => ({
    allowed_payment_method_types: null,
    amount_capturable: 0,
    amount_received: o.status === 'succeeded' ? o.amount : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    confirmation_method: 'automatic',
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    on_behalf_of: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    transfer_group: null,
  }),

  product: (o) => ({
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    package_dimensions: null,
    shippable: null,
    tax_details: null,
    type: 'service',
    updated: o.created,
    url: null,
  }),

  price: (o) => ({
    billing_scheme: 'per_unit',
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    recurring: { meter: null, trial_period_days: null },
    tax_behavior: 'exclusive',
    tiers_mode: null,
    transform_quantity: null,
    unit_amount_decimal: o.unit_amount == null ? null : String(o.unit_amount),
  }),

  tax_rate: (o) => ({
    description: null,
    effective_percentage: o.percentage ?? null,
    flat_amount: null,
    jurisdiction_level: o.country ? 'country' : null,
    livemode: false,
    metadata: {},
    rate_type: 'percentage',
    state: null,
    tax_type: 'vat',
  }),

  subscription_item: (o) => ({
    billing_thresholds: null,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: isNode(o.price) ? planOf(o.price) : undefined,
    tax_rates: null,
  }),

  subscription: () => ({
    application: null,
    application_fee_percent: null,
    automatic_tax: NO_AUTOMATIC_TAX,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancellation_details: null,
    customer_account: null,
    days_until_due: null,
    default_source: null,
    description: null,
    discounts: [],
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: ISSUER,
    },
    livemode: false,
    managed_payments: null,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: null,
    trial_start: null,
  }),

  subscription_schedule: (o) => {
    for (const phase of nodes(o.phases)) {
      fill(phase, {
        add_invoice_items: [],
        application_fee_percent: null,
        billing_cycle_anchor: null,
        billing_thresholds: null,
        collection_method: null,
        currency: 'eur',
        default_payment_method: null,
        description: null,
        discounts: [],
        invoice_settings: null,
        metadata: {},
        on_behalf_of: null,
        proration_behavior: 'create_prorations',
        transfer_data: null,
        trial_end: null,
      });
      for (const item of nodes(phase.items))
        fill(item, { billing_thresholds: null, discounts: [], metadata: {}, plan: item.price });
    }
    return {
      application: null,
      billing_mode: { flexible: null, type: 'classic' },
      canceled_at: null,
      completed_at: null,
      customer_account: null,
      default_settings: {
        application_fee_percent: null,
        automatic_tax: NO_AUTOMATIC_TAX,
        billing_cycle_anchor: 'automatic',
        billing_thresholds: null,
        collection_method: 'charge_automatically',
        default_payment_method: null,
        description: null,
        invoice_settings: {
          account_tax_ids: null,
          custom_fields: null,
          days_until_due: null,
          description: null,
          footer: null,
          issuer: ISSUER,
        },
        on_behalf_of: null,
        transfer_data: null,
      },
      livemode: false,
      metadata: {},
      pause_schedules: [],
      test_clock: null,
    };
  },

  line_item: async (o, s) => {
    const parent = isNode(o.parent) ? o.parent : {};
    const details = isNode(parent.subscription_item_details)
      ? parent.subscription_item_details
      : {};
    const subscription = idOf(details.subscription);
    const sub = await stored<Node>(s, 'subscription', subscription);
    return {
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: null,
      livemode: false,
      metadata: {},
      parent: {
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration_details: { credited_items: null },
          subscription_item: idOf(listed(sub?.items)[0]) ?? `si_${subscription ?? 'preview'}`,
        },
      },
      pretax_credit_amounts: [],
      quantity_decimal: o.quantity == null ? null : String(o.quantity),
      subscription,
      subtotal: o.amount,
      taxes: [],
    };
  },

  invoice: async (o, s) => {
    const customer = await stored<Node>(s, 'customer', idOf(o.customer));
    const lines = listed(o.lines);
    const subtotal = typeof o.subtotal === 'number' ? o.subtotal : 0;
    // Each tax amount says on what and why (the simulator's rates: VAT, or reverse charge).
    const taxes = nodes(o.total_taxes);
    o.total_taxes = taxes.map((t) => {
      const rate = isNode(t.tax_rate_details) ? idOf(t.tax_rate_details.tax_rate) : null;
      return { ...t, ...taxLine(Number(t.amount), subtotal, rate, t.taxability_reason) };
    });
    const [tax] = o.total_taxes as Node[];
    for (const line of lines) {
      line.invoice = o.id ?? null;
      if (tax && subtotal !== 0 && Array.isArray(line.taxes) && line.taxes.length === 0) {
        const amount = Math.round((Number(tax.amount) * Number(line.amount)) / subtotal);
        const rate = isNode(tax.tax_rate_details) ? idOf(tax.tax_rate_details.tax_rate) : null;
        line.taxes = [taxLine(amount, Number(line.amount), rate, tax.taxability_reason)];
      }
    }
    const transitions = isNode(o.status_transitions) ? o.status_transitions : {};
    for (const p of listed(o.payments))
      fill(p, {
        status_transitions: {
          canceled_at: null,
          paid_at: p.status === 'paid' ? (transitions.paid_at ?? null) : null,
        },
      });
    // A preview bills a subscription when its lines do.
    const lineSub = lines
      .map((l) => (isNode(l.parent) ? l.parent.subscription_item_details : null))
      .map((d) => (isNode(d) ? idOf(d.subscription) : null))
      .find((id) => id);
    const parentSub =
      isNode(o.parent) && isNode(o.parent.subscription_details)
        ? idOf(o.parent.subscription_details.subscription)
        : null;
    const subId = parentSub ?? lineSub ?? null;
    const sub = await stored<Node>(s, 'subscription', subId);
    const preview = typeof o.id !== 'string' || o.id.startsWith('upcoming_');
    return {
      account_country: 'NL',
      account_name: 'Roomscale',
      account_tax_ids: null,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: o.amount_due ?? 0,
      amount_shipping: 0,
      application: null,
      attempt_count: 0,
      attempted: false,
      automatic_tax: { ...NO_AUTOMATIC_TAX, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: preview ? 'upcoming' : 'manual',
      collection_method: 'charge_automatically',
      custom_fields: null,
      customer_account: null,
      customer_address: customer?.address ?? null,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      customer_phone: customer?.phone ?? null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: transitions.finalized_at ?? null,
      ending_balance: null,
      footer: null,
      from_invoice: null,
      issuer: ISSUER,
      last_finalization_error: null,
      latest_revision: null,
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: null,
      on_behalf_of: null,
      parent: subId
        ? {
            quote_details: null,
            subscription_details: {
              metadata: isNode(sub?.metadata) ? sub.metadata : {},
              subscription: subId,
            },
            type: 'subscription_details',
          }
        : null,
      payment_settings: {
        default_mandate: null,
        payment_method_options: null,
        payment_method_types: null,
      },
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status_transitions: {
        finalized_at: null,
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      subtotal_excluding_tax: subtotal,
      test_clock: null,
      total_discount_amounts: [],
      total_excluding_tax: subtotal,
      total_pretax_credit_amounts: [],
      webhooks_delivered_at: null,
    };
  },
};

/** Completes `v` in place, the innermost objects first. */
async function complete(s: SimReader, v: unknown): Promise<void> {
  if (Array.isArray(v)) {
    for (const x of v) await complete(s, x);
    return;
  }
  if (!isNode(v)) return;
  for (const x of Object.values(v)) await complete(s, x);
  const shape = typeof v.object === 'string' ? shapes[v.object] : undefined;
  if (shape) fill(v, await shape(v, s));
}

/**
 * A value as the simulator's API answers it: without the simulator's own `_` keys, every
 * Stripe object in it complete.
 */
export async function stripeView<T>(s: SimReader, value: T): Promise<T> {
  const out = publicView(structuredClone(value));
  await complete(s, out);
  return out;
}

/**
 * The object of an event of `type`, as Stripe sends it: complete, and the invoice of
 * `invoice.upcoming` without an id (it has not been created yet).
 */
export async function eventObjectView(s: SimReader, type: string, object: SimObject) {
  const out = (await stripeView(s, object)) as Partial<SimObject>;
  if (type === 'invoice.upcoming') delete out.id;
  return out;
}

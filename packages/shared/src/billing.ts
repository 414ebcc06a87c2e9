/**
 * Billing rules both sides share (part2 §4 Subscription order, §9; docs/billing.md): plan
 * intervals and their order, the order type of a chosen plan, and the VAT rule.
 */

/** The plans' billing intervals, in the spec's plan-type order (Weekly 1, Monthly 2, Yearly 3). */
export const planIntervals = ['week', 'month', 'year'] as const;
export type PlanInterval = (typeof planIntervals)[number];
export const planRank: Record<PlanInterval, number> = { week: 1, month: 2, year: 3 };

export const invoiceStatuses = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

export const orderTypes = ['Create', 'Upgrade', 'Downgrade'] as const;
export type OrderType = (typeof orderTypes)[number];

export const billingLimits = {
  /** From this many users the plan page asks to contact sales (part2 §5, §9). */
  contactSalesFrom: 50,
  /** Upper bound of one subscription's quantity; larger teams go through sales. */
  maxUsers: 10_000,
  fullNameMin: 2,
  fieldMin: 2,
  fieldMax: 200,
  phoneMax: 40,
  /** The browser keeps the pending order under this one key (part2 §3 Billing). */
  orderStorageKey: 'roomscale.subscriptionOrder',
  /**
   * Days an unpaid renewal keeps its licenses before they drop (the invoice's grace): the
   * admins are emailed at once, and the licenses return after this.
   */
  renewalGraceDays: 7,
  /** Days before a renewal its upcoming-renewal email is sent. */
  upcomingRenewalDays: 7,
  /** The payment provider's plan details (prices) change rarely: asked for again after this. */
  providerDetailsCacheMs: 5 * 60_000,
  /** The largest webhook body read; the provider's events are a few KiB. */
  webhookBodyBytes: 1024 * 1024,
  /** The largest request body the built-in simulator's API reads (the SDK's form encoding). */
  simulatorBodyBytes: 256 * 1024,
  /** The built-in simulator's prices per user, in euro cents, excluding VAT (docs/billing.md). */
  simulatorUnitAmounts: { week: 500, month: 1500, year: 15_000 },
} as const;

/**
 * The order type of choosing `chosen` while `current` runs (part2 §4): Create without a current
 * subscription; Downgrade when the plan type or the user count is lower; Upgrade when either is
 * higher; otherwise (the same plan and count: a payment method change) Create.
 */
export function orderTypeOf(
  current: { interval: PlanInterval; quantity: number } | null,
  chosen: { interval: PlanInterval; quantity: number },
): OrderType {
  if (!current) return 'Create';
  if (planRank[chosen.interval] < planRank[current.interval] || chosen.quantity < current.quantity)
    return 'Downgrade';
  if (planRank[chosen.interval] > planRank[current.interval] || chosen.quantity > current.quantity)
    return 'Upgrade';
  return 'Create';
}

/** Formats an amount in cents as euros with two decimals, e.g. 2900 → '€29.00'. */
export const formatEuros = (cents: number) =>
  `€${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The standard VAT rate of each EU member state, in percent, keyed by ISO 3166-1 alpha-2 code.
 * Roomscale sells from the Netherlands (docs/billing.md).
 */
export const euVatRates: Record<string, number> = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
};

/**
 * The format of each EU country's VAT number, prefix included (Greece uses 'EL'). Only the
 * format is checked; whether the number is registered is the tax office's to say.
 */
export const euVatFormats: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  GR: /^EL\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE\d{7}[A-W][A-I]?$|^IE\d[A-Z+*]\d{5}[A-W]$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{10}01$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
};

/** A VAT number as entered, without spaces, dots or dashes, in capitals. */
export const normalizeVatNumber = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

/** Whether `vat` (normalized) has the format of a VAT number of `country`. */
export function isValidVatNumber(country: string, vat: string): boolean {
  const format = euVatFormats[country];
  return Boolean(format?.test(normalizeVatNumber(vat)));
}

export const isEuCountry = (country: string) => country in euVatRates;

/** The VAT rule (docs/billing.md): who pays which rate. */
export type TaxTreatment =
  | { kind: 'domestic'; rate: number }
  | { kind: 'reverseCharge'; rate: 0 }
  | { kind: 'euConsumer'; rate: number }
  | { kind: 'export'; rate: 0 };

/**
 * Roomscale is established in the Netherlands. Dutch customers pay Dutch VAT (21 %), business
 * or not; EU businesses elsewhere with a VAT number of their country are reverse-charged (0 %,
 * the customer accounts for the VAT); other EU customers pay their own country's standard rate
 * (the OSS rule for electronic services to consumers); customers outside the EU pay no VAT.
 */
export function taxTreatmentOf(customer: {
  country: string;
  isBusiness: boolean;
  taxId: string | null;
}): TaxTreatment {
  const { country } = customer;
  if (country === 'NL') return { kind: 'domestic', rate: euVatRates.NL ?? 21 };
  if (!isEuCountry(country)) return { kind: 'export', rate: 0 };
  if (customer.isBusiness && customer.taxId && isValidVatNumber(country, customer.taxId))
    return { kind: 'reverseCharge', rate: 0 };
  return { kind: 'euConsumer', rate: euVatRates[country] ?? 0 };
}

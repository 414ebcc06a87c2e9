import {
  billingLimits,
  invoiceStatuses,
  isValidVatNumber,
  normalizeVatNumber,
  orderTypes,
  planIntervals,
} from '../billing.ts';
import { billingMessages } from '../billingTexts.ts';
import { fieldMessages } from '../messages.ts';
import { z } from '../zodErrors.ts';
import { email, isoDate } from './common.ts';

export const planInterval = z.enum(planIntervals);
export const invoiceStatus = z.enum(invoiceStatuses);
export const orderType = z.enum(orderTypes);

/**
 * The team's subscription as the payment provider has it (part2 §3 SubscriptionDetail). Amounts
 * are in cents. The payment intent fields are set while the latest invoice waits for the
 * browser (authentication or another card); `latestInvoiceUrl` opens the invoice.
 */
export const subscriptionDetail = z.object({
  currentSubscriptionId: z.string().nullable(),
  currentPriceId: z.string().nullable(),
  /** The current plan's interval, so screens need not map price ids. */
  currentInterval: planInterval.nullable(),
  /** active, past_due, incomplete, unpaid, canceled… (the provider's subscription status). */
  status: z.string().nullable(),
  currentSubscriptionUserCount: z.number().int(),
  currentSubscriptionPeriodEnd: isoDate.nullable(),
  latestInvoiceStatus: invoiceStatus.nullable(),
  latestInvoiceAmount: z.number().int().nullable(),
  latestInvoiceUrl: z.string().nullable(),
  subscriptionHasUpcomingCancel: z.boolean(),
  subscriptionHasUpcomingChange: z.boolean(),
  subscriptionUpcomingChangeQuantity: z.number().int().nullable(),
  subscriptionUpcomingChangePrice: z.string().nullable(),
  subscriptionUpcomingChangeInterval: planInterval.nullable(),
  subscriptionUpcomingChangeStart: isoDate.nullable(),
  subscriptionPaymentIntentId: z.string().nullable(),
  subscriptionPaymentIntentStatus: z.string().nullable(),
  subscriptionPaymentIntentSecret: z.string().nullable(),
});
export type SubscriptionDetail = z.infer<typeof subscriptionDetail>;

/**
 * GET /api/StripeCustomers/{organizationId}: the team's customer at the payment provider with
 * its billing details, default payment method and subscription (part2 §3 Customer).
 */
export const billingCustomer = z.object({
  customerId: z.string(),
  isBusiness: z.boolean(),
  fullName: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  addressPostalCode: z.string(),
  addressCity: z.string(),
  addressState: z.string(),
  /** ISO 3166-1 alpha-2. */
  addressCountry: z.string(),
  invoiceEmail: z.string(),
  phone: z.string(),
  taxId: z.string().nullable(),
  /** The VAT rate the team's invoices carry, in percent (docs/billing.md). */
  taxRate: z.number(),
  paymentType: z.string().nullable(),
  paymentCardBrand: z.string().nullable(),
  paymentCardLast4: z.string().nullable(),
  paymentCardExpiryMonth: z.number().int().nullable(),
  paymentCardExpiryYear: z.number().int().nullable(),
  paymentMethodId: z.string().nullable(),
  subscriptionDetail: subscriptionDetail.nullable(),
});
export type BillingCustomer = z.infer<typeof billingCustomer>;

const text = (min: number, max: number = billingLimits.fieldMax) =>
  z
    .string()
    .trim()
    .min(1, fieldMessages.required)
    .min(min, fieldMessages.minLength(min))
    .max(max, fieldMessages.maxLength(max));

/** Optional text: empty is allowed, otherwise at least `min` characters. */
const optionalText = (min: number) =>
  z
    .string()
    .trim()
    .max(billingLimits.fieldMax, fieldMessages.maxLength(billingLimits.fieldMax))
    .refine((s) => s === '' || s.length >= min, fieldMessages.minLength(min))
    .default('');

/**
 * POST /api/StripeCustomers/{organizationId}: billing details (part2 §5 Billing). Name or
 * company name, address line 1, postal code, city and invoice email at least 2 characters;
 * phone required; state at least 2 when given; the VAT number only for a business (cleared
 * for a consumer), in its EU country's format.
 */
export const billingCustomerEdit = z
  .object({
    isBusiness: z.boolean(),
    fullName: text(billingLimits.fullNameMin),
    addressLine1: text(billingLimits.fieldMin),
    addressLine2: optionalText(1),
    addressPostalCode: text(billingLimits.fieldMin, 20),
    addressCity: text(billingLimits.fieldMin),
    addressState: optionalText(billingLimits.fieldMin),
    addressCountry: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, billingMessages.countryRequired),
    invoiceEmail: email,
    phone: z
      .string()
      .trim()
      .min(1, fieldMessages.required)
      .max(billingLimits.phoneMax, fieldMessages.maxLength(billingLimits.phoneMax))
      .regex(/^\+?[0-9 ()./-]{4,}$/, billingMessages.phoneInvalid),
    taxId: z.string().trim().default(''),
  })
  .transform((v) => ({
    ...v,
    taxId: v.isBusiness && v.taxId !== '' ? normalizeVatNumber(v.taxId) : null,
  }))
  .superRefine((v, ctx) => {
    if (v.taxId !== null && !isValidVatNumber(v.addressCountry, v.taxId))
      ctx.addIssue({ code: 'custom', path: ['taxId'], message: billingMessages.vatFormat });
  });
export type BillingCustomerEdit = z.input<typeof billingCustomerEdit>;

/** One plan: its price id at the provider and its price per user in cents, excluding VAT. */
export const planPrice = z.object({
  interval: planInterval,
  priceId: z.string(),
  unitAmount: z.number().int(),
});
export type PlanPrice = z.infer<typeof planPrice>;

const euroPrice = (per: string) =>
  z
    .number()
    .nonnegative()
    .describe(
      `The price per user a ${per}, excluding VAT, in euro with 2 decimals (15.00 is €15.00).`,
    );

/**
 * GET /api/StripeCustomers/Details: what the browser needs to take an order (part2 §3 Payment
 * provider details). `provider` says whether the card form is Stripe's or the built-in
 * simulator's (docs/billing.md); the three prices per user are euros with 2 decimals (part2
 * §9), `prices` has them in cents, excluding VAT.
 */
export const providerDetails = z.object({
  provider: z.enum(['stripe', 'simulator']),
  publishableKey: z.string(),
  subscriptionProductId: z.string(),
  weeklyPriceId: z.string(),
  monthlyPriceId: z.string(),
  yearlyPriceId: z.string(),
  weeklyPrice: euroPrice('week'),
  monthlyPrice: euroPrice('month'),
  yearlyPrice: euroPrice('year'),
  prices: z
    .array(planPrice)
    .describe('Each plan with its price id and its price per user in cents, excluding VAT.'),
});
export type ProviderDetails = z.infer<typeof providerDetails>;

const quantity = z
  .number()
  .int()
  .min(1, billingMessages.usersAboveZero)
  .max(billingLimits.maxUsers, billingMessages.usersTooMany);

/** POST …/Subscription: create, upgrade or downgrade (part2 §3, §4). */
export const subscriptionUpdate = z.object({
  /** The card to pay with; omitted to keep the customer's default payment method. */
  paymentMethodId: z.string().max(255).nullish(),
  priceId: z.string().min(1).max(255),
  quantity,
});
export type SubscriptionUpdate = z.input<typeof subscriptionUpdate>;

export const subscriptionUpdateResult = z.object({
  orderType,
  subscriptionDetail,
  paymentMethodId: z.string().nullable(),
});
export type SubscriptionUpdateResult = z.infer<typeof subscriptionUpdateResult>;

/** POST …/Subscription/Price: the estimate of an order. */
export const pricePreviewRequest = z.object({ priceId: z.string().min(1).max(255), quantity });

/** Cents: the total and its parts; `taxRate` in percent. */
export const pricePreview = z.object({
  orderType,
  total: z.number().int(),
  totalItems: z.number().int(),
  totalDiscount: z.number().int(),
  totalTax: z.number().int(),
  taxRate: z.number(),
  /** When the order takes effect: now, or the current period's end for a downgrade. */
  effectiveAt: isoDate,
});
export type PricePreview = z.infer<typeof pricePreview>;

/** GET …/PaymentMethod/Secret: a setup intent's client secret for a new card. */
export const setupSecret = z.object({ clientSecret: z.string() });

/** The pending order in the browser's storage (part2 §3 Order). */
export const storedOrder = z.object({
  organizationId: z.string(),
  subscriptionId: z.string().nullable(),
  productId: z.string(),
  priceId: z.string(),
  usersCount: z.number().int().min(1),
});
export type StoredOrder = z.infer<typeof storedOrder>;

/**
 * The built-in simulator's card calls (docs/billing.md), which stand in for Stripe.js when no
 * Stripe key is configured: the browser confirms a setup or payment intent with its client
 * secret. When the card needs 3-D Secure the answer carries the simulator's authentication page
 * to send the browser to; it returns to `returnUrl` with the intent's id and `redirect_status`.
 */
export const simulatorCard = z.object({
  number: z.string().max(30),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().max(4),
  name: z.string().trim().min(1, fieldMessages.required).max(200),
});
export type SimulatorCard = z.infer<typeof simulatorCard>;

export const simulatorConfirmSetup = z.object({
  clientSecret: z.string().max(255),
  card: simulatorCard,
  returnUrl: z.url(),
});

export const simulatorConfirmPayment = z.object({
  clientSecret: z.string().max(255),
  /** A card to pay with instead of the intent's own. */
  paymentMethodId: z.string().max(255).nullish(),
  returnUrl: z.url(),
});

export const simulatorIntentQuery = z.object({ clientSecret: z.string().max(255) });

export const simulatorIntent = z.object({
  id: z.string(),
  /** succeeded, processing, requires_action, requires_payment_method, canceled… */
  status: z.string(),
  paymentMethodId: z.string().nullable(),
  /** The authentication page to send the browser to while status is requires_action. */
  redirectUrl: z.string().nullable(),
  /** Why the card was refused, when it was. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type SimulatorIntent = z.infer<typeof simulatorIntent>;

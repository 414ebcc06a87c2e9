import type {
  BillingCustomer,
  LicensingSummary,
  PricePreview,
  ProviderDetails,
  SubscriptionDetail,
} from '@roomscale/shared';

/** Billing answers as the server sends them, for the billing and admin screen tests. */

export function detailsFixture(overrides: Partial<ProviderDetails> = {}): ProviderDetails {
  return {
    provider: 'simulator',
    publishableKey: 'pk_test_simulator',
    subscriptionProductId: 'prod_roomscale',
    weeklyPriceId: 'price_week',
    monthlyPriceId: 'price_month',
    yearlyPriceId: 'price_year',
    weeklyPrice: 9,
    monthlyPrice: 29,
    yearlyPrice: 290,
    prices: [
      { interval: 'week', priceId: 'price_week', unitAmount: 900 },
      { interval: 'month', priceId: 'price_month', unitAmount: 2900 },
      { interval: 'year', priceId: 'price_year', unitAmount: 29000 },
    ],
    ...overrides,
  };
}

export function subscriptionFixture(
  overrides: Partial<SubscriptionDetail> = {},
): SubscriptionDetail {
  return {
    currentSubscriptionId: 'sub_1',
    currentPriceId: 'price_month',
    currentInterval: 'month',
    status: 'active',
    currentSubscriptionUserCount: 5,
    currentSubscriptionPeriodEnd: '2026-03-07T12:00:00.000Z',
    latestInvoiceStatus: 'paid',
    latestInvoiceAmount: 17545,
    latestInvoiceUrl: 'http://localhost/billing-simulator/invoices/in_1',
    subscriptionHasUpcomingCancel: false,
    subscriptionHasUpcomingChange: false,
    subscriptionUpcomingChangeQuantity: null,
    subscriptionUpcomingChangePrice: null,
    subscriptionUpcomingChangeInterval: null,
    subscriptionUpcomingChangeStart: null,
    subscriptionPaymentIntentId: null,
    subscriptionPaymentIntentStatus: null,
    subscriptionPaymentIntentSecret: null,
    ...overrides,
  };
}

export function customerFixture(overrides: Partial<BillingCustomer> = {}): BillingCustomer {
  return {
    customerId: 'cus_A1',
    isBusiness: true,
    fullName: 'Acme BV',
    addressLine1: 'Keizersgracht 1',
    addressLine2: 'Floor 3',
    addressPostalCode: '1015 AA',
    addressCity: 'Amsterdam',
    addressState: 'Noord-Holland',
    addressCountry: 'NL',
    invoiceEmail: 'billing@acme.example',
    phone: '+31 20 123 4567',
    taxId: 'NL123456789B01',
    taxRate: 21,
    paymentType: 'card',
    paymentCardBrand: 'visa',
    paymentCardLast4: '4242',
    paymentCardExpiryMonth: 4,
    paymentCardExpiryYear: 2030,
    paymentMethodId: 'pm_saved',
    subscriptionDetail: subscriptionFixture(),
    ...overrides,
  };
}

export function licensingFixture(overrides: Partial<LicensingSummary> = {}): LicensingSummary {
  return {
    licenseCount: 5,
    licensesInUse: 2,
    manualLicenseCount: 0,
    metaLicenseCount: 0,
    stripeLicenseCount: 5,
    selfManaged: true,
    paymentCustomerId: 'cus_A1',
    ...overrides,
  };
}

export function previewFixture(overrides: Partial<PricePreview> = {}): PricePreview {
  return {
    orderType: 'Create',
    total: 17545,
    totalItems: 14500,
    totalDiscount: 0,
    totalTax: 3045,
    taxRate: 21,
    effectiveAt: '2026-02-07T12:00:00.000Z',
    ...overrides,
  };
}

/**
 * A matcher for a sentence whose dates are kept on one line in their own spans
 * (`keepDatesTogether`): the paragraph whose whole text is `text`.
 */
export const sentence = (text: string) => (_content: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === text;

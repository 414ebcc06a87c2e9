import { routeTitles } from './routeTitles.ts';
/**
 * Billing (part2 §2 Subscription screens, §4, §5, §8; part1 §8): the subscription screens'
 * texts and the server's billing problems. The spec's exact strings are marked "spec".
 */

/** `detail`s of the server's billing problems (the spec's known messages are in serverMessages). */
export const billingMessages = {
  countryRequired: 'Select a country',
  phoneInvalid: 'Enter a valid telephone number',
  vatFormat: 'Enter a VAT number in the format of the selected country, e.g. NL123456789B01',
  usersAboveZero: 'The number of users must be above 0',
  usersTooMany: 'For this many users, contact our sales team',
  notSelfManaged:
    "This team's subscription is managed by your account manager. Contact the sales team to change it.",
  noCustomer: 'This team has no billing details yet.',
  noSubscription: 'This team has no active subscription.',
  alreadyCancelled: 'The subscription already ends at the end of its period.',
  unknownPrice: 'This plan does not exist.',
  noPaymentMethod: 'Add a card to pay with.',
  paymentMethodNotYours: 'This payment method does not belong to the team.',
  unchangedOrder: 'This is the current plan and number of users already.',
  webhookSignature: 'The webhook signature is not valid.',
  webhookEvent: 'The webhook body is not an event.',
  /** The simulator's card form and 3-D Secure page (docs/billing.md). */
  cardDeclined: 'Your card was declined.',
  cardIncomplete: 'Your card number is incomplete.',
  cardExpired: 'Your card has expired.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  intentUnknown: 'This payment could not be found, or its secret does not match.',
} as const;

export const billingTexts = {
  titles: {
    overview: routeTitles.subscription,
    customer: routeTitles.billingDetails, // spec
    plan: routeTitles.plan,
    confirm: routeTitles.confirmOrder, // spec
  },

  /** Loading and load failures of the subscription screens. */
  load: {
    loading: 'Loading subscription…',
    failed: 'The subscription could not be loaded.',
    customerFailed: 'The billing details could not be loaded.',
    retry: 'Try again',
  },

  member: {
    contactAdmin: 'Contact an administrator of your team to purchase and manage licenses', // spec
    noLicense:
      'After assigning purchasing licenses a team admin can assign your license to remove the watermark.', // spec
    teamMembers: 'Team members',
  },

  header: {
    unlock: 'Unlock Roomscale', // spec 'Unlock {product}'
    unlockText: 'Buy licenses to remove the watermark for your team in VR.',
    signUp: 'Sign up now', // spec
    choosePlan: 'Choose a plan', // spec
    choosePlanText: 'Your billing details are set up. Choose the plan that fits your team.',
    manage: 'Manage your licenses', // spec
    licenseCount: (n: number) => `Your team has ${n} ${n === 1 ? 'license' : 'licenses'}.`,
    assign: 'Assign licenses',
  },

  billingCard: {
    title: 'Billing',
    empty: 'No billing details have been setup for this team.', // spec
    edit: 'Edit billing details', // spec
    add: 'Add billing details', // spec
    telephone: 'Telephone',
    vatNumber: 'VAT number',
    invoiceEmail: 'Invoice email',
    business: 'Business',
  },

  subscriptionCard: {
    title: 'Subscription',
    none: 'No license active yet. Your users can use Roomscale with a watermark.', // spec ('the product' is Roomscale)
    awarded: (n: number) => `awarded ${n} licenses`, // spec 'awarded N licenses'
    users: (n: number, interval: string) => `${n} ${n === 1 ? 'user' : 'users'}, per ${interval}`,
    plan: 'Plan',
    periodEnd: 'Current period ends',
    lastInvoice: 'Last invoice',
    viewInvoice: 'View invoice',
    upcomingCancel: (date: string) => `The subscription ends on ${date}.`,
    upcomingChange: (n: number, interval: string, date: string) =>
      `From ${date}: ${n} ${n === 1 ? 'user' : 'users'}, per ${interval}.`,
    pastDueTitle: 'Payment failed',
    pastDue:
      'The last payment failed. Change the payment method to keep your licenses; the payment is retried with the new card.',
    cancel: 'Cancel subscription', // spec
    manage: 'Manage subscription', // spec
    providerManaged:
      'This subscription is managed by your account manager. To change it, contact your account manager or our sales team.', // spec (notice)
  },

  invoiceStatus: {
    draft: 'draft',
    open: 'open',
    paid: 'paid',
    uncollectible: 'payment issue', // spec
    void: 'void',
  },

  paymentCard: {
    title: 'Payment method',
    none: 'No payment method linked for billing.', // spec
    card: 'Card',
    expires: (month: number, year: number) => `Expires ${String(month).padStart(2, '0')}/${year}`,
    change: 'Change payment method', // spec
    cardNumber: (brand: string, last4: string) => `${brand} •••• ${last4}`,
  },

  customerForm: {
    business: 'Ordering as a business',
    fullName: 'Name',
    companyName: 'Company name',
    addressLine1: 'Address line 1',
    addressLine2: 'Address line 2',
    postalCode: 'Postal code',
    city: 'City',
    state: 'State or province',
    country: 'Country',
    phone: 'Telephone',
    vatNumber: 'VAT number',
    vatHint: 'EU businesses outside the Netherlands with a valid VAT number are reverse-charged.',
    invoiceEmail: 'Invoice email',
    save: 'Save',
    next: 'Next',
    cancel: 'Cancel',
    newIntro: 'Who do we invoice? These details appear on every invoice. Next, you choose a plan.',
    editIntro: 'These details appear on your next invoices.',
    searchCountry: 'Search for a country',
    noCountry: 'No country found',
    saved: 'The data has been saved', // spec
    saveFailed: (message: string) => `An error has occurred: ${message}`, // spec
  },

  plan: {
    users: 'Number of users',
    interval: 'Plan',
    intervals: { week: 'Weekly', month: 'Monthly', year: 'Yearly' },
    per: { week: 'week', month: 'month', year: 'year' }, // spec plan names
    perUser: (price: string, interval: string) => `${price} per user per ${interval}`,
    total: (price: string, interval: string) => `${price} per ${interval}`,
    exclVat: 'Prices excl. VAT',
    contactSales:
      'Planning a large subscription? Contact our sales team for a quote that fits your organization.',
    next: 'Next',
    back: 'Back',
    current: 'Current plan',
    intro: 'Choose how many users need a license, and how often you pay.',
    licenses: 'Licenses',
    perUserLabel: 'Price per user',
    totalLabel: 'Total',
    unchanged: 'This is your current plan and number of users. Change one of them to continue.',
  },

  confirm: {
    summary: 'Order summary',
    orderType: { Create: 'New subscription', Upgrade: 'Upgrade', Downgrade: 'Downgrade' },
    /** The same plan and user count again: only the payment method changes (orderTypeOf: Create). */
    paymentMethodChange: 'Payment method change',
    orderTypeLabel: 'Order',
    usersLabel: 'Users',
    planLabel: 'Plan',
    upgradeNote:
      'The change takes effect immediately; the remainder of the current period is settled on this invoice.',
    downgradeNote: (date: string) =>
      `The change takes effect at the end of the current term, on ${date}.`,
    estimated: 'Estimated price',
    subtotal: 'Subtotal',
    discount: 'Discount',
    previewFailed: (message: string) => `The price could not be estimated: ${message}`,
    tax: (rate: number) => `VAT ${rate}%`,
    reverseCharge: 'VAT reverse-charged',
    total: 'Total',
    paymentMethod: 'Payment method',
    savedCard: (brand: string, last4: string) => `${brand} ending in ${last4}`,
    newCard: 'A new card',
    cardHolder: 'Name on card',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    cardErrors: {
      numberIncomplete: 'Your card number is incomplete.',
      numberInvalid: 'Your card number is invalid.',
      expiryIncomplete: "Your card's expiration date is incomplete.",
      expiryPast: "Your card's expiration year is in the past.",
      cvcIncomplete: "Your card's security code is incomplete.",
    },
    cardLoading: 'Loading the card form…',
    confirm: 'Confirm',
    back: 'Back',
    processing: 'Processing your order…',
    failedTitle: 'Error',
    failed: (reason: string) => `The order has failed: ${reason}`, // spec
    completedTitle: 'Completed', // spec
    completed:
      'The order has been processed. When payment is completed, the licenses can be assigned in the "Team" menu. You will receive an email when the licenses are available.', // spec
    cardFailed: (message: string) => `An error has occurred: ${message}`, // spec
    simulatorNotice:
      'Test mode: no real payment is made. Use 4242 4242 4242 4242 to pay, 4000 0025 0000 3155 to authenticate with 3-D Secure, 4000 0000 0000 0002 to be declined.',
  },

  cancel: {
    confirm: 'Are you sure you want to cancel the extension of the subscription?', // spec
    title: 'Cancel subscription',
    yes: 'Cancel subscription',
    no: 'Keep subscription',
    failed: (reason: string) => `Cancel failed. Please contact support. ${reason}`, // spec
    done: 'The subscription will end at the end of its period.',
  },

  /** The simulator's 3-D Secure page and invoice page (server-rendered). */
  simulator: {
    authTitle: '3-D Secure authentication',
    authText: (amount: string) =>
      `Test mode: this page stands in for your bank. Approve or fail the authentication of ${amount}.`,
    authSetupText:
      'Test mode: this page stands in for your bank. Approve or fail saving this card.',
    approve: 'Complete authentication',
    fail: 'Fail authentication',
    invoiceTitle: (number: string) => `Invoice ${number}`,
  },
} as const;

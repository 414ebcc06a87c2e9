import type { PlanInterval } from '@roomscale/shared';

/** A Stripe-shaped object; keys starting with `_` are the simulator's own and never leave it. */
export type SimObject = { id: string; object: string; [key: string]: unknown };

/**
 * How the simulator's objects are read (store.ts's SimStore): the shapes and the clock's due
 * dates read through this, so they need not import the store that calls them.
 */
export type SimReader = {
  find<T extends SimObject>(id: string): Promise<T | null>;
  list<T extends SimObject>(object: string, customerId?: string): Promise<T[]>;
};

/** The object as the API shows it: without the simulator's own `_` keys, at any depth. */
export function publicView<T>(value: T): T {
  if (Array.isArray(value)) return value.map(publicView) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !k.startsWith('_'))
        .map(([k, v]) => [k, publicView(v)]),
    ) as T;
  }
  return value;
}

/** The simulator's objects, with the fields it reads and writes (Stripe's names). */
export type List<T> = { object: 'list'; data: T[]; has_more: boolean; url: string };
export const listOf = <T>(data: T[], url: string): List<T> => ({
  object: 'list',
  data,
  has_more: false,
  url,
});

export type Address = {
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
};

export interface Customer extends SimObject {
  object: 'customer';
  name: string | null;
  email: string | null;
  phone: string | null;
  address: Address | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
  /** Negative: credit the customer has (from a downgrade's proration), used on the next invoice. */
  balance: number;
  /** The number of its next invoice (a customer saved before the counter has none yet). */
  next_invoice_sequence?: number;
  created: number;
  deleted?: boolean;
}

export interface TaxId extends SimObject {
  object: 'tax_id';
  type: string;
  value: string;
  country: string | null;
  customer: string;
  created: number;
}

export interface PaymentMethod extends SimObject {
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string };
  billing_details: { name: string | null };
  customer: string | null;
  created: number;
  _number: string;
  /** Authenticated with 3-D Secure when it was saved, so later charges need no authentication. */
  _authenticated: boolean;
}

export type NextAction = {
  type: 'redirect_to_url';
  redirect_to_url: { url: string; return_url: string };
} | null;

export type IntentError = {
  type: string;
  code: string;
  decline_code?: string;
  message: string;
  payment_method?: unknown;
} | null;

export interface SetupIntent extends SimObject {
  object: 'setup_intent';
  client_secret: string;
  customer: string | null;
  status: string;
  payment_method: string | null;
  usage: string;
  last_setup_error: IntentError;
  next_action: NextAction;
  created: number;
}

export interface PaymentIntent extends SimObject {
  object: 'payment_intent';
  amount: number;
  currency: string;
  customer: string | null;
  status: string;
  client_secret: string;
  payment_method: string | null;
  last_payment_error: IntentError;
  next_action: NextAction;
  setup_future_usage: string | null;
  created: number;
  _invoice: string | null;
}

export interface Price extends SimObject {
  object: 'price';
  product: string;
  unit_amount: number;
  currency: string;
  active: boolean;
  type: 'recurring';
  nickname: string;
  recurring: { interval: PlanInterval; interval_count: 1; usage_type: 'licensed' };
  created: number;
}

export interface TaxRate extends SimObject {
  object: 'tax_rate';
  percentage: number;
  inclusive: boolean;
  display_name: string;
  country: string | null;
  jurisdiction: string | null;
  active: boolean;
  created: number;
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  subscription: string;
  created: number;
}

/** Stripe's `Subscription.PendingUpdate`. */
export interface PendingUpdate {
  billing_cycle_anchor: number | null;
  cancel_at_period_end: boolean | null;
  discount: null;
  discounts: null;
  expires_at: number;
  metadata: null;
  subscription_items: SubscriptionItem[];
  trial_end: number | null;
  trial_from_plan: boolean | null;
}

export interface Subscription extends SimObject {
  object: 'subscription';
  customer: string;
  status: string;
  items: List<SubscriptionItem>;
  latest_invoice: string | null;
  default_payment_method: string | null;
  default_tax_rates: TaxRate[];
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  schedule: string | null;
  metadata: Record<string, string>;
  created: number;
  start_date: number;
  billing_cycle_anchor: number;
  currency: string;
  collection_method: 'charge_automatically';
  /**
   * A change made with `payment_behavior: pending_if_incomplete` whose invoice is not paid yet
   * (pending.ts): applied when it is, discarded with the invoice voided at `expires_at`.
   */
  pending_update?: PendingUpdate | null;
  /** The period an upcoming-renewal event was sent for. */
  _upcomingSentFor?: number;
  /** The invoice whose payment applies `pending_update`. */
  _pendingInvoice?: string | null;
  /** Whether `pending_update` was shown (the first payment failed): its events say so. */
  _pendingShown?: boolean;
  /** When the clock next has something to do for it (due.ts); null once it has ended. */
  _dueAt?: number | null;
}

export type SchedulePhase = {
  start_date: number;
  end_date: number;
  items: { price: string; quantity: number }[];
};

export interface SubscriptionSchedule extends SimObject {
  object: 'subscription_schedule';
  customer: string;
  subscription: string | null;
  status: 'not_started' | 'active' | 'completed' | 'released' | 'canceled';
  end_behavior: 'release' | 'cancel';
  phases: SchedulePhase[];
  current_phase: { start_date: number; end_date: number } | null;
  released_subscription: string | null;
  released_at: number | null;
  created: number;
}

export type InvoiceLine = {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  quantity: number;
  period: { start: number; end: number };
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  parent: {
    type: 'subscription_item_details';
    subscription_item_details: { proration: boolean; subscription: string | null };
  };
};

export interface Invoice extends SimObject {
  object: 'invoice';
  number: string | null;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  billing_reason: string;
  currency: string;
  lines: List<InvoiceLine>;
  subtotal: number;
  subtotal_excluding_tax: number;
  total_excluding_tax: number;
  total_taxes: {
    amount: number;
    tax_behavior: 'exclusive';
    taxability_reason: string | null;
    tax_rate_details: { tax_rate: string };
    type: 'tax_rate_details';
  }[];
  total_discount_amounts: { amount: number; discount: string }[];
  total: number;
  starting_balance: number;
  ending_balance: number | null;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  period_start: number;
  period_end: number;
  parent: {
    type: 'subscription_details';
    subscription_details: { subscription: string; metadata: Record<string, string> };
  } | null;
  hosted_invoice_url: string | null;
  invoice_pdf: null;
  default_payment_method: string | null;
  next_payment_attempt: number | null;
  due_date: number | null;
  created: number;
  status_transitions: {
    finalized_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
    marked_uncollectible_at: number | null;
  };
  /** Includable fields: shown only when expanded. */
  confirmation_secret: { type: 'payment_intent'; client_secret: string } | null;
  payments: List<{
    id: string;
    object: 'invoice_payment';
    amount_paid: number | null;
    amount_requested: number;
    status: string;
    payment: { type: 'payment_intent'; payment_intent: string };
    invoice: string;
    is_default: boolean;
    created: number;
    currency: string;
    livemode: false;
  }>;
  _paymentIntent: string | null;
  _taxRate: number;
}

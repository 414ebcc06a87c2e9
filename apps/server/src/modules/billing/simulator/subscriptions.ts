import { billingLimits } from '@roomscale/shared';
import { addInterval, priceOf } from './catalog.ts';
import { customerOf } from './customers.ts';
import { dueAtOf, ENDED, graceEndOf, INCOMPLETE_EXPIRES_SECONDS, openInvoicesOf } from './due.ts';
import { invalid, invalidInteger, missing, paramMissing } from './errors.ts';
import { bool, type Form, list, num, obj, str, strings } from './form.ts';
import {
  closeInvoice,
  collect,
  issueInvoice,
  type LineInput,
  lineOf,
  totalsOf,
} from './invoices.ts';
import { paymentMethodOf } from './payments.ts';
import { dropPendingUpdate, PENDING_UPDATE_EXPIRES_SECONDS } from './pending.ts';
import { newId, type SimStore } from './store.ts';
import {
  type Customer,
  type Invoice,
  listOf,
  type Price,
  type SchedulePhase,
  type Subscription,
  type SubscriptionItem,
  type SubscriptionSchedule,
  type TaxRate,
} from './types.ts';

export const itemOf = (sub: Subscription) => sub.items.data[0] as SubscriptionItem;

async function taxRatesOf(s: SimStore, ids: string[]) {
  return Promise.all(ids.map((id) => s.get<TaxRate>('tax_rate', id, 'default_tax_rates')));
}

async function checkPaymentMethod(s: SimStore, customer: Customer, id: string | undefined) {
  if (!id) return null;
  const pm = await paymentMethodOf(s, id, 'default_payment_method');
  if (pm.customer !== customer.id)
    throw invalid(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      'default_payment_method',
    );
  return pm.id;
}

/** The one item of an items parameter: its price and quantity (the simulator bills one). */
async function requestedItem(s: SimStore, form: Form, current?: SubscriptionItem) {
  const items = list(form.items);
  if (items.length !== 1) throw invalid('The simulator bills exactly one item.', 'items');
  const i = obj(items[0]);
  if (current && str(i.id) && str(i.id) !== current.id)
    throw missing('subscription_item', str(i.id) ?? '', 'items[0][id]');
  const priceId = str(i.price) ?? current?.price.id;
  if (!priceId) throw paramMissing('items[0][price]');
  const price = await priceOf(s, priceId, 'items[0][price]');
  const quantity = num(i.quantity) ?? current?.quantity ?? 1;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > billingLimits.maxUsers)
    throw invalidInteger('items[0][quantity]', quantity, 'Invalid quantity.');
  return { price, quantity };
}

/**
 * The invoice lines of moving `item` to `price` × `quantity` at `now`. The same interval keeps
 * the period and prorates what is left of it; another interval starts a new period now, giving
 * back the unused time of the old one (Stripe resets the billing cycle anchor).
 */
function changeLines(item: SubscriptionItem, price: Price, quantity: number, now: number) {
  const start = item.current_period_start;
  const end = item.current_period_end;
  const left = Math.max(0, Math.min(1, (end - now) / (end - start)));
  const sameInterval = price.recurring.interval === item.price.recurring.interval;
  const period = sameInterval
    ? { start, end }
    : { start: now, end: addInterval(now, price.recurring.interval) };
  const lines: LineInput[] = [
    {
      price: item.price,
      quantity: item.quantity,
      share: -left,
      proration: true,
      period: { start: now, end },
    },
    sameInterval
      ? { price, quantity, share: left, proration: true, period: { start: now, end } }
      : { price, quantity, share: 1, proration: false, period },
  ];
  return { lines, period };
}

export async function createSubscription(s: SimStore, form: Form): Promise<Subscription> {
  const customer = await customerOf(s, str(form.customer) ?? '');
  const { price, quantity } = await requestedItem(s, form);
  const pm =
    (await checkPaymentMethod(s, customer, str(form.default_payment_method))) ??
    customer.invoice_settings.default_payment_method;
  const now = s.nowSeconds;
  const end = addInterval(now, price.recurring.interval);
  const id = newId('sub');
  const sub: Subscription = {
    id,
    object: 'subscription',
    customer: customer.id,
    status: 'incomplete',
    items: listOf(
      [
        {
          id: newId('si'),
          object: 'subscription_item',
          price,
          quantity,
          current_period_start: now,
          current_period_end: end,
          subscription: id,
          created: now,
        },
      ],
      `/v1/subscription_items?subscription=${id}`,
    ),
    latest_invoice: null,
    default_payment_method: pm,
    default_tax_rates: await taxRatesOf(s, strings(form.default_tax_rates)),
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    schedule: null,
    metadata: Object.fromEntries(
      Object.entries(obj(form.metadata)).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    ),
    created: now,
    start_date: now,
    billing_cycle_anchor: now,
    currency: 'eur',
    collection_method: 'charge_automatically',
  };
  await s.save(sub);
  await s.emit('customer.subscription.created', sub);
  const invoice = await issueInvoice(s, {
    customer,
    subscription: sub,
    lines: [{ price, quantity, share: 1, proration: false, period: { start: now, end } }],
    billingReason: 'subscription_create',
    period: { start: now, end },
  });
  await s.save(sub);
  if (str(form.payment_behavior) !== 'default_incomplete') await collect(s, invoice, pm);
  return (await s.find<Subscription>(id)) as Subscription;
}

export async function subscriptionOf(s: SimStore, id: string) {
  return s.get<Subscription>('subscription', id);
}

/**
 * `GET /v1/subscriptions`, and a customer's includable `subscriptions`: newest first, of one
 * status, of all (`all`), or by default those not canceled.
 */
export async function subscriptionsOf(s: SimStore, customerId?: string, status?: string) {
  return (await s.list<Subscription>('subscription', customerId))
    .filter((x) => status === 'all' || (status ? x.status === status : x.status !== 'canceled'))
    .sort((a, b) => b.created - a.created);
}

export async function updateSubscription(
  s: SimStore,
  id: string,
  form: Form,
): Promise<Subscription> {
  const sub = await subscriptionOf(s, id);
  if (ENDED.includes(sub.status))
    throw invalid(
      'A canceled subscription can only update its cancellation_details and metadata.',
      undefined,
      'invalid_canceled_subscription_fields',
    );
  const customer = await customerOf(s, sub.customer);
  if (str(form.payment_behavior) === 'pending_if_incomplete')
    return updateWhenPaid(s, sub, customer, form);
  const previous: Record<string, unknown> = {};
  const cancel = bool(form.cancel_at_period_end);
  if (cancel !== undefined && cancel !== sub.cancel_at_period_end) {
    if (cancel && sub.schedule)
      throw invalid(
        `The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
      );
    previous.cancel_at_period_end = sub.cancel_at_period_end;
    sub.cancel_at_period_end = cancel;
    sub.cancel_at = cancel ? itemOf(sub).current_period_end : null;
  }
  if (form.default_payment_method !== undefined) {
    previous.default_payment_method = sub.default_payment_method;
    sub.default_payment_method = await checkPaymentMethod(
      s,
      customer,
      str(form.default_payment_method),
    );
  }
  if (form.default_tax_rates !== undefined)
    sub.default_tax_rates = await taxRatesOf(s, strings(form.default_tax_rates));
  if (form.metadata !== undefined)
    for (const [k, v] of Object.entries(obj(form.metadata)))
      if (typeof v === 'string') sub.metadata[k] = v;
  let invoice: Invoice | null = null;
  if (form.items !== undefined) {
    if (sub.schedule)
      throw invalid(
        `The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating items directly is not allowed.`,
      );
    const item = itemOf(sub);
    const { price, quantity } = await requestedItem(s, form, item);
    previous.items = structuredClone(sub.items);
    const { lines, period } = changeLines(item, price, quantity, s.nowSeconds);
    item.price = price;
    item.quantity = quantity;
    item.current_period_start = period.start;
    item.current_period_end = period.end;
    if (sub.cancel_at_period_end) sub.cancel_at = period.end;
    if (str(form.proration_behavior) !== 'none')
      invoice = await issueInvoice(s, {
        customer,
        subscription: sub,
        lines,
        billingReason: 'subscription_update',
        period,
      });
  }
  await s.save(sub);
  await s.emit('customer.subscription.updated', sub, previous);
  if (invoice && str(form.proration_behavior) === 'always_invoice')
    await collect(
      s,
      invoice,
      sub.default_payment_method ?? customer.invoice_settings.default_payment_method,
    );
  return (await s.find<Subscription>(id)) as Subscription;
}

/** What an update with `payment_behavior: pending_if_incomplete` may carry (Stripe's list). */
const PENDING_UPDATE_PARAMS = new Set([
  'expand',
  'payment_behavior',
  'proration_behavior',
  'proration_date',
  'billing_cycle_anchor',
  'items',
  'trial_end',
  'trial_from_plan',
  'add_invoice_items',
]);

/**
 * `payment_behavior: pending_if_incomplete` (pending.ts): the change's invoice is charged at
 * once; paid, the change applies (invoices.ts); not paid — declined, or waiting for 3-D Secure —
 * the subscription keeps its items and status, the change waits in `pending_update` with the
 * open invoice as `latest_invoice`. A new pending update replaces one waiting (its invoice
 * voided). A change that raises no invoice applies at once, as Stripe's.
 */
async function updateWhenPaid(s: SimStore, sub: Subscription, customer: Customer, form: Form) {
  const other = Object.keys(form).find((k) => !PENDING_UPDATE_PARAMS.has(k));
  if (other)
    throw invalid(
      `The parameter \`${other}\` cannot be used with \`payment_behavior=pending_if_incomplete\`.`,
      other,
    );
  if (form.items === undefined) return sub;
  if (sub.schedule)
    throw invalid(
      `The subscription is managed by the subscription schedule \`${sub.schedule}\`, and updating items directly is not allowed.`,
    );
  const item = itemOf(sub);
  const { price, quantity } = await requestedItem(s, form, item);
  const now = s.nowSeconds;
  const { lines, period } = changeLines(item, price, quantity, now);
  const invoiced =
    str(form.proration_behavior) === 'always_invoice' ||
    price.recurring.interval !== item.price.recurring.interval;
  if (!invoiced)
    return updateSubscription(s, sub.id, { ...form, payment_behavior: 'allow_incomplete' });
  if (sub.pending_update) await expirePendingUpdate(s, sub);
  const invoice = await issueInvoice(s, {
    customer,
    subscription: sub,
    lines,
    billingReason: 'subscription_update',
    period,
  });
  sub.pending_update = {
    billing_cycle_anchor: period.start === item.current_period_start ? null : period.start,
    cancel_at_period_end: null,
    discount: null,
    discounts: null,
    expires_at: Math.min(item.current_period_end, now + PENDING_UPDATE_EXPIRES_SECONDS),
    metadata: null,
    subscription_items: [
      {
        ...structuredClone(item),
        price,
        quantity,
        current_period_start: period.start,
        current_period_end: period.end,
      },
    ],
    trial_end: null,
    trial_from_plan: null,
  };
  sub._pendingInvoice = invoice.id;
  sub._pendingShown = false;
  await s.save(sub);
  await collect(
    s,
    invoice,
    sub.default_payment_method ?? customer.invoice_settings.default_payment_method,
  );
  const after = (await s.find<Subscription>(sub.id)) as Subscription;
  if (after.pending_update) {
    // Not paid: the change waits, and is shown.
    after._pendingShown = true;
    await s.save(after);
    await s.emit('customer.subscription.updated', after, { pending_update: null });
  }
  return after;
}

/** Discards a waiting pending update and voids its invoice (expired, replaced or ended). */
async function expirePendingUpdate(s: SimStore, sub: Subscription) {
  const { invoice: invoiceId, previous, shown } = await dropPendingUpdate(s, sub);
  const invoice = invoiceId ? await s.find<Invoice>(invoiceId) : null;
  if (invoice?.status === 'open') {
    await closeInvoice(s, invoice, 'void');
    // The credit the voided invoice had taken goes back to the customer, as Stripe's.
    const taken = invoice.starting_balance - (invoice.ending_balance ?? invoice.starting_balance);
    if (taken !== 0) {
      const customer = await customerOf(s, sub.customer);
      customer.balance += taken;
      await s.save(customer);
    }
  }
  if (shown) {
    await s.emit('customer.subscription.pending_update_expired', sub, previous);
    await s.emit('customer.subscription.updated', sub, previous);
  }
}

/** Ends a subscription now (or at its period end, from `advance`). */
export async function endSubscription(s: SimStore, sub: Subscription, at: number) {
  if (sub.pending_update) await expirePendingUpdate(s, sub);
  const previous = { status: sub.status };
  sub.status = 'canceled';
  sub.canceled_at = sub.canceled_at ?? at;
  sub.ended_at = at;
  if (sub.schedule) {
    const schedule = await s.find<SubscriptionSchedule>(sub.schedule);
    if (schedule) {
      schedule.status = 'canceled';
      await s.save(schedule);
    }
    sub.schedule = null;
  }
  await s.save(sub);
  await s.emit('customer.subscription.deleted', sub, previous);
}

export async function cancelSubscription(s: SimStore, id: string) {
  const sub = await subscriptionOf(s, id);
  if (ENDED.includes(sub.status)) throw invalid(`This subscription is already ${sub.status}.`);
  await endSubscription(s, sub, s.nowSeconds);
  return sub;
}

// Subscription schedules: a change at the end of the current period (a downgrade).

export async function createSchedule(s: SimStore, form: Form) {
  const sub = await subscriptionOf(s, str(form.from_subscription) ?? '');
  if (sub.schedule)
    throw invalid(
      `The subscription \`${sub.id}\` already has a schedule attached.`,
      'from_subscription',
    );
  if (ENDED.includes(sub.status)) throw invalid('The subscription has ended.', 'from_subscription');
  const item = itemOf(sub);
  const phase: SchedulePhase = {
    start_date: item.current_period_start,
    end_date: item.current_period_end,
    items: [{ price: item.price.id, quantity: item.quantity }],
  };
  const schedule: SubscriptionSchedule = {
    id: newId('sub_sched'),
    object: 'subscription_schedule',
    customer: sub.customer,
    subscription: sub.id,
    status: 'active',
    end_behavior: 'release',
    phases: [phase],
    current_phase: { start_date: phase.start_date, end_date: phase.end_date },
    released_subscription: null,
    released_at: null,
    created: s.nowSeconds,
  };
  sub.schedule = schedule.id;
  await s.save(schedule);
  await s.save(sub);
  await s.emit('subscription_schedule.created', schedule);
  return schedule;
}

export async function scheduleOf(s: SimStore, id: string) {
  return s.get<SubscriptionSchedule>('subscription_schedule', id);
}

export async function updateSchedule(s: SimStore, id: string, form: Form) {
  const schedule = await scheduleOf(s, id);
  if (schedule.status !== 'active' && schedule.status !== 'not_started')
    throw invalid(`You cannot update a subscription schedule that is ${schedule.status}.`);
  const sub = await subscriptionOf(s, schedule.subscription ?? '');
  const phases: SchedulePhase[] = [];
  for (const [i, raw] of list(form.phases).entries()) {
    const p = obj(raw);
    const items = [];
    for (const [j, it] of list(p.items).entries()) {
      const o = obj(it);
      const price = await priceOf(s, str(o.price) ?? '', `phases[${i}][items][${j}][price]`);
      items.push({ price: price.id, quantity: num(o.quantity) ?? 1 });
    }
    if (items.length !== 1)
      throw invalid('Each phase bills exactly one item.', `phases[${i}][items]`);
    const start = num(p.start_date) ?? phases[i - 1]?.end_date ?? itemOf(sub).current_period_start;
    const firstPrice = await priceOf(s, items[0]?.price ?? '');
    const iterations = num(obj(p.duration).interval_count) ?? num(p.iterations) ?? 1;
    let end = num(p.end_date) ?? start;
    if (num(p.end_date) === undefined)
      for (let k = 0; k < iterations; k++) end = addInterval(end, firstPrice.recurring.interval);
    phases.push({ start_date: start, end_date: end, items });
  }
  if (phases.length === 0) throw paramMissing('phases');
  schedule.phases = phases;
  const eb = str(form.end_behavior);
  if (eb === 'release' || eb === 'cancel') schedule.end_behavior = eb;
  await s.save(schedule);
  await s.emit('subscription_schedule.updated', schedule);
  return schedule;
}

export async function releaseSchedule(s: SimStore, id: string) {
  const schedule = await scheduleOf(s, id);
  if (schedule.status !== 'active' && schedule.status !== 'not_started')
    throw invalid(`You cannot release a subscription schedule that is ${schedule.status}.`);
  schedule.status = 'released';
  schedule.released_at = s.nowSeconds;
  schedule.released_subscription = schedule.subscription;
  const sub = schedule.subscription ? await s.find<Subscription>(schedule.subscription) : null;
  await s.save(schedule);
  await s.emit('subscription_schedule.released', schedule);
  if (sub) {
    sub.schedule = null;
    await s.save(sub);
    await s.emit('customer.subscription.updated', sub, { schedule: schedule.id });
  }
  return schedule;
}

/**
 * `POST /v1/invoices/create_preview`: the invoice a new subscription, a change of one, or its
 * next renewal would bring, without keeping anything.
 */
export async function previewInvoice(s: SimStore, form: Form) {
  const customer = await customerOf(s, str(form.customer) ?? '');
  const details = obj(form.subscription_details);
  const subId = str(form.subscription);
  const sub = subId ? await subscriptionOf(s, subId) : null;
  const now = s.nowSeconds;
  let lines: LineInput[];
  let period: { start: number; end: number };
  if (sub && details.items !== undefined) {
    const item = itemOf(sub);
    const { price, quantity } = await requestedItem(s, details, item);
    ({ lines, period } = changeLines(item, price, quantity, now));
  } else if (sub) {
    const item = itemOf(sub);
    const start = item.current_period_end;
    period = { start, end: addInterval(start, item.price.recurring.interval) };
    lines = [{ price: item.price, quantity: item.quantity, share: 1, proration: false, period }];
  } else {
    const { price, quantity } = await requestedItem(s, details);
    period = { start: now, end: addInterval(now, price.recurring.interval) };
    lines = [{ price, quantity, share: 1, proration: false, period }];
  }
  const rates =
    details.default_tax_rates !== undefined
      ? await taxRatesOf(s, strings(details.default_tax_rates))
      : (sub?.default_tax_rates ?? []);
  const rate = rates[0] ?? null;
  const invoiceLines = lines.map((l) => lineOf(l, sub?.id ?? null));
  return {
    id: `upcoming_${newId('in')}`,
    object: 'invoice',
    customer: customer.id,
    status: 'draft',
    currency: 'eur',
    lines: listOf(invoiceLines, '/v1/invoices/upcoming/lines'),
    ...totalsOf(invoiceLines, rate?.percentage ?? 0, customer.balance, rate?.id ?? null),
    period_start: period.start,
    period_end: period.end,
    created: now,
  };
}

/**
 * Time passes (the server's clock): unpaid first invoices expire, renewals are announced a week
 * ahead and billed at the period end (a scheduled change first, a cancellation instead), and a
 * renewal left unpaid past its grace writes the invoice off and ends the subscription. Only the
 * subscriptions with something due are read (`_dueAt`, due.ts).
 */
export async function advance(s: SimStore) {
  const now = s.nowSeconds;
  for (const sub of await s.dueSubscriptions(now)) {
    await advanceOne(s, sub, now);
    // Come early (an invoice paid since, say): stored again with when it is next due.
    if ((await dueAtOf(s, sub)) !== sub._dueAt) await s.save(sub);
  }
}

async function advanceOne(s: SimStore, sub: Subscription, now: number) {
  if (ENDED.includes(sub.status)) return;
  if (sub.status === 'incomplete') {
    if (sub.created + INCOMPLETE_EXPIRES_SECONDS <= now) {
      sub.status = 'incomplete_expired';
      sub.ended_at = now;
      const invoice = sub.latest_invoice ? await s.find<Invoice>(sub.latest_invoice) : null;
      if (invoice?.status === 'open') await closeInvoice(s, invoice, 'void');
      await s.save(sub);
      await s.emit('customer.subscription.updated', sub, { status: 'incomplete' });
    }
    return;
  }
  // An unpaid pending update lapses first: the renewal bills the items the subscription kept.
  if (sub.pending_update && sub.pending_update.expires_at <= now) await expirePendingUpdate(s, sub);
  await renewDue(s, sub, now);
  if (sub.status === 'past_due') await writeOffAfterGrace(s, sub, now);
}

async function renewDue(s: SimStore, sub: Subscription, now: number) {
  for (;;) {
    const item = itemOf(sub);
    const end = item.current_period_end;
    const announceAt = end - billingLimits.upcomingRenewalDays * 86400;
    if (end > now) {
      if (!sub.cancel_at_period_end && announceAt <= now && sub._upcomingSentFor !== end) {
        sub._upcomingSentFor = end;
        await s.save(sub);
        const upcoming = await previewInvoice(s, { customer: sub.customer, subscription: sub.id });
        await s.emit('invoice.upcoming', {
          ...upcoming,
          parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
        });
      }
      return;
    }
    if (sub.cancel_at_period_end) {
      await endSubscription(s, sub, end);
      return;
    }
    const previous = { items: structuredClone(sub.items) };
    const schedule = sub.schedule ? await s.find<SubscriptionSchedule>(sub.schedule) : null;
    const next = schedule?.phases.find((p) => p.start_date >= end - 1 && p.start_date <= end + 1);
    if (schedule && next) {
      const first = next.items[0] as { price: string; quantity: number };
      item.price = await priceOf(s, first.price);
      item.quantity = first.quantity;
      const last = schedule.phases[schedule.phases.length - 1];
      if (last === next) {
        schedule.status = 'released';
        schedule.released_at = end;
        schedule.released_subscription = sub.id;
        sub.schedule = null;
      }
      schedule.current_phase = { start_date: next.start_date, end_date: next.end_date };
      await s.save(schedule);
      await s.emit(
        last === next ? 'subscription_schedule.released' : 'subscription_schedule.updated',
        schedule,
      );
    }
    item.current_period_start = end;
    item.current_period_end = addInterval(end, item.price.recurring.interval);
    await s.save(sub);
    await s.emit('customer.subscription.updated', sub, previous);
    const customer = await customerOf(s, sub.customer);
    const period = { start: end, end: item.current_period_end };
    const invoice = await issueInvoice(s, {
      customer,
      subscription: sub,
      lines: [{ price: item.price, quantity: item.quantity, share: 1, proration: false, period }],
      billingReason: 'subscription_cycle',
      period,
    });
    invoice.due_date = end + billingLimits.renewalGraceDays * 86400;
    await s.save(invoice);
    await s.save(sub);
    // A renewal is charged off-session: a card authenticated when it was saved needs nothing.
    await collect(
      s,
      invoice,
      sub.default_payment_method ?? customer.invoice_settings.default_payment_method,
    );
    const after = (await s.find<Subscription>(sub.id)) as Subscription;
    Object.assign(sub, after);
  }
}

async function writeOffAfterGrace(s: SimStore, sub: Subscription, now: number) {
  const overdue = (await openInvoicesOf(s, sub)).filter((i) => graceEndOf(i) <= now);
  if (overdue.length === 0) return;
  for (const invoice of overdue) await closeInvoice(s, invoice, 'uncollectible');
  await endSubscription(s, sub, now);
}

import { beforeAll, describe, expect, it } from 'vitest';
import { SdkTypes } from './sdkTypes.ts';

/** The check of JSON against the SDK's declarations (sdkTypes.ts) finds what it must. */
let sdk: SdkTypes;
beforeAll(() => {
  sdk = SdkTypes.load(['Price', 'Event', 'PaymentIntent.LastPaymentError.Code']);
}, 60_000);

const price = () => ({
  id: 'price_1',
  object: 'price',
  active: true,
  billing_scheme: 'per_unit',
  created: 1,
  currency: 'eur',
  custom_unit_amount: null,
  livemode: false,
  lookup_key: null,
  metadata: { team: 'a' },
  nickname: null,
  product: 'prod_1',
  recurring: {
    interval: 'month',
    interval_count: 1,
    meter: null,
    trial_period_days: null,
    usage_type: 'licensed',
  },
  tax_behavior: 'exclusive',
  tiers_mode: null,
  transform_quantity: null,
  type: 'recurring',
  unit_amount: 1500,
  unit_amount_decimal: '1500',
});

describe('the SDK types check', () => {
  it('passes a complete object and finds a missing field, a wrong type, enum, null, decimal or unknown field', () => {
    expect(sdk.check(price(), 'Price')).toEqual([]);
    const { livemode: _, ...withoutLivemode } = price();
    expect(sdk.check(withoutLivemode, 'Price')).toEqual(['Price.livemode: missing (boolean)']);
    expect(sdk.check({ ...price(), created: '1' }, 'Price')).toEqual([
      'Price.created: "1" is not a number',
    ]);
    // An open enum (`'month' | … | OtherString`) still takes only the values the SDK lists.
    const monthly = { ...price(), recurring: { ...price().recurring, interval: 'monthly' } };
    expect(sdk.check(monthly, 'Price')[0]).toMatch(
      /^Price\.recurring\.interval: "monthly" is not one of day, month, week, year/,
    );
    expect(sdk.check({ ...price(), currency: null }, 'Price')).toEqual([
      'Price.currency: null, but the type is not nullable',
    ]);
    expect(sdk.check({ ...price(), unit_amount_decimal: 1500 }, 'Price')).toEqual([
      'Price.unit_amount_decimal: 1500 is not a decimal string',
    ]);
    expect(sdk.check({ ...price(), colour: 'blue' }, 'Price')[0]).toMatch(
      /^Price\.colour: not a field of/,
    );
    // An expandable field: an id, or the object itself, checked as such.
    expect(
      sdk.check({ ...price(), product: { id: 'prod_1', object: 'product' } }, 'Price'),
    ).not.toEqual([]);
  });

  it('checks an event by its type, and knows the upcoming invoice has no id', () => {
    const event = (object: object) => ({
      id: 'evt_1',
      object: 'event',
      api_version: null,
      created: 1,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'price.updated',
      data: { object },
    });
    expect(sdk.checkEvent(event(price()))).toEqual([]);
    expect(sdk.checkEvent({ ...event(price()), type: 'price.exploded' })).toEqual([
      'Event<price.exploded>: "price.exploded" is not an event type of the SDK',
    ]);
    const upcoming = (invoice: object) => ({ ...event(invoice), type: 'invoice.upcoming' });
    expect(sdk.checkEvent(upcoming({ object: 'invoice' }))).not.toContain(
      'Event<invoice.upcoming>.data.object.id: missing (string)',
    );
    expect(sdk.checkEvent(upcoming({ id: 'in_1', object: 'invoice' }))).toContain(
      'Event<invoice.upcoming>.data.object.id: present, but the SDK documents it as absent here',
    );
    expect(sdk.literals('PaymentIntent.LastPaymentError.Code')).toContain('parameter_missing');
    expect(sdk.literals('PaymentIntent.LastPaymentError.Code')).not.toContain('parameter_invalid');
  });
});

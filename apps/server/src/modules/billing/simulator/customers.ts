import { isValidVatNumber } from '@roomscale/shared';
import { invalid, missing, SimError } from './errors.ts';
import { type Form, list, obj, str } from './form.ts';
import { newId, type SimStore } from './store.ts';
import type { Address, Customer, PaymentMethod, TaxId } from './types.ts';

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

function addressOf(form: Form, current: Address | null): Address | null {
  if (form.address === undefined) return current;
  if (form.address === '') return null;
  const a = obj(form.address);
  const keep = (k: keyof Address) => (a[k] === undefined ? (current?.[k] ?? null) : text(a[k]));
  return {
    line1: keep('line1'),
    line2: keep('line2'),
    postal_code: keep('postal_code'),
    city: keep('city'),
    state: keep('state'),
    country: keep('country'),
  };
}

function metadataOf(form: Form, current: Record<string, string>) {
  if (form.metadata === undefined) return current;
  if (form.metadata === '') return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(obj(form.metadata))) {
    if (v === '') delete next[k];
    else if (typeof v === 'string') next[k] = v;
  }
  return next;
}

export async function createCustomer(s: SimStore, form: Form): Promise<Customer> {
  const customer: Customer = {
    id: newId('cus'),
    object: 'customer',
    name: text(form.name),
    email: text(form.email),
    phone: text(form.phone),
    address: addressOf(form, null),
    metadata: metadataOf(form, {}),
    invoice_settings: { default_payment_method: null },
    balance: 0,
    next_invoice_sequence: 1,
    created: s.nowSeconds,
  };
  await s.save(customer);
  for (const t of list(form.tax_id_data)) {
    const o = obj(t);
    await createTaxId(s, customer.id, { type: str(o.type) ?? '', value: str(o.value) ?? '' });
  }
  const pm = str(obj(form.invoice_settings).default_payment_method);
  if (pm) await setDefaultPaymentMethod(s, customer, pm);
  return customer;
}

export async function customerOf(s: SimStore, id: string, param = 'customer'): Promise<Customer> {
  const c = await s.get<Customer>('customer', id, param);
  if (c.deleted) throw missing('customer', id, param);
  return c;
}

async function setDefaultPaymentMethod(s: SimStore, customer: Customer, pmId: string) {
  const pm = await s.get<PaymentMethod>(
    'payment_method',
    pmId,
    'invoice_settings[default_payment_method]',
  );
  if (pm.customer !== customer.id)
    throw invalid(
      `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
      'invoice_settings[default_payment_method]',
    );
  customer.invoice_settings.default_payment_method = pm.id;
}

export async function updateCustomer(s: SimStore, id: string, form: Form): Promise<Customer> {
  const c = await customerOf(s, id, 'id');
  for (const k of ['name', 'email', 'phone'] as const)
    if (form[k] !== undefined) c[k] = text(form[k]);
  c.address = addressOf(form, c.address);
  c.metadata = metadataOf(form, c.metadata);
  const settings = obj(form.invoice_settings);
  if (settings.default_payment_method !== undefined) {
    const pm = str(settings.default_payment_method);
    if (pm) await setDefaultPaymentMethod(s, c, pm);
    else c.invoice_settings.default_payment_method = null;
  }
  await s.save(c);
  await s.emit('customer.updated', c);
  return c;
}

/** Stripe checks an `eu_vat` id's format; the simulator does the same with our rule. */
export async function createTaxId(
  s: SimStore,
  customerId: string,
  p: { type: string; value: string },
) {
  await customerOf(s, customerId);
  if (p.type !== 'eu_vat') throw invalid(`Invalid value for type: ${p.type}`, 'type');
  const country = p.value.slice(0, 2) === 'EL' ? 'GR' : p.value.slice(0, 2);
  if (!isValidVatNumber(country, p.value))
    throw new SimError(400, 'invalid_request_error', `Invalid value for eu_vat.`, {
      code: 'tax_id_invalid',
      param: 'value',
    });
  return s.save<TaxId>({
    id: newId('txi'),
    object: 'tax_id',
    type: p.type,
    value: p.value,
    country,
    customer: customerId,
    created: s.nowSeconds,
  });
}

export async function taxIdsOf(s: SimStore, customerId: string) {
  return (await s.list<TaxId>('tax_id', customerId)).filter((t) => !t.deleted);
}

export async function deleteTaxId(s: SimStore, customerId: string, id: string) {
  const t = await s.get<TaxId>('tax_id', id);
  if (t.customer !== customerId) throw missing('tax_id', id);
  await s.save({ ...t, deleted: true });
  return { id, object: 'tax_id', deleted: true };
}

import {
  type BillingCustomer,
  type BillingCustomerEdit,
  INDUSTRY_NONE_CONSUMER,
  type Membership,
} from '@roomscale/shared';

/** The billing form's values: the shared edit command with every text present. */
export type CustomerFormValues = Required<BillingCustomerEdit>;

export const customerFields = [
  'fullName',
  'addressLine1',
  'addressLine2',
  'addressPostalCode',
  'addressCity',
  'addressState',
  'addressCountry',
  'phone',
  'taxId',
  'invoiceEmail',
] as const satisfies readonly (keyof CustomerFormValues)[];

export const isCustomerField = (f: string): f is (typeof customerFields)[number] =>
  (customerFields as readonly string[]).includes(f);

/** The stored details of an existing customer. */
export const customerValues = (c: BillingCustomer): CustomerFormValues => ({
  isBusiness: c.isBusiness,
  fullName: c.fullName,
  addressLine1: c.addressLine1,
  addressLine2: c.addressLine2,
  addressPostalCode: c.addressPostalCode,
  addressCity: c.addressCity,
  addressState: c.addressState,
  addressCountry: c.addressCountry,
  invoiceEmail: c.invoiceEmail,
  phone: c.phone,
  taxId: c.taxId ?? '',
});

/**
 * A new customer (part2 §4: the customer load failed): country NL and the current user's email
 * as invoice email. A team that is not a consumer orders as a business, under its company name.
 */
export function newCustomerValues(
  team: Pick<Membership, 'companyName' | 'industry'>,
  email: string,
): CustomerFormValues {
  const isBusiness = team.industry !== INDUSTRY_NONE_CONSUMER;
  return {
    isBusiness,
    fullName: isBusiness ? (team.companyName ?? '') : '',
    addressLine1: '',
    addressLine2: '',
    addressPostalCode: '',
    addressCity: '',
    addressState: '',
    addressCountry: 'NL',
    invoiceEmail: email,
    phone: '',
    taxId: '',
  };
}

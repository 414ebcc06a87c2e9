import { billingTexts, dateFormats, type InvoiceStatus } from '@roomscale/shared';
import dayjs from 'dayjs';

/** Billing dates as dd-MM-yyyy (part2 §9). */
export const billingDate = (iso: string) => dayjs(iso).format(dateFormats.billing);

export const invoiceStatusLabel = (status: InvoiceStatus) => billingTexts.invoiceStatus[status];

const brands: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'EFTPOS',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** A card brand as the provider names it ('visa'), for people ('Visa'). */
export function cardBrand(brand: string | null) {
  if (!brand) return billingTexts.paymentCard.card;
  return brands[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** A payment type ('card', 'sepa_debit') in words. */
export function paymentTypeLabel(type: string) {
  if (type === 'card') return billingTexts.paymentCard.card;
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

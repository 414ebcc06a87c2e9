import { billingTexts, dateFormats, type InvoiceStatus } from '@roomscale/shared';
import dayjs from 'dayjs';
import { createElement, Fragment, type ReactNode } from 'react';

/** Billing dates as dd-MM-yyyy (part2 §9). */
export const billingDate = (iso: string) => dayjs(iso).format(dateFormats.billing);

/**
 * A sentence with its dd-MM-yyyy dates kept on one line: a line may otherwise break after a
 * date's hyphen ('24-12-' / '2026').
 */
export function keepDatesTogether(text: ReactNode): ReactNode {
  if (typeof text !== 'string') return text;
  return text
    .split(/(\d{2}-\d{2}-\d{4})/)
    .map((part, i) =>
      i % 2 === 1
        ? createElement('span', { key: i, style: { whiteSpace: 'nowrap' } }, part)
        : createElement(Fragment, { key: i }, part),
    );
}

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

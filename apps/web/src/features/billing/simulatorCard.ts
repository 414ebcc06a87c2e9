import { billingTexts } from '@roomscale/shared';

/**
 * The simulator's card form rules (part2 §5 Plan and card: Confirm only with a complete card):
 * a 16-digit number that passes the Luhn check, an expiry MM/YY not in the past and a 3 or 4
 * digit security code.
 */

const e = billingTexts.confirm.cardErrors;

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The number as typed, in groups of four (at most 16 digits). */
export const formatCardNumber = (value: string) =>
  digitsOf(value)
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** MM/YY as typed: the slash comes by itself after the month. */
export function formatExpiry(value: string) {
  const d = digitsOf(value).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

export function luhnValid(digits: string) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function cardNumberError(value: string): string | null {
  const d = digitsOf(value);
  if (d.length < 16) return e.numberIncomplete;
  return luhnValid(d) ? null : e.numberInvalid;
}

export function parseExpiry(value: string): { month: number; year: number } | null {
  const d = digitsOf(value);
  if (d.length !== 4) return null;
  const month = Number(d.slice(0, 2));
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(d.slice(2)) };
}

export function expiryError(value: string, now = new Date()): string | null {
  const expiry = parseExpiry(value);
  if (!expiry) return e.expiryIncomplete;
  const thisMonth = now.getFullYear() * 12 + now.getMonth() + 1;
  return expiry.year * 12 + expiry.month < thisMonth ? e.expiryPast : null;
}

export const cvcError = (value: string) => (/^\d{3,4}$/.test(value) ? null : e.cvcIncomplete);

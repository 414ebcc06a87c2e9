import { billingMessages } from '@roomscale/shared';
import { SimError } from './errors.ts';

/**
 * Stripe's test cards, as the simulator honours them (docs/billing.md). Any other number that
 * passes the Luhn check pays like 4242 4242 4242 4242.
 */
export const testCards = {
  pays: '4242424242424242',
  authenticates: '4000002500003155',
  /** Asks for authentication on every payment, even once saved. */
  alwaysAuthenticates: '4000002760003184',
  insufficientFunds: '4000000000009995',
  declined: '4000000000000002',
  /** Saved without trouble; every charge to it is declined (a renewal that fails). */
  chargesDeclined: '4000000000000341',
} as const;

export type CardOutcome =
  | { kind: 'succeeded' }
  | { kind: 'requiresAction' }
  | { kind: 'declined'; code: string; declineCode: string; message: string };

const declined = (declineCode: string, message: string): CardOutcome => ({
  kind: 'declined',
  code: 'card_declined',
  declineCode,
  message,
});

export function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export const brandOf = (number: string) =>
  number.startsWith('4')
    ? 'visa'
    : /^5[1-5]/.test(number) || /^2[2-7]/.test(number)
      ? 'mastercard'
      : /^3[47]/.test(number)
        ? 'amex'
        : 'unknown';

/** A card as typed: its digits, or Stripe's card error. */
export function checkCard(
  card: { number: string; expMonth: number; expYear: number; cvc: string },
  now: Date,
) {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhn(number))
    throw new SimError(402, 'card_error', billingMessages.cardIncomplete, {
      code: 'incorrect_number',
      param: 'number',
    });
  const endOfExpiry = Date.UTC(card.expYear, card.expMonth, 1);
  if (endOfExpiry <= now.getTime())
    throw new SimError(402, 'card_error', billingMessages.cardExpired, {
      code: 'expired_card',
      param: 'exp_year',
    });
  if (!/^\d{3,4}$/.test(card.cvc))
    throw new SimError(402, 'card_error', "Your card's security code is incomplete.", {
      code: 'incorrect_cvc',
      param: 'cvc',
    });
  return number;
}

/** Saving a card (a setup intent): 3155 asks for authentication, declined cards are refused. */
export function setupOutcome(number: string): CardOutcome {
  if (number === testCards.authenticates || number === testCards.alwaysAuthenticates)
    return { kind: 'requiresAction' };
  if (number === testCards.insufficientFunds)
    return declined('insufficient_funds', 'Your card has insufficient funds.');
  if (number === testCards.declined)
    return declined('generic_decline', billingMessages.cardDeclined);
  return { kind: 'succeeded' };
}

/**
 * Charging a card. 3155 needs authentication unless it was authenticated when it was saved
 * (Stripe's rule for cards set up for off-session use).
 */
export function chargeOutcome(number: string, authenticated: boolean): CardOutcome {
  if (number === testCards.alwaysAuthenticates) return { kind: 'requiresAction' };
  if (number === testCards.authenticates)
    return authenticated ? { kind: 'succeeded' } : { kind: 'requiresAction' };
  if (number === testCards.insufficientFunds)
    return declined('insufficient_funds', 'Your card has insufficient funds.');
  if (number === testCards.declined || number === testCards.chargesDeclined)
    return declined('generic_decline', billingMessages.cardDeclined);
  return { kind: 'succeeded' };
}

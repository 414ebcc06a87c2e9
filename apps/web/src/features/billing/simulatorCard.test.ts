import { describe, expect, it } from 'vitest';
import {
  cardNumberError,
  cvcError,
  expiryError,
  formatCardNumber,
  formatExpiry,
  luhnValid,
  parseExpiry,
} from './simulatorCard.ts';

describe("the simulator's card rules", () => {
  it('checks the number with Luhn and needs 16 digits', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000002500003155')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('')).toBe(false);
    expect(cardNumberError('4242 4242 4242 4242')).toBeNull();
    expect(cardNumberError('4242 4242 4242')).toBe('Your card number is incomplete.');
    expect(cardNumberError('4242 4242 4242 4241')).toBe('Your card number is invalid.');
  });

  it('formats the number in groups of four, at most 16 digits', () => {
    expect(formatCardNumber('42424242a4242 42424')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
  });

  it('reads MM/YY and refuses a month that has passed', () => {
    const now = new Date(2026, 1, 15); // February 2026
    expect(formatExpiry('0227')).toBe('02/27');
    expect(formatExpiry('1')).toBe('1');
    expect(parseExpiry('02/27')).toEqual({ month: 2, year: 2027 });
    expect(parseExpiry('13/27')).toBeNull();
    expect(parseExpiry('00/27')).toBeNull();
    expect(expiryError('02/26', now)).toBeNull();
    expect(expiryError('01/26', now)).toBe("Your card's expiration year is in the past.");
    expect(expiryError('1/2', now)).toBe("Your card's expiration date is incomplete.");
  });

  it('needs 3 or 4 digits of security code', () => {
    expect(cvcError('123')).toBeNull();
    expect(cvcError('1234')).toBeNull();
    expect(cvcError('12')).toBe("Your card's security code is incomplete.");
    expect(cvcError('12a')).toBe("Your card's security code is incomplete.");
  });
});

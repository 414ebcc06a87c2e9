import { describe, expect, it } from 'vitest';
import { CERTIFICATE_WARNING_DAYS, certificateState, formatValidTo } from './certificate.ts';

const now = new Date('2026-03-01T12:00:00.000Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe('certificateState', () => {
  it('is null without a saved certificate', () => {
    expect(certificateState(null, now)).toBeNull();
  });

  it(`warns from ${CERTIFICATE_WARNING_DAYS} days before the end, and after it`, () => {
    expect(certificateState(inDays(CERTIFICATE_WARNING_DAYS + 1), now)).toBe('valid');
    expect(certificateState(inDays(CERTIFICATE_WARNING_DAYS), now)).toBe('expiresSoon');
    expect(certificateState(inDays(0.01), now)).toBe('expiresSoon');
    expect(certificateState(inDays(0), now)).toBe('expired');
    expect(certificateState(inDays(-400), now)).toBe('expired');
  });
});

describe('formatValidTo', () => {
  it('reads as a day, a month name and a year', () => {
    expect(formatValidTo('2036-06-15T12:00:00.000Z')).toBe('15 June 2036');
  });
});

import { describe, expect, it } from 'vitest';
import { needsTermsAcceptance } from './terms.ts';

const after = '2024-03-01T10:00:00.000Z';

describe('needsTermsAcceptance (part1 §4 Terms)', () => {
  it('is due when either date is missing', () => {
    expect(needsTermsAcceptance({ privacyAccepted: null, termsAccepted: after })).toBe(true);
    expect(needsTermsAcceptance({ privacyAccepted: after, termsAccepted: null })).toBe(true);
  });

  it('is due when accepted on or before 1 Sep 2023, inclusive of that whole day', () => {
    for (const date of ['2022-05-05T00:00:00Z', '2023-09-01T00:00:00Z', '2023-09-01T23:59:59Z']) {
      expect(needsTermsAcceptance({ privacyAccepted: date, termsAccepted: after })).toBe(true);
      expect(needsTermsAcceptance({ privacyAccepted: after, termsAccepted: date })).toBe(true);
    }
  });

  it('is not due when both were accepted after the cut-off', () => {
    expect(needsTermsAcceptance({ privacyAccepted: after, termsAccepted: after })).toBe(false);
    expect(
      needsTermsAcceptance({
        privacyAccepted: '2023-09-02T00:00:00Z',
        termsAccepted: '2023-09-02T00:00:00+00:00',
      }),
    ).toBe(false);
  });

  it('treats an unreadable date as not accepted', () => {
    expect(needsTermsAcceptance({ privacyAccepted: 'soon', termsAccepted: after })).toBe(true);
  });
});

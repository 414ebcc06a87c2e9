import { describe, expect, it } from 'vitest';
import { durationWords } from './durations.ts';
import { security } from './limits.ts';

describe('durationWords', () => {
  it('names the largest whole unit', () => {
    expect(durationWords(7 * 86_400)).toBe('7 days');
    expect(durationWords(86_400)).toBe('1 day');
    expect(durationWords(3_600)).toBe('1 hour');
    expect(durationWords(5_400)).toBe('90 minutes');
    expect(durationWords(45)).toBe('45 seconds');
  });

  it('words the link lifetimes the emails state', () => {
    expect(durationWords(security.activationTokenSeconds)).toBe('7 days');
    expect(durationWords(security.resetTokenSeconds)).toBe('1 hour');
  });
});

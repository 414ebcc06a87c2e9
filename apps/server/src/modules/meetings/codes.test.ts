import { meetingLimits, normalizeMeetingCode } from '@roomscale/shared';
import { describe, expect, it } from 'vitest';
import { newMeetingCode, uniqueMeetingCode } from './codes.ts';

describe('meeting codes', () => {
  it('are short and use no ambiguous characters', () => {
    for (let i = 0; i < 500; i++) {
      const code = newMeetingCode();
      expect(code).toHaveLength(meetingLimits.codeLength);
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]+$/);
      expect(code).not.toMatch(/[01OIL]/);
    }
  });

  it('use every character of the alphabet (uniform draw)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) for (const c of newMeetingCode()) seen.add(c);
    expect([...seen].sort().join('')).toBe([...meetingLimits.codeAlphabet].sort().join(''));
  });

  it('are retried until free', async () => {
    const taken = new Set<string>();
    let calls = 0;
    const code = await uniqueMeetingCode(async (c) => {
      calls++;
      if (calls < 3) {
        taken.add(c);
        return false;
      }
      return !taken.has(c);
    });
    expect(calls).toBe(3);
    expect(taken.has(code)).toBe(false);
  });

  it('are read loosely: case, spaces and dashes do not matter', () => {
    expect(normalizeMeetingCode(' abc-d ef2 ')).toBe('ABCDEF2');
  });
});

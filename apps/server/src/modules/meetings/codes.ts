import { randomInt } from 'node:crypto';
import { meetingLimits } from '@roomscale/shared';

/**
 * A meeting code: `codeLength` characters drawn uniformly (crypto randomness) from an alphabet
 * without look-alikes (no 0/O, 1/I/L), so it is easy to read aloud and to type on a headset.
 * 31^7 ≈ 2.75e10 codes: collisions are rare and retried; guessing is rate-limited.
 */
export function newMeetingCode(): string {
  const alphabet = meetingLimits.codeAlphabet;
  let code = '';
  for (let i = 0; i < meetingLimits.codeLength; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

/** Tries fresh codes until `isFree` accepts one (a few tries at most in practice). */
export async function uniqueMeetingCode(isFree: (code: string) => Promise<boolean>) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = newMeetingCode();
    if (await isFree(code)) return code;
  }
  throw new Error('no free meeting code after 10 attempts');
}

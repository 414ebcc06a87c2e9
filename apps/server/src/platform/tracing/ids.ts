import { randomFillSync } from 'node:crypto';

/**
 * Random trace and span ids (W3C Trace Context: 16 and 8 bytes, never all zero), cut from a
 * pool of random bytes refilled a few kilobytes at a time, as `crypto.randomUUID` does: one
 * system call per hundreds of ids rather than one per request.
 */
const pool = Buffer.allocUnsafe(4096);
let used = pool.length;

const ZERO = ['', '0'.repeat(16), '0'.repeat(32)];

function randomHex(bytes: 8 | 16): string {
  for (;;) {
    if (used + bytes > pool.length) {
      randomFillSync(pool);
      used = 0;
    }
    const hex = pool.toString('hex', used, used + bytes);
    used += bytes;
    if (hex !== ZERO[bytes / 8]) return hex;
  }
}

export function newTraceId(): string {
  return randomHex(16);
}

export function newSpanId(): string {
  return randomHex(8);
}

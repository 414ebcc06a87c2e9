/** Limits and messages of the VR app's seat calls and of guests (part1 §3, §7; part2 §7). */

export const seatLimits = {
  seatKeyMax: 200,
  deviceNameMax: 100,
  /** A device should check its seat again after this many seconds. */
  recommendedUpdateSeconds: 5 * 60,
  /**
   * A device that has not checked its seat for this long loses it: another device of the same
   * account may then take it.
   */
  requiredUpdateSeconds: 15 * 60,
  /** Seat checks per minute and IP (a device needs one per few minutes). */
  checksPerMinute: 30,
} as const;

export const guestLimits = {
  /** Digits of the emailed one-time code. */
  codeDigits: 6,
  codeSeconds: 10 * 60,
  /** Wrong codes tolerated before the current code stops working. */
  codeFailuresMax: 5,
  /** Codes sent per email address, and per IP, within the window. */
  codesPerEmail: 5,
  codesPerIp: 20,
  codeWindowSeconds: 15 * 60,
  /** Lifetime of a guest token; then the guest asks for a new code. */
  tokenSeconds: 2 * 3600,
  /** Requests per minute and IP on PUT /api/Guests/Authorize. */
  authorizePerMinute: 10,
  /** Requests per minute and IP on every other guest call. */
  callsPerMinute: 60,
  templatesPageSize: 25,
} as const;

export const guestMessages = {
  invalidCode: 'The code is invalid or has expired. Request a new code.',
  tooManyCodes: 'Too many codes were requested. Please wait a few minutes and try again.',
  publicTemplatesOnly: 'Guests can use Public room templates only.',
  codeMailSubject: 'Your Roomscale guest code',
  codeMailText: (code: string, minutes: number) =>
    `Your Roomscale guest code is ${code}.\n\nEnter it on your device within ${minutes} minutes. It works once.\n\nIf you did not ask for this code, ignore this email.`,
} as const;

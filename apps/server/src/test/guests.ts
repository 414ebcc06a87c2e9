import type { GuestToken } from '@roomscale/shared';
import { expect } from 'vitest';
import { call, nextIp, uniqueEmail } from './factories.ts';
import type { TestApp } from './harness.ts';

export const authorizeGuest = (t: TestApp, headers: Record<string, string>, ip = nextIp()) =>
  call(t, 'PUT', '/api/Guests/Authorize', { headers, ip });

/** The code in the newest mail to `email`. */
export function mailedCode(t: TestApp, email: string) {
  const mail = t.mailer.to(email).at(-1);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** A guest signed in through the emailed code: its token, id and address. */
export async function signInGuest(t: TestApp, email = uniqueEmail('guest')) {
  expect((await authorizeGuest(t, { guestEmail: email })).statusCode).toBe(200);
  const res = await authorizeGuest(t, { guestEmail: email, guestCode: mailedCode(t, email) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GuestToken;
}

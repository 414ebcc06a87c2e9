import { guestsApi } from '@roomscale/shared/contract';
import { assert, expect } from 'vitest';
import { callEndpoint } from './callEndpoint.ts';
import { nextIp, uniqueEmail } from './factories.ts';
import type { TestApp } from './harness.ts';

export const authorizeGuest = (t: TestApp, headers: Record<string, string>, ip = nextIp()) =>
  callEndpoint(t, guestsApi.authorize, { headers, ip });

/** The code in the newest mail to `email`. */
export function mailedCode(t: TestApp, email: string) {
  const mail = t.mailer.to(email).at(-1);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** A guest signed in through the emailed code: its token, id and address. */
export async function signInGuest(t: TestApp, email = uniqueEmail('guest')) {
  expect((await authorizeGuest(t, { guestEmail: email })).status).toBe(200);
  const res = await authorizeGuest(t, { guestEmail: email, guestCode: mailedCode(t, email) });
  expect(res.status, res.raw.body).toBe(200);
  const token = res.body;
  assert('access_token' in token, 'a guest token');
  return token;
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { security } from '@roomscale/shared';
import { linkedAccountsApi } from '@roomscale/shared/contract';
import type { Config, MetaConfig } from '../../config.ts';

/**
 * Linking from the browser (docs/linked-accounts.md "From the browser"). Meta's account-linking
 * page carries no `state` back, so anyone could hand a signed-in user an /sso/oculus address
 * holding the fragment of *their own* Meta sign-in and have it linked to the victim's account
 * (then log in as the victim with it). The sign-in URL call therefore leaves a short-lived,
 * signed, HttpOnly cookie naming the caller, and the link call is accepted only with it: the
 * link must finish in the browser where this user started it, within minutes.
 */

const COOKIE = 'rs_meta_link';
/** Sent with both calls of the browser link (the GET and the PUT share the path), nowhere else. */
const COOKIE_PATH = linkedAccountsApi.metaLink.path;

/** Meta's account-linking page, returning to /sso/oculus (Meta takes no `state`). */
export function signInUrl(meta: MetaConfig, publicUrl: string): string {
  const url = new URL(meta.authUrl);
  url.searchParams.set('redirect_uri', `${publicUrl}/sso/oculus`);
  url.searchParams.set('organization_id', meta.organizationId);
  return url.toString();
}

/** A key of its own, derived from the server secret, so these values are never tokens elsewhere. */
const signature = (secret: string, payload: string) =>
  createHmac('sha256', createHmac('sha256', secret).update('roomscale meta link start').digest())
    .update(payload)
    .digest('base64url');

function cookie(config: Config, value: string, maxAgeSeconds: number) {
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** The Set-Cookie value that marks a link started by `userId` at `now`. */
export function linkStartCookie(config: Config, userId: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + security.metaLinkStartSeconds;
  const payload = `${userId}.${expires}`;
  return cookie(
    config,
    `${payload}.${signature(config.jwtSecret, payload)}`,
    security.metaLinkStartSeconds,
  );
}

/** The Set-Cookie value that forgets the started link (after it succeeded). */
export const clearedLinkStartCookie = (config: Config) => cookie(config, '', 0);

/** Whether the request carries an unexpired link start of `userId` signed by this server. */
export function linkWasStarted(
  config: Config,
  cookieHeader: string | undefined,
  userId: string,
  now: Date,
): boolean {
  // One cookie of a known name and a plain value: no cookie library needed to find it.
  const value = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  const [owner, expires, sig] = value?.split('.') ?? [];
  if (!owner || !expires || !sig) return false;
  const expected = Buffer.from(signature(config.jwtSecret, `${owner}.${expires}`));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return owner === userId && Number(expires) * 1000 > now.getTime();
}

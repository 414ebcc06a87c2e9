import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type ProfileImageOwner,
  profileImageAddress,
  profileImageSlug,
  profileImageUrl,
} from '@roomscale/shared';
import type { AppContext } from '../../context.ts';

/**
 * Signed addresses of pictures: `expires` (Unix seconds) and `signature` (HMAC-SHA256 of the
 * slug and `expires`, base64url) added to the picture's address. The key is derived from the
 * token-signing secret for this use only. `expires` is the end of the window after the current
 * one, so the same address is made all through a window and a browser's cached copy is reused.
 */
const window = profileImageAddress.windowSeconds;

const keyOf = (ctx: AppContext) =>
  createHmac('sha256', ctx.config.jwtSecret).update('roomscale/profile-image-url/v1').digest();

const mac = (ctx: AppContext, slug: string, expires: string) =>
  createHmac('sha256', keyOf(ctx)).update(`${slug}\n${expires}`).digest();

/** The picture's address, signed: it works without a token until it expires. */
export function signedProfileImageUrl(
  ctx: AppContext,
  owner: ProfileImageOwner,
  id: string,
  updated: string,
): string {
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const expires = String((Math.floor(now / window) + 2) * window);
  const signature = mac(ctx, profileImageSlug(owner, id), expires).toString('base64url');
  return `${profileImageUrl(owner, id, updated)}&expires=${expires}&signature=${signature}`;
}

/**
 * Seconds the signed address of `slug` still works, or null when its signature is not this
 * server's for the slug and time or it has expired.
 */
export function signedAddressSecondsLeft(
  ctx: AppContext,
  slug: string,
  query: { expires?: string | undefined; signature?: string | undefined },
): number | null {
  const { expires, signature } = query;
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return null;
  if (!/^[A-Za-z0-9_-]{43}$/.test(signature)) return null;
  // Compared as written, not decoded: the last of 43 characters carries two unused bits, and a
  // decoder ignores them, so another spelling of the same signature must not pass.
  const expected = Buffer.from(mac(ctx, slug, expires).toString('base64url'));
  if (!timingSafeEqual(Buffer.from(signature), expected)) return null;
  const left = Number(expires) - ctx.clock.now().getTime() / 1000;
  return left > 0 ? Math.floor(left) : null;
}

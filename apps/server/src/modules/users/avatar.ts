import { DEFAULT_AVATAR_PATH, serverMessages } from '@roomscale/shared';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../platform/http/problem.ts';

/** The default avatar's address on this server (what /api/Config offers). */
export const defaultAvatarUrl = (ctx: AppContext) =>
  `${ctx.config.publicUrl}${DEFAULT_AVATAR_PATH}`;

/**
 * Whether an avatar address may be stored: the default avatar (exactly its address on this
 * server), or an https address of the configured avatar builder's service — its host, or
 * another host of its domain (the builder at demo.readyplayer.me exports its models to
 * models.readyplayer.me). Without a builder only the default avatar is allowed.
 */
export function avatarUrlAllowed(
  url: string,
  where: { builderUrl: string | null | undefined; defaultAvatarUrl: string },
): boolean {
  if (url === where.defaultAvatarUrl) return true;
  if (!where.builderUrl) return false;
  let u: URL;
  let builder: URL;
  try {
    u = new URL(url);
    builder = new URL(where.builderUrl);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' || u.username || u.password || u.port) return false;
  const labels = builder.hostname.split('.');
  // A builder on a host of three or more labels: the rest names its service's domain.
  const domain = labels.length > 2 ? labels.slice(1).join('.') : builder.hostname;
  return (
    u.hostname === builder.hostname || u.hostname === domain || u.hostname.endsWith(`.${domain}`)
  );
}

/**
 * Refuses an avatar address that `avatarUrlAllowed` does not allow (400 on `field`). Null and
 * absent pass: nothing to store.
 */
export function assertAvatarAllowed(
  ctx: AppContext,
  url: string | null | undefined,
  field: string,
) {
  if (url === null || url === undefined) return;
  const where = {
    builderUrl: ctx.config.avatarBuilderUrl,
    defaultAvatarUrl: defaultAvatarUrl(ctx),
  };
  if (!avatarUrlAllowed(url, where)) throw fieldError(field, serverMessages.avatarNotAllowed);
}

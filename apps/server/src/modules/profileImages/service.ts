import {
  type ProfileImageOwner,
  type ProfileImageResult,
  profileImageSlug,
} from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { organizations, users } from '../../db/schema.ts';
import { notFound } from '../../platform/http/problem.ts';
import { signedProfileImageUrl } from './address.ts';
import type { ReceivedImage } from './image.ts';

/** Storage key of a user's or team's picture: one object per owner, replaced on upload. */
export const profileImageKey = (owner: ProfileImageOwner, id: string) => `profile/${owner}/${id}`;

const tableOf = (owner: ProfileImageOwner) => (owner === 'user' ? users : organizations);

async function setImageUpdated(
  ctx: AppContext,
  owner: ProfileImageOwner,
  id: string,
  at: Date | null,
) {
  const table = tableOf(owner);
  const rows = await ctx.db
    .update(table)
    .set({ imageUpdated: at })
    .where(eq(table.id, id))
    .returning({ id: table.id });
  if (rows.length === 0) throw notFound();
}

export async function saveProfileImage(
  ctx: AppContext,
  owner: ProfileImageOwner,
  id: string,
  image: ReceivedImage,
): Promise<ProfileImageResult> {
  await ctx.storage.put(profileImageKey(owner, id), image.path, image.contentType);
  const now = ctx.clock.now();
  await setImageUpdated(ctx, owner, id, now);
  const imageUpdated = now.toISOString();
  return {
    slug: profileImageSlug(owner, id),
    imageUpdated,
    url: signedProfileImageUrl(ctx, owner, id, imageUpdated),
  };
}

export async function removeProfileImage(ctx: AppContext, owner: ProfileImageOwner, id: string) {
  await setImageUpdated(ctx, owner, id, null);
  await ctx.storage.delete(profileImageKey(owner, id));
}

const slugPattern =
  /^(user|organization)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The owner a slug names, or null for a slug that names nothing. */
export function parseProfileImageSlug(slug: string) {
  const match = slugPattern.exec(slug);
  if (!match) return null;
  return { owner: match[1] as ProfileImageOwner, id: match[2]!.toLowerCase() };
}

/** The stored picture of a user or team, with its time; 404 when there is none. */
export async function findProfileImage(ctx: AppContext, owner: ProfileImageOwner, id: string) {
  const table = tableOf(owner);
  const [row] = await ctx.db
    .select({ imageUpdated: table.imageUpdated })
    .from(table)
    .where(eq(table.id, id));
  if (!row?.imageUpdated) throw notFound();
  const key = profileImageKey(owner, id);
  const info = await ctx.storage.stat(key);
  const stream = info && (await ctx.storage.openRead(key));
  if (!info || !stream) throw notFound();
  return { info, stream, imageUpdated: row.imageUpdated };
}

import { newObjectKey, teamKeyPrefix } from './keys.ts';
import type { Storage } from './types.ts';

/** What GET …/File/Upload answers (part2 §3 "Upload slot"). */
export type UploadSlot = { fileUploadUri: string; expiry: string };

/**
 * A signed address for one new upload into a team's storage: a fresh key under
 * `org/{organizationId}/`. The file item created afterwards stores the address without its
 * query as `blobUri`; check it with `storage.keyFromBlobUri` and `keyBelongsTo`.
 */
export function uploadSlotFor(
  storage: Storage,
  organizationId: string,
  opts: { contentType?: string } = {},
): Promise<UploadSlot> {
  return uploadSlotUnder(storage, teamKeyPrefix(organizationId), opts);
}

/** The same for any owner's key prefix (a guest's: `guest/{guestId}/`). */
export async function uploadSlotUnder(
  storage: Storage,
  prefix: string,
  opts: { contentType?: string } = {},
): Promise<UploadSlot> {
  const key = newObjectKey(prefix);
  const { url, expiry } = await storage.createUploadUrl(key, opts);
  return { fileUploadUri: url, expiry: expiry.toISOString() };
}

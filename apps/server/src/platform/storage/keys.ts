import { randomUUID } from 'node:crypto';

/**
 * Object keys: `org/{organizationId}/{uuid}` for team files, `guest/{guestId}/{uuid}` for guests'.
 * Segments are restricted to letters, digits, `_` and `-`, so a key is always a safe relative
 * path on disk and needs no escaping in a URL.
 */
const segment = '[A-Za-z0-9_-]{1,100}';
const keyPattern = new RegExp(`^${segment}(/${segment}){1,4}$`);

export function isValidKey(key: string): boolean {
  return keyPattern.test(key);
}

export const teamKeyPrefix = (organizationId: string) => `org/${organizationId}/`;
export const guestKeyPrefix = (guestId: string) => `guest/${guestId}/`;

/** A fresh key under `prefix` (which ends with `/`). */
export function newObjectKey(prefix: string): string {
  const key = `${prefix}${randomUUID()}`;
  if (!isValidKey(key)) throw new Error(`Invalid key prefix: ${prefix}`);
  return key;
}

/** Whether `key` lies under `prefix`, e.g. whether a blob belongs to a team. */
export function keyBelongsTo(key: string, prefix: string): boolean {
  return prefix.endsWith('/') && isValidKey(key) && key.startsWith(prefix);
}

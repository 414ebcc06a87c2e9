import type { CacheProvider } from '@node-saml/node-saml';
import { security } from '@roomscale/shared';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { samlRequests } from '../../db/schema.ts';

export type RequestPurpose = { purpose: 'login' } | { purpose: 'link'; userId: string };

/**
 * The AuthnRequests store node-saml writes when it builds a request and reads when a response
 * names one in InResponseTo. Reads see only this provider's live requests, so a response to
 * another team's request is refused. node-saml's own removal is ignored: `consumeRequest`
 * removes a request once everything else checked out.
 */
export function requestStore(
  db: DbOrTx,
  providerId: string,
  now: Date,
  purpose: RequestPurpose,
): CacheProvider {
  return {
    async saveAsync(key, value) {
      await db.insert(samlRequests).values({
        id: key,
        providerId,
        purpose: purpose.purpose,
        linkUserId: purpose.purpose === 'link' ? purpose.userId : null,
        created: now,
        expiresAt: new Date(now.getTime() + security.samlRequestSeconds * 1000),
      });
      return { value, createdAt: now.getTime() };
    },
    async getAsync(key) {
      const [row] = await db
        .select({ created: samlRequests.created })
        .from(samlRequests)
        .where(
          and(
            eq(samlRequests.id, key),
            eq(samlRequests.providerId, providerId),
            gt(samlRequests.expiresAt, now),
          ),
        );
      return row ? row.created.toISOString() : null;
    },
    async removeAsync() {
      return null;
    },
  };
}

/**
 * Takes the request a verified response answered: one atomic delete, so of two posts of the
 * same response only one gets it. Returns what the request was for, or null.
 */
export async function consumeRequest(
  db: DbOrTx,
  providerId: string,
  requestId: string,
  now: Date,
): Promise<RequestPurpose | null> {
  const [row] = await db
    .delete(samlRequests)
    .where(
      and(
        eq(samlRequests.id, requestId),
        eq(samlRequests.providerId, providerId),
        gt(samlRequests.expiresAt, now),
      ),
    )
    .returning({ purpose: samlRequests.purpose, linkUserId: samlRequests.linkUserId });
  if (!row) return null;
  if (row.purpose === 'link')
    return row.linkUserId ? { purpose: 'link', userId: row.linkUserId } : null;
  return { purpose: 'login' };
}

/** Forgets requests nobody answered in time; run when a new one is made, served by an index. */
export async function dropExpiredRequests(db: DbOrTx, now: Date) {
  await db.delete(samlRequests).where(lt(samlRequests.expiresAt, now));
}

/**
 * What the request a response claims to answer was for, without consuming it — only to choose
 * which page a refused response lands on (the login page or the profile). `requestId` is the
 * unverified InResponseTo the bound pass (bound.ts) read: the document is not parsed again.
 */
export async function purposeOf(
  db: DbOrTx,
  providerId: string,
  requestId: string | null,
  now: Date,
): Promise<RequestPurpose['purpose'] | null> {
  if (!requestId) return null;
  const [row] = await db
    .select({ purpose: samlRequests.purpose })
    .from(samlRequests)
    .where(
      and(
        eq(samlRequests.id, requestId),
        eq(samlRequests.providerId, providerId),
        gt(samlRequests.expiresAt, now),
      ),
    );
  return row?.purpose ?? null;
}

import { and, eq, gte, inArray, lt, max, min } from 'drizzle-orm';
import { fileItems, meetings, rooms, usageMemberDays } from '../../db/schema.ts';
import type { Tx } from '../../db/types.ts';

/**
 * Rows per statement when a team's contents are deleted. Every statement runs under the
 * database's statement timeout (DATABASE_STATEMENT_TIMEOUT_MS, 5 s by default); one
 * `delete from organizations` whose cascades reach 100,000 files, 100,000 meetings and their
 * participants took 4.2 s on a loaded 2-core machine, and the daily usage totals of a
 * 2,000-member team add 730,000 rows a year. In batches each statement stays small whatever
 * the team's size; the transaction as a whole is as long as the work.
 */
export const TEAM_DELETE_BATCH = 2000;

/** Days of a team's daily usage totals deleted per statement. */
const USAGE_DAYS_PER_STATEMENT = 31;

/**
 * Deletes what grows with a team — its files (deepest first, so no delete cascades into a
 * folder's contents), meetings (with their participants and rooms), rooms (with their data) and
 * daily usage totals — in statements of at most `batch` rows, before the team's row goes with
 * what little is left. Runs in the deleting transaction.
 */
export async function deleteTeamContents(
  tx: Tx,
  organizationId: string,
  batch = TEAM_DELETE_BATCH,
) {
  const files = await tx
    .select({ id: fileItems.id, parentId: fileItems.parentId })
    .from(fileItems)
    .where(eq(fileItems.organizationId, organizationId));
  for (const ids of chunks(deepestFirst(files), batch)) {
    await tx.delete(fileItems).where(inArray(fileItems.id, ids));
  }

  const meetingIds = await tx
    .select({ id: meetings.id })
    .from(meetings)
    .where(eq(meetings.organizationId, organizationId));
  for (const ids of chunks(
    meetingIds.map((m) => m.id),
    batch,
  )) {
    await tx.delete(meetings).where(inArray(meetings.id, ids));
  }

  const roomIds = await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(eq(rooms.organizationId, organizationId));
  for (const ids of chunks(
    roomIds.map((r) => r.id),
    batch,
  )) {
    await tx.delete(rooms).where(inArray(rooms.id, ids));
  }

  // Along the key (team, day, user): a month of days per statement, never re-reading rows an
  // earlier statement deleted.
  const [span] = await tx
    .select({ first: min(usageMemberDays.day), last: max(usageMemberDays.day) })
    .from(usageMemberDays)
    .where(eq(usageMemberDays.organizationId, organizationId));
  if (span?.first && span.last) {
    for (let from = span.first; from <= span.last; from = addDays(from, USAGE_DAYS_PER_STATEMENT)) {
      await tx
        .delete(usageMemberDays)
        .where(
          and(
            eq(usageMemberDays.organizationId, organizationId),
            gte(usageMemberDays.day, from),
            lt(usageMemberDays.day, addDays(from, USAGE_DAYS_PER_STATEMENT)),
          ),
        );
    }
  }
}

/** Ids ordered so that every item comes before its folder (leaves first), by depth. */
export function deepestFirst(items: { id: string; parentId: string | null }[]): string[] {
  const parentOf = new Map(items.map((i) => [i.id, i.parentId]));
  const depth = new Map<string, number>();
  const depthOf = (id: string): number => {
    // Iterative: a chain of folders may be deeper than the stack.
    const chain: string[] = [];
    const onChain = new Set<string>();
    let at: string | null | undefined = id;
    while (at && !depth.has(at) && parentOf.has(at) && !onChain.has(at)) {
      chain.push(at);
      onChain.add(at);
      at = parentOf.get(at);
    }
    let d = at && depth.has(at) ? (depth.get(at) as number) : -1;
    for (let i = chain.length - 1; i >= 0; i--) depth.set(chain[i] as string, ++d);
    return depth.get(id) as number;
  };
  return items
    .map((i) => ({ id: i.id, d: depthOf(i.id) }))
    .sort((a, b) => b.d - a.d)
    .map((i) => i.id);
}

function* chunks<T>(all: T[], size: number): Generator<T[]> {
  for (let i = 0; i < all.length; i += size) yield all.slice(i, i + size);
}

/** A `YYYY-MM-DD` day `n` days later. */
function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

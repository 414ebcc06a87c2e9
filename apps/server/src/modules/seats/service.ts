import type { SeatCheck, SeatStatus } from '@roomscale/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { guestSeats, seats } from '../../db/schema.ts';
import { recordCheckIn } from '../usage/record.ts';
import { checkSeat, presentSeatStatus, type SeatHolder } from './seat.ts';

/** Whose seat: a user's (`seats`) or a guest's (`guest_seats`); the same rules for both. */
export type SeatOwner = { userId: string } | { guestId: string };

const holderColumns = (t: typeof seats | typeof guestSeats) => ({
  seatKey: t.seatKey,
  deviceName: t.deviceName,
  assignedAt: t.assignedAt,
  lastSeenAt: t.lastSeenAt,
});

async function lockHolder(tx: DbOrTx, owner: SeatOwner): Promise<SeatHolder | undefined> {
  const [row] =
    'userId' in owner
      ? await tx
          .select(holderColumns(seats))
          .from(seats)
          .where(eq(seats.userId, owner.userId))
          .for('update')
      : await tx
          .select(holderColumns(guestSeats))
          .from(guestSeats)
          .where(eq(guestSeats.guestId, owner.guestId))
          .for('update');
  return row;
}

/** Inserts the first holder; false when another request inserted one meanwhile. */
async function insertHolder(tx: DbOrTx, owner: SeatOwner, h: SeatHolder): Promise<boolean> {
  const rows =
    'userId' in owner
      ? await tx
          .insert(seats)
          .values({ userId: owner.userId, ...h })
          .onConflictDoNothing()
          .returning({ k: seats.seatKey })
      : await tx
          .insert(guestSeats)
          .values({ guestId: owner.guestId, ...h })
          .onConflictDoNothing()
          .returning({ k: guestSeats.seatKey });
  return rows.length > 0;
}

async function updateHolder(tx: DbOrTx, owner: SeatOwner, h: SeatHolder) {
  if ('userId' in owner) await tx.update(seats).set(h).where(eq(seats.userId, owner.userId));
  else await tx.update(guestSeats).set(h).where(eq(guestSeats.guestId, owner.guestId));
}

/**
 * A device checks in; the seat row is locked so two devices checking at once are ordered. Once
 * answered, the check-in is recorded as a usage fact (modules/usage), which never fails the call.
 */
export async function checkIn(
  ctx: AppContext,
  owner: SeatOwner,
  device: SeatCheck,
  userAgent?: string,
): Promise<SeatStatus> {
  const now = ctx.clock.now();
  const status = await ctx.db.transaction(async (tx) => {
    for (;;) {
      const current = await lockHolder(tx, owner);
      const result = checkSeat(current, device, now);
      if (result.write) {
        if (current) await updateHolder(tx, owner, result.write);
        else if (!(await insertHolder(tx, owner, result.write))) continue;
      }
      return presentSeatStatus(result.holder, result.conflicted, now);
    }
  });
  recordCheckIn(ctx, now, owner, { ...device, conflicted: status.isConflicted }, userAgent);
  return status;
}

/** Logging out with the seat's key frees it at once; another device's key changes nothing. */
export async function releaseSeat(db: DbOrTx, owner: SeatOwner, seatKey: string | undefined) {
  if (!seatKey) return;
  if ('userId' in owner) {
    await db.delete(seats).where(and(eq(seats.userId, owner.userId), eq(seats.seatKey, seatKey)));
  } else {
    await db
      .delete(guestSeats)
      .where(and(eq(guestSeats.guestId, owner.guestId), eq(guestSeats.seatKey, seatKey)));
  }
}

import {
  type RoomDataEntry,
  type RoomDataList,
  type roomDataPut,
  type roomDataQuery,
  roomLimits,
  roomMessages,
} from '@roomscale/shared';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflictWhenGone } from '../../db/errors.ts';
import { meetingRooms, roomData, rooms } from '../../db/schema.ts';
import { groupedBy } from '../../platform/grouped.ts';
import type { Caller } from '../../platform/http/access.ts';
import { conflict, fieldError, forbidden, notFound } from '../../platform/http/problem.ts';
import { roomAccess } from './policy.ts';

/**
 * Who may touch room data (the spec is silent; see docs/meetings-rooms.md):
 * - read: whoever may see the room;
 * - write or delete one dynamic entry of a room: whoever may see it (people in the room make and
 *   move objects);
 * - static (locked) entries, entries of templates, and clearing a room: its managers only (team
 *   admins of its team, moderators for a meeting's temporary room, super admins).
 * Seeing the room is the routes' `roomViewer` rule, clearing it their `roomManager` rule; writes
 * to locked entries and templates depend on the entry, so they are decided here.
 */
type DataRow = typeof roomData.$inferSelect;

export function presentRoomData(r: DataRow): RoomDataEntry {
  return {
    roomDataId: r.id,
    roomId: r.roomId,
    meetingId: r.meetingId,
    kind: r.kind,
    static: r.isStatic,
    roomData: r.data,
    created: r.created.toISOString(),
    lastModified: r.lastModified?.toISOString() ?? null,
  };
}

/**
 * The room of a data call, read again inside the call's transaction (one deleted since the
 * route's `roomViewer` rule is 404), and whether the caller manages it: that decides writes to
 * locked entries and to templates.
 */
async function roomFor(ctx: AppContext, db: DbOrTx, caller: Caller, roomId: string) {
  const [room] = await db.select().from(rooms).where(eq(rooms.id, roomId));
  if (!room) throw notFound();
  const { manage } = await roomAccess(db, caller, room, ctx.clock.now());
  return { room, manage };
}

type Filters = z.output<typeof roomDataQuery>;
const filtersOf = (roomId: string, q: Filters): SQL =>
  and(
    eq(roomData.roomId, roomId),
    q.KindFilter?.length ? inArray(roomData.kind, q.KindFilter) : undefined,
    q.StaticFilter === undefined ? undefined : eq(roomData.isStatic, q.StaticFilter),
    q.meetingFilter?.length ? inArray(roomData.meetingId, q.meetingFilter) : undefined,
  )!;

const byKind = (entries: RoomDataEntry[]) => Object.fromEntries(groupedBy(entries, (e) => e.kind));

/** The room's data (the route's `roomViewer` rule lets whoever sees the room). */
export async function listRoomData(
  ctx: AppContext,
  roomId: string,
  q: Filters,
): Promise<RoomDataList> {
  const rows = await ctx.db
    .select()
    .from(roomData)
    .where(filtersOf(roomId, q))
    .orderBy(asc(roomData.kind), asc(roomData.created), asc(roomData.id));
  const entries = rows.map(presentRoomData);
  return {
    roomId,
    staticRoomData: byKind(entries.filter((e) => e.static)),
    dynamicRoomData: byKind(entries.filter((e) => !e.static)),
  };
}

/** Static entries and anything in a template need a manager. */
const needsManager = (manage: boolean, isTemplate: boolean, isStatic: boolean) => {
  if (manage) return;
  if (isTemplate) throw forbidden(roomMessages.templateDataNeedsManager);
  if (isStatic) throw forbidden(roomMessages.staticDataNeedsManager);
};

export async function putRoomData(
  ctx: AppContext,
  caller: Caller,
  roomId: string,
  roomDataId: string,
  input: z.output<typeof roomDataPut>,
): Promise<RoomDataEntry> {
  const now = ctx.clock.now();
  return conflictWhenGone(roomMessages.changedMeanwhile, () =>
    ctx.db.transaction(async (tx) => {
      const { room, manage } = await roomFor(ctx, tx, caller, roomId);
      needsManager(manage, room.isTemplate, input.static);
      if (input.meetingId) {
        const [uses] = await tx
          .select({ roomId: meetingRooms.roomId })
          .from(meetingRooms)
          .where(and(eq(meetingRooms.meetingId, input.meetingId), eq(meetingRooms.roomId, roomId)));
        if (!uses) throw fieldError('meetingId', roomMessages.meetingDoesNotUseRoom);
      }
      const [existing] = await tx.select().from(roomData).where(eq(roomData.id, roomDataId));
      if (existing && existing.roomId !== roomId) throw conflict(roomMessages.roomDataOfOtherRoom);
      if (existing) needsManager(manage, room.isTemplate, existing.isStatic);
      if (!existing) {
        const [held] = await tx
          .select({ n: count() })
          .from(roomData)
          .where(eq(roomData.roomId, roomId));
        if ((held?.n ?? 0) >= roomLimits.dataEntriesPerRoomMax) {
          throw conflict(roomMessages.roomDataFull);
        }
      }
      const values = {
        kind: input.kind,
        isStatic: input.static,
        data: input.roomData,
        meetingId: input.meetingId ?? null,
      };
      // A concurrent PUT of the same new id updates instead of failing on the primary key.
      const [saved] = await tx
        .insert(roomData)
        .values({ id: roomDataId, roomId, ...values, created: now, createdBy: caller.userId })
        .onConflictDoUpdate({
          target: roomData.id,
          set: { ...values, lastModified: now, lastModifiedBy: caller.userId },
          setWhere: eq(roomData.roomId, roomId),
        })
        .returning();
      if (!saved) throw conflict(roomMessages.roomDataOfOtherRoom);
      return presentRoomData(saved);
    }),
  );
}

export async function deleteRoomDataEntry(
  ctx: AppContext,
  caller: Caller,
  roomId: string,
  roomDataId: string,
) {
  await ctx.db.transaction(async (tx) => {
    const { room, manage } = await roomFor(ctx, tx, caller, roomId);
    const [entry] = await tx
      .select()
      .from(roomData)
      .where(and(eq(roomData.id, roomDataId), eq(roomData.roomId, roomId)));
    if (!entry) throw notFound();
    needsManager(manage, room.isTemplate, entry.isStatic);
    await tx.delete(roomData).where(eq(roomData.id, entry.id));
  });
}

/**
 * Clears a room's data, or the part the filters name (the route's `roomManager` rule lets its
 * managers only). Returns how many went.
 */
export async function clearRoomData(ctx: AppContext, roomId: string, q: Filters) {
  const [room] = await ctx.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, roomId));
  if (!room) throw notFound();
  const gone = await ctx.db
    .delete(roomData)
    .where(filtersOf(roomId, q))
    .returning({ id: roomData.id });
  return gone.length;
}

import {
  copyRoomName,
  type Room,
  type RoomPage,
  type roomAdd,
  type roomEdit,
  roomLimits,
  type roomListQuery,
  roomMessages,
} from '@roomscale/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflictWhenGone } from '../../db/errors.ts';
import { meetingRooms, meetings, roomData, rooms } from '../../db/schema.ts';
import type { Caller, TeamContext } from '../../platform/http/access.ts';
import { paged } from '../../platform/http/paging.ts';
import { conflict, fieldError, notFound } from '../../platform/http/problem.ts';
import { readRoomList } from './list.ts';
import { manageableInTeam, teamView, usedByOpenMeeting, visibleInTeam } from './policy.ts';
import { copiedFields, presentRoom, roomSelection } from './presenter.ts';

type Team = TeamContext;
type RoomRow = typeof rooms.$inferSelect;

/** One room or template the caller sees in the team, with its data counts; or null. */
export async function findVisibleRoom(
  db: DbOrTx,
  caller: Caller,
  team: Team,
  roomId: string,
  now: Date,
) {
  const [row] = await db
    .select(roomSelection)
    .from(rooms)
    .where(and(eq(rooms.id, roomId), visibleInTeam(teamView(caller, team), now)));
  return row ?? null;
}

export async function listRooms(
  ctx: AppContext,
  caller: Caller,
  team: Team,
  query: z.output<typeof roomListQuery>,
): Promise<RoomPage> {
  // One statement for the count and the page (list.ts).
  const { entryCount, rows } = await readRoomList(ctx.db, query, {
    team: team.organizationId,
    user: caller.userId,
    role: team.role,
    now: ctx.clock.now(),
  });
  return paged(
    rows.map((r) => presentRoom(r, manageableInTeam(r.room, team.organizationId, team.role))),
    { page: query.page, pageSize: roomLimits.pageSize, entryCount },
  );
}

/** Owner of a room with this sharing type: the caller for a private room, nobody for a team room. */
const ownerFor = (sharingType: 'OwnerUser' | 'OwnerOrganization', caller: Caller) =>
  sharingType === 'OwnerUser' ? caller.userId : null;

/**
 * A new room from a template the team is offered (or one of its own templates), or a duplicate
 * of one of the team's rooms. A duplicate keeps the template link (so template edits still reach
 * it) and copies the locked (static) room data; session objects stay with the original.
 */
export async function addRoom(
  ctx: AppContext,
  caller: Caller,
  team: Team,
  input: z.output<typeof roomAdd>,
): Promise<Room> {
  const now = ctx.clock.now();
  const id = await conflictWhenGone(roomMessages.changedMeanwhile, () =>
    ctx.db.transaction(async (tx) => {
      const found = await findVisibleRoom(tx, caller, team, input.templateOrClonedRoomId, now);
      const source = found?.room;
      const cloning = source && !source.isTemplate;
      if (!source || (cloning && source.organizationId !== team.organizationId)) {
        throw fieldError('templateOrClonedRoomId', roomMessages.sourceNotFound);
      }
      const [created] = await tx
        .insert(rooms)
        .values({
          ...copiedFields(source),
          isTemplate: false,
          name: input.name ?? (cloning ? copyRoomName(source.name) : source.name),
          description: input.description === undefined ? source.description : input.description,
          sharingType: input.sharingType,
          organizationId: team.organizationId,
          ownerUserId: ownerFor(input.sharingType, caller),
          templateId: cloning ? source.templateId : source.id,
          created: now,
          createdBy: caller.userId,
        })
        .returning({ id: rooms.id });
      if (cloning) {
        await tx.execute(sql`insert into ${roomData}
        (room_id, kind, is_static, data, created, created_by)
        select ${created!.id}, kind, true, data, ${now.toISOString()}::timestamptz, ${caller.userId}
        from ${roomData} where ${roomData.roomId} = ${source.id} and ${roomData.isStatic}`);
      }
      return created!.id;
    }),
  );
  return getTeamRoom(ctx, team, id);
}

/** One room with its data counts, by id; or null. */
async function roomById(db: DbOrTx, roomId: string) {
  const [row] = await db.select(roomSelection).from(rooms).where(eq(rooms.id, roomId));
  return row ?? null;
}

/** The room a team's route addresses: its `roomViewer` rule has checked that the caller sees it. */
export async function getTeamRoom(ctx: AppContext, team: Team, roomId: string) {
  const row = await roomById(ctx.db, roomId);
  if (!row) throw notFound();
  return presentRoom(row, manageableInTeam(row.room, team.organizationId, team.role));
}

/**
 * The room a change addresses, read again inside the change's transaction: the route's
 * `roomManager` rule has checked it is the team's to change; one deleted since is 404.
 */
async function roomToChange(tx: DbOrTx, roomId: string) {
  const [room] = await tx.select().from(rooms).where(eq(rooms.id, roomId));
  if (!room) throw notFound();
  return room;
}

export async function editRoom(
  ctx: AppContext,
  caller: Caller,
  team: Team,
  roomId: string,
  input: z.output<typeof roomEdit>,
): Promise<Room> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const room = await roomToChange(tx, roomId);
    // A template cannot be joined, so a room a coming meeting uses stays a room.
    if (input.template && !room.isTemplate && (await usedByOpenMeeting(tx, room.id, now))) {
      throw conflict(roomMessages.inUseByMeeting);
    }
    const changes: Partial<RoomRow> = { lastModified: now, lastModifiedBy: caller.userId };
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description;
    if (input.persistent !== undefined) changes.persistent = input.persistent;
    if (input.template !== undefined) changes.isTemplate = input.template;
    if (input.sharingType !== undefined && input.sharingType !== room.sharingType) {
      changes.sharingType = input.sharingType;
      changes.ownerUserId = ownerFor(input.sharingType, caller);
    }
    await tx.update(rooms).set(changes).where(eq(rooms.id, room.id));
  });
  return getTeamRoom(ctx, team, roomId);
}

/**
 * Deletes a room with its data. Meetings that used it lose it; those whose current room it was
 * move to their first remaining room.
 */
export async function deleteRoom(ctx: AppContext, roomId: string) {
  await ctx.db.transaction(async (tx) => {
    const room = await roomToChange(tx, roomId);
    const affected = await tx
      .select({ id: meetings.id })
      .from(meetings)
      .where(eq(meetings.currentRoomId, room.id));
    await tx.delete(rooms).where(eq(rooms.id, room.id));
    for (const m of affected) {
      const [first] = await tx
        .select({ roomId: meetingRooms.roomId })
        .from(meetingRooms)
        .where(eq(meetingRooms.meetingId, m.id))
        .orderBy(asc(meetingRooms.position))
        .limit(1);
      await tx
        .update(meetings)
        .set({ currentRoomId: first?.roomId ?? null })
        .where(eq(meetings.id, m.id));
    }
  });
}

import type { Role } from '@roomscale/shared';
import { and, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  meetingRooms,
  meetings,
  memberships,
  rooms,
  roomTemplateOrganizations,
} from '../../db/schema.ts';
import type { Caller } from '../../platform/http/access.ts';
import { meetingVisibleTo } from '../meetings/policy.ts';
import { activeMembership } from '../organizations/membership.ts';

type RoomRow = typeof rooms.$inferSelect;

/**
 * Who sees a room (see the comment on the `rooms` table):
 * - platform templates: Public → everyone, OrganizationAllowlist → the listed teams, None → nobody
 *   but super admins;
 * - a team's rooms and templates: OwnerOrganization → the team; OwnerUser (private) → its owner
 *   (and the team's admins once the owner is gone);
 * - any room → the participants of a meeting that uses it and has not ended;
 * - temporary rooms → whoever sees their meeting.
 */

/** A user takes part in a not-ended meeting that uses the room. */
/**
 * The room is one of an unfinished meeting's rooms the user takes part in: by user id, or with
 * `email` also by the address they were invited with (someone outside the team is invited as an
 * address, as the meetings policy counts them).
 */
const usedInMeetingOf = (userId: string, now: Date, email?: string) =>
  sql`exists (select 1 from meeting_rooms mr
    join meeting_participants mp on mp.meeting_id = mr.meeting_id
    join meetings m on m.id = mr.meeting_id
    where mr.room_id = "rooms"."id"
    and (mp.user_id = ${userId}${email ? sql` or mp.email = ${email}` : sql``})
    and m.end_date > ${now.toISOString()}::timestamptz)`;

const allowlisted = (organizationId: string) =>
  sql`exists (select 1 from room_template_organizations a
    where a.room_id = "rooms"."id" and a.organization_id = ${organizationId})`;

/** The platform templates (and public rooms) a team is offered. */
export const offeredToTeam = (organizationId: string): SQL =>
  and(
    isNull(rooms.organizationId),
    or(
      eq(rooms.sharingType, 'Public'),
      and(eq(rooms.sharingType, 'OrganizationAllowlist'), allowlisted(organizationId)),
    ),
  )!;

/** Rows of the team's rooms list that a member with `role` may see (temporary rooms never). */
export function visibleInTeam(
  p: { organizationId: string; userId: string; role: Role },
  now: Date,
): SQL {
  return and(
    isNull(rooms.meetingId),
    or(
      offeredToTeam(p.organizationId),
      and(
        eq(rooms.organizationId, p.organizationId),
        or(
          eq(rooms.sharingType, 'OwnerOrganization'),
          and(
            eq(rooms.sharingType, 'OwnerUser'),
            or(
              eq(rooms.ownerUserId, p.userId),
              p.role === 'Admin' ? isNull(rooms.ownerUserId) : sql`false`,
              usedInMeetingOf(p.userId, now),
            ),
          ),
        ),
      ),
    ),
  )!;
}

async function roleIn(db: DbOrTx, userId: string, organizationId: string): Promise<Role | null> {
  const [m] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.organizationId, organizationId),
        activeMembership(),
      ),
    );
  return m?.role ?? null;
}

async function inAllowlist(db: DbOrTx, roomId: string, userId: string) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(roomTemplateOrganizations)
    .innerJoin(
      memberships,
      and(
        eq(memberships.organizationId, roomTemplateOrganizations.organizationId),
        eq(memberships.userId, userId),
        activeMembership(),
      ),
    )
    .where(eq(roomTemplateOrganizations.roomId, roomId))
    .limit(1);
  return Boolean(row);
}

async function participatesInMeetingUsing(db: DbOrTx, roomId: string, caller: Caller, now: Date) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(rooms)
    .where(and(eq(rooms.id, roomId), usedInMeetingOf(caller.userId, now, caller.email)));
  return Boolean(row);
}

/** What a signed-in caller may do with one room, wherever the call comes from. */
export type RoomAccess = { see: boolean; manage: boolean };

export async function roomAccess(
  db: DbOrTx,
  caller: Caller,
  room: RoomRow,
  now: Date,
): Promise<RoomAccess> {
  if (caller.superAdmin) return { see: true, manage: true };
  if (room.meetingId) {
    const m = await meetingVisibleTo(db, caller, room.meetingId);
    return { see: m.see, manage: m.moderate };
  }
  if (!room.organizationId) {
    const see =
      room.sharingType === 'Public' ||
      (room.sharingType === 'OrganizationAllowlist' &&
        (await inAllowlist(db, room.id, caller.userId)));
    return { see, manage: false };
  }
  const role = await roleIn(db, caller.userId, room.organizationId);
  const admin = role === 'Admin';
  let see = false;
  if (role && room.sharingType === 'OwnerOrganization') see = true;
  if (role && room.sharingType === 'OwnerUser') {
    see = room.ownerUserId === caller.userId || (admin && room.ownerUserId === null);
  }
  if (!see) see = await participatesInMeetingUsing(db, room.id, caller, now);
  return { see, manage: see && admin };
}

/** Within a team's own routes: the team admin manages the team's own rows only. */
export const manageableInTeam = (room: RoomRow, organizationId: string, role: Role) =>
  role === 'Admin' && room.organizationId === organizationId && room.meetingId === null;

/** The room is used by a meeting that has not ended. */
export async function usedByOpenMeeting(db: DbOrTx, roomId: string, now: Date) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(meetingRooms)
    .innerJoin(meetings, eq(meetings.id, meetingRooms.meetingId))
    .where(and(eq(meetingRooms.roomId, roomId), gt(meetings.endDate, now)))
    .limit(1);
  return Boolean(row);
}

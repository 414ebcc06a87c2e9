import { type Role, roomMessages } from '@roomscale/shared';
import { and, eq, gt, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { meetingRooms, meetings, rooms } from '../../db/schema.ts';
import { type Time, timeValue, type Value } from '../../db/values.ts';
import {
  type Caller,
  callerOf,
  type ObjectRuleCheck,
  type TeamContext,
} from '../../platform/http/access.ts';
import { forbidden, notFound } from '../../platform/http/problem.ts';
import { adminOfItsTeam, moderatesMeeting, seesMeeting } from '../meetings/policy.ts';
import { activeMembership, memberOfTeam } from '../organizations/membership.ts';

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

/**
 * The room is one of an unfinished meeting's rooms the user takes part in: by user id, or with
 * `email` also by the address they were invited with (someone outside the team is invited as an
 * address, as the meetings policy counts them).
 */
const usedInMeetingOf = (userId: Value, now: Time, email?: string) =>
  sql`exists (select 1 from meeting_rooms mr
    join meeting_participants mp on mp.meeting_id = mr.meeting_id
    join meetings m on m.id = mr.meeting_id
    where mr.room_id = "rooms"."id"
    and (mp.user_id = ${userId}${email ? sql` or mp.email = ${email}` : sql``})
    and m.end_date > ${timeValue(now)}::timestamptz)`;

const allowlisted = (organizationId: Value) =>
  sql`exists (select 1 from room_template_organizations a
    where a.room_id = "rooms"."id" and a.organization_id = ${organizationId})`;

/** A platform template shared with everyone: what guests plan their meetings with. */
export const publicTemplate: SQL = and(
  eq(rooms.isTemplate, true),
  isNull(rooms.organizationId),
  isNull(rooms.meetingId),
  eq(rooms.sharingType, 'Public'),
)!;

/** The platform templates (and public rooms) a team is offered. */
export const offeredToTeam = (organizationId: Value): SQL =>
  and(
    isNull(rooms.organizationId),
    or(
      eq(rooms.sharingType, 'Public'),
      and(eq(rooms.sharingType, 'OrganizationAllowlist'), allowlisted(organizationId)),
    ),
  )!;

/**
 * A team's own room as its members see it: shared rooms to all, a private room to its owner (and
 * to the team's admins once the owner is gone), and any to a participant of an unfinished meeting
 * that uses it. The team list and the single-room check both read this one rule.
 */
function seenInItsTeam(userId: Value, admin: SQL, now: Time, email?: string): SQL {
  return or(
    eq(rooms.sharingType, 'OwnerOrganization'),
    and(
      eq(rooms.sharingType, 'OwnerUser'),
      or(eq(rooms.ownerUserId, userId), and(admin, isNull(rooms.ownerUserId))),
    ),
    usedInMeetingOf(userId, now, email),
  )!;
}

const yes = sql`true`;
const no = sql`false`;

/** A member's view of their team's rooms: whom `visibleInTeam` is asked about. */
export const teamView = (caller: Caller, team: TeamContext) => ({
  organizationId: team.organizationId,
  userId: caller.userId,
  role: team.role,
});

/** Rows of the team's rooms list that a member with `role` may see (temporary rooms never). */
export function visibleInTeam(
  p: { organizationId: Value; userId: Value; role: Role },
  now: Time,
): SQL {
  return and(
    isNull(rooms.meetingId),
    or(
      offeredToTeam(p.organizationId),
      and(
        eq(rooms.organizationId, p.organizationId),
        seenInItsTeam(p.userId, p.role === 'Admin' ? yes : no, now),
      ),
    ),
  )!;
}

/** The caller is an active member of the room's team; with `admin`, one of its admins. */
const inRoomTeam = (userId: string, admin = false) =>
  memberOfTeam(sql`"rooms"."organization_id"`, userId, admin);

/** A platform template is offered to one of the caller's teams. */
const offeredToCaller = (userId: string) =>
  sql`exists (select 1 from room_template_organizations a join memberships
    on memberships.organization_id = a.organization_id and memberships.user_id = ${userId}
    and ${activeMembership()} where a.room_id = "rooms"."id")`;

/** The caller sees the meeting a temporary room belongs to (the meetings policy's rule). */
const meetingOfRoomSeen = (caller: Caller, moderate: boolean) =>
  sql`exists (select 1 from meetings where meetings.id = "rooms"."meeting_id" and ${
    moderate
      ? moderatesMeeting(caller, adminOfItsTeam(caller))
      : seesMeeting(caller, adminOfItsTeam(caller))
  })`;

/**
 * Who sees a room anywhere (the room data calls of the VR app): super admins every room; a
 * temporary room whoever sees its meeting; a platform template whom it is offered to; a team's
 * room by the team rule above. Who manages it: super admins, a temporary room's moderators and a
 * team room's admins.
 */
export function seesRoom(caller: Caller, now: Date): SQL {
  if (caller.superAdmin) return yes;
  return or(
    and(isNotNull(rooms.meetingId), meetingOfRoomSeen(caller, false)),
    and(
      isNull(rooms.meetingId),
      isNull(rooms.organizationId),
      or(
        eq(rooms.sharingType, 'Public'),
        and(eq(rooms.sharingType, 'OrganizationAllowlist'), offeredToCaller(caller.userId)),
      ),
    ),
    and(
      isNull(rooms.meetingId),
      isNotNull(rooms.organizationId),
      or(
        and(
          inRoomTeam(caller.userId),
          seenInItsTeam(caller.userId, inRoomTeam(caller.userId, true), now),
        ),
        usedInMeetingOf(caller.userId, now, caller.email),
      ),
    ),
  )!;
}

function managesRoom(caller: Caller): SQL {
  if (caller.superAdmin) return yes;
  return or(
    and(isNotNull(rooms.meetingId), meetingOfRoomSeen(caller, true)),
    and(isNull(rooms.meetingId), isNotNull(rooms.organizationId), inRoomTeam(caller.userId, true)),
  )!;
}

/** What a signed-in caller may do with one room, wherever the call comes from. */
export type RoomAccess = { see: boolean; manage: boolean };

/** The two rules above, run on one room's row. */
export async function roomAccess(
  db: DbOrTx,
  caller: Caller,
  room: Pick<RoomRow, 'id'>,
  now: Date,
): Promise<RoomAccess> {
  const see = seesRoom(caller, now);
  const [row] = await db
    .select({
      see: sql<boolean>`${see}`,
      manage: sql<boolean>`(${see}) and (${managesRoom(caller)})`,
    })
    .from(rooms)
    .where(eq(rooms.id, room.id));
  return { see: Boolean(row?.see), manage: Boolean(row?.manage) };
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

/**
 * The caller's rights on the room a route addresses. On a team's route: seen as the team's list
 * shows it (`visibleInTeam`), managed when `manageableInTeam`; elsewhere, `roomAccess`.
 */
async function rightsOnRoute(db: DbOrTx, clock: Clock, req: FastifyRequest, id: string) {
  const caller = callerOf(req);
  const now = clock.now();
  if (!req.team) return { ...(await roomAccess(db, caller, { id }, now)), inTeam: false };
  const team = req.team;
  const [room] = await db
    .select()
    .from(rooms)
    .where(and(eq(rooms.id, id), visibleInTeam(teamView(caller, team), now)));
  const manage = Boolean(room && manageableInTeam(room, team.organizationId, team.role));
  return { see: Boolean(room), manage, inTeam: true };
}

/** The `roomViewer` object rule: 404 unless the caller sees the room (on a team's route, there). */
export function roomViewerRule(db: DbOrTx, clock: Clock): ObjectRuleCheck {
  return async (req, roomId) => {
    if (!(await rightsOnRoute(db, clock, req, roomId)).see) throw notFound();
  };
}

/**
 * The `roomManager` object rule of routes that change a room or clear its data: 404 unless the
 * caller sees it, 403 unless they manage it (on a team's route, the team's own room or template).
 */
export function roomManagerRule(db: DbOrTx, clock: Clock): ObjectRuleCheck {
  return async (req, roomId) => {
    const { see, manage, inTeam } = await rightsOnRoute(db, clock, req, roomId);
    if (!see) throw notFound();
    if (!manage) throw inTeam ? forbidden(roomMessages.managedTemplate) : forbidden();
  };
}

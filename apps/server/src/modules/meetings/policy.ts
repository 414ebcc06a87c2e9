import { meetingMessages, type ParticipantType } from '@roomscale/shared';
import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { meetings } from '../../db/schema.ts';
import { type Caller, callerOf, type ObjectRuleCheck } from '../../platform/http/access.ts';
import { forbidden, notFound } from '../../platform/http/problem.ts';
import { memberOfTeam } from '../organizations/membership.ts';

type MeetingRow = typeof meetings.$inferSelect;

/**
 * Who sees a meeting: its participants (by user, or by the address they were invited with),
 * its creator, and the admins of its team. Who may change it: its moderators and the team's
 * admins (part2 §6) — edit only before the end, delete also after it.
 *
 * Each rule is written once, in SQL over the `meetings` row: a single meeting is checked by
 * running the predicate on its row (`meetingRights`, `moderatedAmong`). The list (list.ts) reads
 * the same rules — the caller's participant rows by user or address, `createdBy` — as index
 * walks: a predicate tested on every row of a team of 100,000 meetings made the list slow.
 */
export type MeetingRights = { see: boolean; moderate: boolean };

/** A `meeting_participants mp` row of the caller: by user, or by the address invited. */
export const participantRow = (caller: Caller, type?: ParticipantType): SQL =>
  sql`(mp.user_id = ${caller.userId} or mp.email = ${caller.email})${
    type ? sql` and mp.participant_type = ${type}` : sql``
  }`;

/** The caller is among the meeting's participants; with `type`, as that type. */
const participates = (caller: Caller, type?: ParticipantType): SQL =>
  sql`exists (select 1 from meeting_participants mp where mp.meeting_id = "meetings"."id"
    and ${participantRow(caller, type)})`;

/** The caller created the meeting. */
export const createdBy = (caller: Caller): SQL => eq(meetings.createdByUserId, caller.userId);

/** The caller is an admin of the meeting's team (a removed member's role is None). */
export const adminOfItsTeam = (caller: Caller): SQL =>
  memberOfTeam(sql`"meetings"."organization_id"`, caller.userId, true);

const asSql = (admin: boolean | SQL): SQL =>
  typeof admin === 'boolean' ? sql`${sql.raw(String(admin))}` : admin;

/** The caller sees the meeting: an admin of its team, its creator or a participant. */
export const seesMeeting = (caller: Caller, admin: boolean | SQL): SQL =>
  or(asSql(admin), createdBy(caller), participates(caller))!;

/** The caller may change the meeting: an admin of its team or one of its moderators. */
export const moderatesMeeting = (caller: Caller, admin: boolean | SQL): SQL =>
  or(asSql(admin), participates(caller, 'Moderator'))!;

/**
 * `moderatesMeeting` read over a meeting's participant rows already loaded (a page's, by
 * loadDetails), instead of asking PostgreSQL again: an admin of its team, or one of its
 * moderators by user or by the address invited.
 */
export function moderatesAmongRows(
  caller: Caller,
  admin: boolean,
  rows: { userId: string | null; email: string; participantType: ParticipantType }[],
): boolean {
  return (
    admin ||
    rows.some(
      (p) =>
        p.participantType === 'Moderator' &&
        (p.userId === caller.userId || p.email === caller.email),
    )
  );
}

/** Meetings of a team the caller sees (admins see every meeting of the team). */
export function visibleMeetingsOf(caller: Caller, admin: boolean): SQL | undefined {
  return admin ? undefined : seesMeeting(caller, false);
}

/** Of these meetings of one team, the ones the caller moderates (one query for a whole page). */
export async function moderatedAmong(
  db: DbOrTx,
  caller: Caller,
  admin: boolean,
  meetingIds: string[],
): Promise<Set<string>> {
  if (admin) return new Set(meetingIds);
  if (meetingIds.length === 0) return new Set();
  const rows = await db
    .select({ id: meetings.id })
    .from(meetings)
    .where(sql`${inArray(meetings.id, meetingIds)} and ${moderatesMeeting(caller, false)}`);
  return new Set(rows.map((r) => r.id));
}

/** The caller's rights on one meeting, wherever the call comes from (its team's admins too). */
export async function meetingRights(
  db: DbOrTx,
  caller: Caller,
  meeting: Pick<MeetingRow, 'id'>,
): Promise<MeetingRights> {
  const admin = adminOfItsTeam(caller);
  const [row] = await db
    .select({
      see: sql<boolean>`${seesMeeting(caller, admin)}`,
      moderate: sql<boolean>`${moderatesMeeting(caller, admin)}`,
    })
    .from(meetings)
    .where(eq(meetings.id, meeting.id));
  return { see: Boolean(row?.see), moderate: Boolean(row?.moderate) };
}

/** Rights on a meeting by id; an unknown meeting is seen by nobody. */
export async function meetingVisibleTo(
  db: DbOrTx,
  caller: Caller,
  meetingId: string,
): Promise<MeetingRights & { meeting: MeetingRow | null }> {
  const [meeting] = await db.select().from(meetings).where(eq(meetings.id, meetingId));
  if (!meeting) return { see: false, moderate: false, meeting: null };
  return { ...(await meetingRights(db, caller, meeting)), meeting };
}

/**
 * The `meetingModerator` object rule of routes that change a meeting: 404 unless the caller sees
 * it (and, on a team's route, it is that team's), 403 unless they moderate it.
 */
export function meetingModeratorRule(db: DbOrTx): ObjectRuleCheck {
  return async (req, meetingId) => {
    const caller = callerOf(req);
    const { see, moderate, meeting } = await meetingVisibleTo(db, caller, meetingId);
    if (!meeting || !see) throw notFound();
    if (req.team && meeting.organizationId !== req.team.organizationId) throw notFound();
    if (!moderate) throw forbidden(meetingMessages.moderatorOrAdmin);
  };
}

import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { meetingParticipants, meetings, memberships } from '../../db/schema.ts';
import type { Caller } from '../../platform/http/access.ts';

type MeetingRow = typeof meetings.$inferSelect;

/**
 * Who sees a meeting: its participants (by user, or by the address they were invited with),
 * its creator, and the admins of its team. Who may change it: its moderators and the team's
 * admins (part2 §6) — edit only before the end, delete also after it.
 */
export type MeetingRights = { see: boolean; moderate: boolean };

/** Meetings of a team a member sees in lists (admins see every meeting of the team). */
export function visibleMeetingsOf(caller: Caller, admin: boolean): SQL | undefined {
  if (admin) return undefined;
  return or(
    eq(meetings.createdByUserId, caller.userId),
    sql`exists (select 1 from meeting_participants mp where mp.meeting_id = "meetings"."id"
      and (mp.user_id = ${caller.userId} or mp.email = ${caller.email}))`,
  );
}

export async function meetingRights(
  db: DbOrTx,
  caller: Caller,
  meeting: MeetingRow,
): Promise<MeetingRights> {
  let admin = false;
  if (meeting.organizationId) {
    const [m] = await db
      .select({ role: memberships.role })
      .from(memberships)
      .where(
        and(
          eq(memberships.organizationId, meeting.organizationId),
          eq(memberships.userId, caller.userId),
          ne(memberships.role, 'None'),
        ),
      );
    admin = m?.role === 'Admin';
  }
  const [p] = await db
    .select({ type: meetingParticipants.participantType })
    .from(meetingParticipants)
    .where(
      and(
        eq(meetingParticipants.meetingId, meeting.id),
        or(
          eq(meetingParticipants.userId, caller.userId),
          eq(meetingParticipants.email, caller.email),
        ),
      ),
    );
  const moderator = p?.type === 'Moderator';
  return {
    see: admin || Boolean(p) || meeting.createdByUserId === caller.userId,
    moderate: admin || moderator,
  };
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

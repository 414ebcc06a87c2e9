import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { meetingParticipants, meetingRooms, meetings, rooms, users } from '../../db/schema.ts';
import { roomSelection } from '../rooms/presenter.ts';
import type { MeetingDetails, ParticipantRow } from './presenter.ts';

type MeetingRow = typeof meetings.$inferSelect;

/** Rooms (in their order) and participants of several meetings, in two queries. */
export async function loadDetails(db: DbOrTx, list: MeetingRow[]): Promise<MeetingDetails[]> {
  if (list.length === 0) return [];
  const ids = list.map((m) => m.id);
  const roomRows = await db
    .select({ ...roomSelection, meetingId: meetingRooms.meetingId })
    .from(meetingRooms)
    .innerJoin(rooms, eq(rooms.id, meetingRooms.roomId))
    .where(inArray(meetingRooms.meetingId, ids))
    .orderBy(asc(meetingRooms.position), asc(rooms.id));
  const people = await db
    .select({
      p: meetingParticipants,
      firstName: users.firstName,
      lastName: users.lastName,
      imageUpdated: users.imageUpdated,
    })
    .from(meetingParticipants)
    .leftJoin(users, eq(users.id, meetingParticipants.userId))
    .where(inArray(meetingParticipants.meetingId, ids))
    .orderBy(asc(meetingParticipants.created), asc(meetingParticipants.email));
  return list.map((meeting) => ({
    meeting,
    rooms: roomRows.filter((r) => r.meetingId === meeting.id),
    participants: people
      .filter((r) => r.p.meetingId === meeting.id)
      .map(
        (r): ParticipantRow => ({
          p: r.p,
          user:
            r.p.userId && r.firstName !== null && r.lastName !== null
              ? { firstName: r.firstName, lastName: r.lastName, imageUpdated: r.imageUpdated }
              : null,
        }),
      ),
  }));
}

export async function loadMeeting(db: DbOrTx, meetingId: string) {
  const [meeting] = await db.select().from(meetings).where(eq(meetings.id, meetingId));
  if (!meeting) return null;
  const [details] = await loadDetails(db, [meeting]);
  return details!;
}

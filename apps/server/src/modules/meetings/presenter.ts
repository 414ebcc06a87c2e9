import type { Meeting, MeetingRoom, Participant, PublicMeeting } from '@roomscale/shared';
import type { meetingParticipants, meetings, users } from '../../db/schema.ts';
import { presentRoom, type RoomWithCounts } from '../rooms/presenter.ts';

type MeetingRow = typeof meetings.$inferSelect;
export type ParticipantRow = {
  p: typeof meetingParticipants.$inferSelect;
  user: Pick<typeof users.$inferSelect, 'firstName' | 'lastName' | 'imageUpdated'> | null;
};
export type MeetingDetails = {
  meeting: MeetingRow;
  rooms: RoomWithCounts[];
  participants: ParticipantRow[];
};

export const hasEnded = (m: MeetingRow, now: Date) => m.endDate.getTime() <= now.getTime();
export const isOngoing = (m: MeetingRow, now: Date) =>
  m.startDate.getTime() <= now.getTime() && !hasEnded(m, now);

function presentParticipant(r: ParticipantRow): Participant {
  return {
    firstName: r.user?.firstName ?? null,
    lastName: r.user?.lastName ?? null,
    userId: r.p.userId,
    email: r.p.email,
    participantType: r.p.participantType,
    imageUpdated: r.user?.imageUpdated?.toISOString() ?? null,
  };
}

const byName = (a: Participant, b: Participant) =>
  `${a.firstName} ${a.lastName} ${a.email}`.localeCompare(
    `${b.firstName} ${b.lastName} ${b.email}`,
  );

/**
 * A meeting's own fields as the API writes them: everything but its rooms, its people and the
 * caller's rights. The list reads them so from PostgreSQL (list.ts); a single meeting from its row.
 */
export type MeetingFields = Omit<
  Meeting,
  | 'rooms'
  | 'moderatorParticipant'
  | 'userParticipant'
  | 'guestParticipant'
  | 'canEdit'
  | 'canDelete'
>;

/**
 * A meeting as its team sees it: moderators and users show names, guests their email (part2
 * §3), each group in its order; the caller edits it before the end when they moderate it, and
 * deletes it also after.
 */
export function meetingAnswer(
  m: MeetingFields,
  rooms: MeetingRoom[],
  people: Participant[],
  rights: { moderate: boolean },
): Meeting {
  return {
    id: m.id,
    meetingId: m.meetingId,
    name: m.name,
    description: m.description,
    organizationId: m.organizationId,
    meetingCode: m.meetingCode,
    startDate: m.startDate,
    endDate: m.endDate,
    timezoneLabel: m.timezoneLabel,
    hasEnded: m.hasEnded,
    isOngoing: m.isOngoing,
    currentMeetingRoomId: m.currentMeetingRoomId,
    rooms,
    moderatorParticipant: people.filter((p) => p.participantType === 'Moderator').sort(byName),
    userParticipant: people
      .filter((p) => p.participantType !== 'Moderator' && p.userId)
      .sort(byName),
    guestParticipant: people
      .filter((p) => p.participantType !== 'Moderator' && !p.userId)
      .sort((a, b) => a.email.localeCompare(b.email)),
    canEdit: rights.moderate && !m.hasEnded,
    canDelete: rights.moderate,
    created: m.created,
    createdBy: m.createdBy,
  };
}

/** A meeting read with its details (load.ts), as its team sees it. */
export function presentMeeting(
  d: MeetingDetails,
  rights: { moderate: boolean },
  now: Date,
  canManageRoom: (room: RoomWithCounts['room']) => boolean,
): Meeting {
  const { meeting: m } = d;
  const fields: MeetingFields = {
    id: m.id,
    meetingId: m.id,
    name: m.name,
    description: m.description,
    organizationId: m.organizationId,
    meetingCode: m.code,
    startDate: m.startDate.toISOString(),
    endDate: m.endDate.toISOString(),
    timezoneLabel: m.timezoneLabel,
    hasEnded: hasEnded(m, now),
    isOngoing: isOngoing(m, now),
    currentMeetingRoomId: m.currentRoomId,
    created: m.created.toISOString(),
    createdBy: m.createdByUserId,
  };
  const rooms = d.rooms.map((r) => ({
    ...presentRoom(r, canManageRoom(r.room)),
    temporary: r.room.meetingId === m.id,
  }));
  return meetingAnswer(fields, rooms, d.participants.map(presentParticipant), rights);
}

/** What anyone holding the code may see: the meeting and its rooms, no people. */
export function presentPublicMeeting(d: MeetingDetails, now: Date): PublicMeeting {
  const { meeting: m } = d;
  return {
    meetingId: m.id,
    name: m.name,
    meetingCode: m.code,
    startDate: m.startDate.toISOString(),
    endDate: m.endDate.toISOString(),
    hasEnded: hasEnded(m, now),
    currentMeetingRoomId: m.currentRoomId,
    rooms: d.rooms.map(({ room }) => ({
      id: room.id,
      roomId: room.id,
      name: room.name,
      description: room.description,
      imageUrl: room.imageUrl,
      sceneName: room.sceneName,
      addressableUrlAndroid: room.addressableUrlAndroid,
      addressableUrlWindows: room.addressableUrlWindows,
      addressableUrlMac: room.addressableUrlMac,
      maxUsers: room.maxUsers,
      persistent: room.persistent,
      capabilities: room.capabilities,
      temporary: room.meetingId === m.id,
    })),
  };
}

import type { Meeting, MeetingRoom, Participant, Room } from '@roomscale/shared';

/** Fixtures of the meetings tests: a meeting, rooms and participants as the API returns them. */

let n = 0;
const uuid = () => {
  n += 1;
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
};

export function roomFixture(overrides: Partial<Room> = {}): Room {
  const id = overrides.id ?? uuid();
  return {
    id,
    roomId: id,
    name: 'Main hall',
    description: null,
    category: null,
    imageUrl: null,
    sceneName: 'hall',
    addressableUrlAndroid: null,
    addressableUrlWindows: null,
    addressableUrlMac: null,
    maxUsers: 16,
    persistent: false,
    capabilities: [],
    roomSharingType: 'OwnerOrganization',
    template: false,
    templateId: null,
    userOwnerId: null,
    organizationOwnerId: null,
    staticRoomDataAmount: 0,
    dynamicRoomDataAmount: 0,
    canManage: false,
    created: '2026-01-01T00:00:00.000Z',
    createdBy: null,
    lastModified: null,
    lastModifiedBy: null,
    ...overrides,
  };
}

export const meetingRoomFixture = (overrides: Partial<MeetingRoom> = {}): MeetingRoom => ({
  ...roomFixture(overrides),
  temporary: false,
  ...overrides,
});

export const person = (overrides: Partial<Participant> = {}): Participant => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  userId: uuid(),
  email: 'ada@example.com',
  participantType: 'Participant',
  imageUpdated: null,
  ...overrides,
});

export function meetingFixture(overrides: Partial<Meeting> = {}): Meeting {
  const id = overrides.id ?? uuid();
  return {
    id,
    meetingId: id,
    name: 'Design review',
    description: 'Walk through the new lobby',
    organizationId: '0b8f9c4e-2d1a-4e3b-8c7d-6a5b4c3d2e1f',
    meetingCode: 'ABCD234',
    startDate: '2099-07-01T08:00:00.000Z',
    endDate: '2099-07-01T09:00:00.000Z',
    timezoneLabel: 'UTC',
    hasEnded: false,
    isOngoing: false,
    currentMeetingRoomId: null,
    rooms: [meetingRoomFixture()],
    moderatorParticipant: [person({ participantType: 'Moderator' })],
    userParticipant: [],
    guestParticipant: [
      person({ firstName: null, lastName: null, userId: null, email: 'guest@example.org' }),
    ],
    canEdit: true,
    canDelete: true,
    created: '2026-01-01T00:00:00.000Z',
    createdBy: null,
    ...overrides,
  };
}

export function pageOf<T>(results: T[], pageSize = 10, page = 1) {
  return {
    currentPage: page,
    pageCount: Math.max(1, Math.ceil(results.length / pageSize)),
    pageSize,
    entryCount: results.length,
    firstRowOnPage: results.length ? 1 : 0,
    lastRowOnPage: results.length,
    results,
  };
}

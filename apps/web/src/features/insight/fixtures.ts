import type { MeetingAttendance, PlatformUsage, TeamDevice, TeamUsage } from '@roomscale/shared';

export const teamId = '00000000-0000-4000-8000-0000000000a1';
export const meetingId = '00000000-0000-4000-8000-0000000000b1';

/** 12 Mondays from 7 Sep 2026. */
export const mondays = Array.from({ length: 12 }, (_, i) =>
  new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString().slice(0, 10),
);

export function teamUsageFixture(overrides: Partial<TeamUsage> = {}): TeamUsage {
  return {
    timeZone: 'Europe/Berlin',
    from: '2026-09-07',
    to: '2026-11-29',
    licensesHeld: 40,
    weeks: mondays.map((weekStart, i) => ({
      weekStart,
      activeUsers: 10 + i,
      licensesUsed: 8 + i,
      licensesHeld: 39 + i,
      secondsInVr: 3600 * (20 + i) + 1800,
      meetingsHeld: 3 + i,
      userAttendees: 12 + i,
      guestAttendees: i,
    })),
    ...overrides,
  };
}

export function deviceFixture(overrides: Partial<TeamDevice> = {}): TeamDevice {
  return {
    userId: '00000000-0000-4000-8000-0000000000c1',
    userName: 'Ada Lovelace',
    email: 'ada@example.com',
    deviceName: 'Quest 3 of Ada',
    appVersion: 'Roomscale/4.2.0',
    lastSeenAt: '2026-11-27T10:00:00.000Z',
    lastSeatAssignmentTime: '2026-11-27T09:00:00.000Z',
    isConflicted: false,
    conflictingDeviceName: null,
    requiredNextUpdateTime: '2026-11-27T10:15:00.000Z',
    updateRequired: false,
    ...overrides,
  };
}

export function devicePage(results: TeamDevice[]) {
  return {
    currentPage: 1,
    pageCount: results.length ? 1 : 0,
    pageSize: 25,
    entryCount: results.length,
    firstRowOnPage: results.length ? 1 : 0,
    lastRowOnPage: results.length,
    results,
  };
}

export function attendanceFixture(overrides: Partial<MeetingAttendance> = {}): MeetingAttendance {
  return {
    meetingId,
    name: 'Design review',
    code: '123456',
    startDate: '2026-11-27T09:00:00.000Z',
    endDate: '2026-11-27T10:00:00.000Z',
    attendees: [
      {
        kind: 'User',
        userId: '00000000-0000-4000-8000-0000000000c1',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        firstSeenAt: '2026-11-27T09:02:00.000Z',
        lastSeenAt: '2026-11-27T09:55:00.000Z',
        durationSeconds: 53 * 60,
      },
      {
        kind: 'Guest',
        userId: null,
        name: null,
        email: 'guest@example.org',
        firstSeenAt: '2026-11-27T09:10:00.000Z',
        lastSeenAt: '2026-11-27T09:40:00.000Z',
        durationSeconds: 30 * 60,
      },
    ],
    neverJoined: [{ userId: null, name: 'Grace Hopper', email: 'grace@example.com' }],
    ...overrides,
  };
}

export function platformUsageFixture(overrides: Partial<PlatformUsage> = {}): PlatformUsage {
  const team = (n: number, held: number, used: number) => ({
    organizationId: `00000000-0000-4000-8000-00000000000${n}`,
    name: `Team ${n}`,
    licensesHeld: held,
    licensesUsed: used,
    share: used / held,
  });
  return {
    timeZone: 'UTC',
    from: '2026-09-07',
    to: '2026-11-29',
    weeks: mondays.map((weekStart, i) => ({
      weekStart,
      activeUsers: 100 + i,
      activeTeams: 5 + i,
      secondsInVr: 7200 * (i + 1),
      meetingsHeld: 30 + i,
    })),
    mostLicenseUse: [team(1, 10, 9), team(2, 20, 15)],
    leastLicenseUse: [team(3, 50, 2)],
    ...overrides,
  };
}

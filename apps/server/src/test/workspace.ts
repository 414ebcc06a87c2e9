import type { MeetingCreate, Role, RoomAdd, TokenResponse } from '@roomscale/shared';
import { meetingsApi, roomsApi } from '@roomscale/shared/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { memberships, rooms } from '../db/schema.ts';
import { ensureDefaultRoomTemplates } from '../modules/roomTemplates/defaults.ts';
import { callEndpoint } from './callEndpoint.ts';
import { createTeam, createUser, signIn, type TestUser } from './factories.ts';
import type { TestApp } from './harness.ts';

/** Factories for rooms, templates and meetings tests. */

export type Person = TestUser & { session: TokenResponse };

export async function person(
  t: TestApp,
  opts: Parameters<typeof createUser>[1] = {},
): Promise<Person> {
  const user = await createUser(t, opts);
  return { ...user, session: await signIn(t, user) };
}

export async function addMember(t: TestApp, organizationId: string, userId: string, role: Role) {
  await t.ctx.db.insert(memberships).values({ organizationId, userId, role, licenseType: 'Trial' });
}

/** A team with an admin and a plain member, both signed in. */
export async function team(t: TestApp, name = 'Team') {
  const admin = await person(t, { firstName: 'Alice', lastName: 'Admin' });
  const { id } = await createTeam(t, admin.id, name);
  const member = await person(t, { firstName: 'Max', lastName: 'Member' });
  await addMember(t, id, member.id, 'User');
  return { id, admin, member };
}

/** The default public templates (seeded once per database), by name. */
export async function defaultTemplate(t: TestApp, name = 'Meeting room') {
  await ensureDefaultRoomTemplates(t.ctx.db, t.clock.now());
  const [row] = await t.ctx.db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.name, name), eq(rooms.isTemplate, true)));
  if (!row) throw new Error(`no template ${name}`);
  return row.id;
}

/** A room added through the API by a team admin. */
export async function addRoom(
  t: TestApp,
  teamId: string,
  admin: Person,
  body: Partial<RoomAdd> = {},
) {
  const res = await callEndpoint(t, roomsApi.add, {
    params: { organizationId: teamId },
    token: admin.session,
    body: { templateOrClonedRoomId: await defaultTemplate(t), name: 'Room', ...body },
  });
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
}

const hour = 3600_000;
/** A valid create body: starts in an hour, lasts an hour, one room, the given people. */
export function meetingBody(
  t: TestApp,
  roomIds: string[],
  participants: MeetingCreate['participants'],
  change: Partial<MeetingCreate> = {},
): MeetingCreate {
  const start = new Date(t.clock.now().getTime() + hour);
  return {
    name: 'Design review',
    description: 'Walk through the new lobby',
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + hour).toISOString(),
    timezoneLabel: 'Europe/Amsterdam',
    emailNewUsers: false,
    existingRooms: roomIds,
    participants,
    ...change,
  };
}

export async function createMeeting(t: TestApp, teamId: string, by: Person, body: MeetingCreate) {
  const res = await callEndpoint(t, meetingsApi.create, {
    params: { organizationId: teamId },
    token: by.session,
    body,
  });
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
}

/**
 * Moves the test clock; access tokens (15 minutes) of the given people would lapse, so they sign
 * in again at the new time.
 */
export async function advance(t: TestApp, seconds: number, ...people: Person[]) {
  t.clock.advance(seconds);
  for (const p of people) p.session = await signIn(t, p);
}

import { guestLimits, guestMessages } from '@roomscale/shared';
import {
  guestsApi,
  meetingsApi,
  organizationsApi,
  roomsApi,
  roomTemplatesApi,
  seatsApi,
  usersApi,
} from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { guestCodes, meetings, rooms } from '../../db/schema.ts';
import { mailsInFlight } from '../../platform/mail/background.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { call, expectProblem, nextIp, uniqueEmail } from '../../test/factories.ts';
import { authorizeGuest, mailedCode as mailedCodeOf, signInGuest } from '../../test/guests.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { defaultTemplate, meetingBody, person, team } from '../../test/workspace.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const authorize = (headers: Record<string, string>, ip = nextIp()) =>
  authorizeGuest(t, headers, ip);
const mailedCode = (email: string) => mailedCodeOf(t, email);
const guestToken = (email = uniqueEmail('guest')) => signInGuest(t, email);

const hour = 3600_000;
function guestMeetingBody(templateIds: string[], change: Record<string, unknown> = {}) {
  const start = new Date(t.clock.now().getTime() + hour);
  return {
    name: 'Guest review',
    description: 'A look at the lobby',
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + hour).toISOString(),
    timezoneLabel: 'Europe/Amsterdam',
    emailNewUsers: true,
    temporaryRooms: templateIds,
    participants: [{ email: 'friend@example.com' }],
    ...change,
  };
}

describe('PUT /api/Guests/Authorize', () => {
  it('validates the guestEmail and guestCode headers', async () => {
    expectProblem(await authorize({}), 400, 'guestemail');
    expectProblem(await authorize({ guestEmail: 'not-an-email' }), 400, 'guestemail');
    expectProblem(
      await authorize({ guestEmail: 'a@example.com', guestCode: '12ab' }),
      400,
      'guestcode',
    );
  });

  it('mails a 6-digit code, stores only its hash, and exchanges it once for a guest token', async () => {
    const email = uniqueEmail('guest');
    const sent = await authorize({ guestEmail: email.toUpperCase() });
    expect(sent.status, sent.raw.body).toBe(200);
    expect(sent.body).toEqual({ codeSent: true, email, expiresIn: guestLimits.codeSeconds });
    const code = mailedCode(email);
    expect(t.mailer.to(email).at(-1)?.subject).toBe(guestMessages.codeMailSubject);
    const [row] = await t.ctx.db.select().from(guestCodes).where(eq(guestCodes.email, email));
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).toHaveLength(64);

    const res = await authorize({ guestEmail: email, guestCode: code });
    expect(res.status, res.raw.body).toBe(200);
    const token = res.body;
    assert('access_token' in token, 'a guest token');
    expect(token).toMatchObject({
      token_type: 'Bearer',
      expires_in: guestLimits.tokenSeconds,
      email,
    });
    const payload = JSON.parse(
      Buffer.from(token.access_token.split('.')[1]!, 'base64url').toString(),
    );
    expect(payload.aud).toBe('roomscale-guest');

    // Single use.
    expectProblem(
      await authorize({ guestEmail: email, guestCode: code }),
      400,
      'guestcode',
      guestMessages.invalidCode,
    );
  });

  it('refuses a wrong code, an expired code, and a code after too many wrong tries', async () => {
    const email = uniqueEmail('guest');
    await authorize({ guestEmail: email });
    const code = mailedCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    expectProblem(await authorize({ guestEmail: email, guestCode: wrong }), 400, 'guestcode');
    // Another address cannot use it.
    expectProblem(
      await authorize({ guestEmail: uniqueEmail('other'), guestCode: code }),
      400,
      'guestcode',
    );
    t.clock.advance(guestLimits.codeSeconds);
    expectProblem(await authorize({ guestEmail: email, guestCode: code }), 400, 'guestcode');

    const email2 = uniqueEmail('guest');
    await authorize({ guestEmail: email2 });
    const code2 = mailedCode(email2);
    const wrong2 = code2 === '000000' ? '111111' : '000000';
    for (let i = 0; i < guestLimits.codeFailuresMax; i++) {
      expectProblem(await authorize({ guestEmail: email2, guestCode: wrong2 }), 400, 'guestcode');
    }
    expectProblem(await authorize({ guestEmail: email2, guestCode: code2 }), 400, 'guestcode');
  });

  it('a new code replaces the previous one', async () => {
    const email = uniqueEmail('guest');
    await authorize({ guestEmail: email });
    const first = mailedCode(email);
    await authorize({ guestEmail: email });
    const second = mailedCode(email);
    if (first !== second) {
      expectProblem(await authorize({ guestEmail: email, guestCode: first }), 400, 'guestcode');
    }
    expect((await authorize({ guestEmail: email, guestCode: second })).status).toBe(200);
  });

  it('limits codes per email address (429), whatever the IP', async () => {
    const email = uniqueEmail('guest');
    for (let i = 0; i < guestLimits.codesPerEmail; i++) {
      expect((await authorize({ guestEmail: email })).status).toBe(200);
    }
    expectProblem(await authorize({ guestEmail: email }), 429);
    t.clock.advance(guestLimits.codeWindowSeconds);
    expect((await authorize({ guestEmail: email })).status).toBe(200);
  });

  it('limits requests per IP (429)', async () => {
    const ip = nextIp();
    for (let i = 0; i < guestLimits.authorizePerMinute; i++) {
      await authorize({ guestEmail: uniqueEmail('ip') }, ip);
    }
    expectProblem(await authorize({ guestEmail: uniqueEmail('ip') }, ip), 429);
  });
});

describe('guest and user tokens never pass as each other', () => {
  it('a guest token gets 401 on user and team routes; a user token gets 401 on guest routes', async () => {
    const guest = await guestToken();
    const { id: teamId, admin } = await team(t);
    const params = { organizationId: teamId };
    const page = { Page: 1, PageSize: 10 };
    for (const [e, input] of [
      [usersApi.me, {}],
      [usersApi.myTeams, {}],
      [seatsApi.check, {}],
      [organizationsApi.get, { params }],
      [meetingsApi.list, { params, query: page }],
      [roomsApi.list, { params }],
      [roomTemplatesApi.list, { query: page }],
    ] as const) {
      expectProblem(
        await callUnchecked(t, e, { ...input, token: guest.access_token, body: {} }),
        401,
      );
    }
    for (const e of [
      guestsApi.checkSeat,
      guestsApi.roomTemplates,
      guestsApi.createMeeting,
      guestsApi.logout,
    ]) {
      expectProblem(await callUnchecked(t, e, { token: admin.session, body: {} }), 401);
    }
  });

  it('every guest route refuses no token and a user token', async () => {
    const user = await person(t);
    const guestRoutes = t.app.routeAccess.filter(
      (r) => r.access === 'guest' && r.method !== 'HEAD',
    );
    expect(guestRoutes.length).toBe(11);
    for (const r of guestRoutes) {
      const url = r.url.replace(/:[A-Za-z]+/g, '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f');
      expectProblem(await call(t, r.method as 'GET', url), 401);
      expectProblem(await call(t, r.method as 'GET', url, { token: user.session }), 401);
    }
  });
});

describe('guest seats and logout', () => {
  it('checks a seat, reports a conflict with another device, and frees it on logout', async () => {
    const a = await guestToken();
    const b = await guestToken(a.email);
    expectProblem(
      await callUnchecked(t, guestsApi.checkSeat, {
        token: a.access_token,
        body: { deviceName: 'Q' },
      }),
      400,
      'seatKey',
    );
    const held = await callEndpoint(t, guestsApi.checkSeat, {
      token: a.access_token,
      body: { seatKey: 'g-1', deviceName: 'Quest A' },
    });
    expect(held.body).toMatchObject({ lastSeatKeyInUse: 'g-1', isConflicted: false });
    const other = await callEndpoint(t, guestsApi.checkSeat, {
      token: b.access_token,
      body: { seatKey: 'g-2', deviceName: 'Quest B' },
    });
    expect(other.body).toMatchObject({
      lastSeatKeyInUse: 'g-1',
      lastDeviceNameInUse: 'Quest A',
      isConflicted: true,
    });

    expect(
      (
        await callEndpoint(t, guestsApi.logout, {
          query: { seatKey: 'g-1' },
          token: a.access_token,
        })
      ).status,
    ).toBe(204);
    // The token is dead at once; the seat is free for the other device.
    expectProblem(await callEndpoint(t, guestsApi.roomTemplates, { token: a.access_token }), 401);
    const taken = await callEndpoint(t, guestsApi.checkSeat, {
      token: b.access_token,
      body: { seatKey: 'g-2', deviceName: 'Quest B' },
    });
    expect(taken.body.lastSeatKeyInUse).toBe('g-2');
  });

  it('a guest token stops working after its lifetime', async () => {
    const g = await guestToken();
    t.clock.advance(guestLimits.tokenSeconds);
    expectProblem(await callEndpoint(t, guestsApi.roomTemplates, { token: g.access_token }), 401);
  });
});

describe('GET /api/Guests/RoomTemplates', () => {
  it('lists Public platform templates only', async () => {
    const publicId = await defaultTemplate(t);
    const [hidden] = await t.ctx.db
      .insert(rooms)
      .values({
        name: 'Allowlisted template',
        isTemplate: true,
        sharingType: 'OrganizationAllowlist',
        maxUsers: 10,
      })
      .returning({ id: rooms.id });
    const g = await guestToken();
    const res = await callEndpoint(t, guestsApi.roomTemplates, {
      query: { page: 1 },
      token: g.access_token,
    });
    expect(res.status, res.raw.body).toBe(200);
    const page = res.body;
    const ids = page.results.map((r) => r.id);
    expect(ids).toContain(publicId);
    expect(ids).not.toContain(hidden!.id);
    expect(page.results.every((r) => r.roomSharingType === 'Public')).toBe(true);
    expect(page).toMatchObject({ currentPage: 1, pageSize: guestLimits.templatesPageSize });
    expect(page.results[0]).not.toHaveProperty('roomCount');
    expectProblem(
      await callEndpoint(t, guestsApi.roomTemplates, {
        query: { page: 0 },
        token: g.access_token,
      }),
      400,
      'page',
    );
  });
});

describe('guest meetings', () => {
  it('validates the meeting', async () => {
    const g = await guestToken();
    const tpl = await defaultTemplate(t);
    const put = (body: unknown) =>
      callUnchecked(t, guestsApi.createMeeting, { token: g.access_token, body });
    expectProblem(await put(guestMeetingBody([tpl], { name: '' })), 400, 'name');
    expectProblem(await put(guestMeetingBody([])), 400, 'temporaryRooms');
    expectProblem(
      await put(guestMeetingBody([tpl], { participants: [{ email: 'x' }] })),
      400,
      'participants.0.email',
    );
    const start = t.clock.now().getTime() + hour;
    expectProblem(
      await put(guestMeetingBody([tpl], { endDate: new Date(start - 60_000).toISOString() })),
      400,
      'endDate',
    );
    expectProblem(
      await put(
        guestMeetingBody([tpl], {
          startDate: new Date(t.clock.now().getTime() - 2 * hour).toISOString(),
          endDate: new Date(t.clock.now().getTime() - hour).toISOString(),
        }),
      ),
      400,
      'endDate',
    );
  });

  it('uses Public templates only, never a team room', async () => {
    const g = await guestToken();
    const { id: teamId, admin } = await team(t);
    const res = await callEndpoint(t, roomsApi.add, {
      params: { organizationId: teamId },
      token: admin.session,
      body: { templateOrClonedRoomId: await defaultTemplate(t), name: 'Team room' },
    });
    const teamRoom = res.body;
    expectProblem(
      await callEndpoint(t, guestsApi.createMeeting, {
        token: g.access_token,
        body: guestMeetingBody([teamRoom.id]),
      }),
      400,
      'temporaryRooms',
      guestMessages.publicTemplatesOnly,
    );
  });

  it('creates a team-less meeting in temporary rooms, invites by email, and only its creator invites more', async () => {
    const g = await guestToken();
    const tpl = await defaultTemplate(t);
    const res = await callEndpoint(t, guestsApi.createMeeting, {
      token: g.access_token,
      body: guestMeetingBody([tpl]),
    });
    expect(res.status, res.raw.body).toBe(200);
    const m = res.body;
    expect(m).toMatchObject({
      name: 'Guest review',
      hasEnded: false,
      timezoneLabel: 'Europe/Amsterdam',
    });
    expect(m.participants).toEqual([g.email, 'friend@example.com'].sort());
    expect(m.rooms).toHaveLength(1);
    expect(m.rooms[0]).toMatchObject({ temporary: true });
    expect(m.currentMeetingRoomId).toBe(m.rooms[0]!.id);
    const [row] = await t.ctx.db.select().from(meetings).where(eq(meetings.id, m.meetingId));
    expect(row).toMatchObject({ organizationId: null, createdByGuestEmail: g.email });
    const [room] = await t.ctx.db.select().from(rooms).where(eq(rooms.id, m.rooms[0]!.id));
    expect(room).toMatchObject({ organizationId: null, meetingId: m.meetingId, templateId: tpl });
    // The invitee got the invitation with its calendar file; the creator no mail.
    const invitation = t.mailer.to('friend@example.com').at(-1);
    expect(invitation?.text).toContain(m.meetingCode);
    expect(invitation?.attachments?.[0]?.content.toString()).toContain('METHOD:REQUEST');

    // Public lookup works for the meeting's code.
    expect(
      (await callEndpoint(t, meetingsApi.lookup, { params: { code: m.meetingCode } })).status,
    ).toBe(200);

    const before = t.mailer.sent.length;
    const invite = await callEndpoint(t, guestsApi.inviteToMeeting, {
      params: { meetingId: m.meetingId },
      token: g.access_token,
      body: { participants: [{ email: 'friend@example.com' }, { email: 'NEW@example.com' }] },
    });
    expect(invite.status, invite.raw.body).toBe(200);
    expect(invite.body.participants).toContain('new@example.com');
    await mailsInFlight();
    const newMails = t.mailer.sent.slice(before);
    expect(newMails.map((x) => x.to)).toEqual(['new@example.com']);

    expectProblem(
      await callEndpoint(t, guestsApi.inviteToMeeting, {
        params: { meetingId: m.meetingId },
        token: g.access_token,
        body: { participants: [] },
      }),
      400,
      'participants',
    );
    // Another guest, and a team meeting, are 404.
    const other = await guestToken();
    expectProblem(
      await callEndpoint(t, guestsApi.inviteToMeeting, {
        params: { meetingId: m.meetingId },
        token: other.access_token,
        body: { participants: [{ email: 'x@example.com' }] },
      }),
      404,
    );
    const { id: teamId, admin } = await team(t);
    const roomRes = await callEndpoint(t, roomsApi.add, {
      params: { organizationId: teamId },
      token: admin.session,
      body: { templateOrClonedRoomId: tpl, name: 'Team room' },
    });
    const teamMeeting = await callEndpoint(t, meetingsApi.create, {
      params: { organizationId: teamId },
      token: admin.session,
      body: meetingBody(t, [roomRes.body.id], [{ email: admin.email }]),
    });
    expect(teamMeeting.status, teamMeeting.raw.body).toBe(200);
    expectProblem(
      await callEndpoint(t, guestsApi.inviteToMeeting, {
        params: { meetingId: teamMeeting.body.id },
        token: g.access_token,
        body: { participants: [{ email: 'x@example.com' }] },
      }),
      404,
    );

    // After the end nothing more can be sent.
    t.clock.advance(3 * 3600);
    const late = await guestToken(g.email);
    expectProblem(
      await callEndpoint(t, guestsApi.inviteToMeeting, {
        params: { meetingId: m.meetingId },
        token: late.access_token,
        body: { participants: [{ email: 'late@example.com' }] },
      }),
      409,
    );
  });

  it('guest calls are rate limited per IP (429)', async () => {
    const g = await guestToken();
    const ip = nextIp();
    for (let i = 0; i < guestLimits.callsPerMinute; i++) {
      await callEndpoint(t, guestsApi.roomTemplates, { token: g.access_token, ip });
    }
    expectProblem(
      await callEndpoint(t, guestsApi.roomTemplates, { token: g.access_token, ip }),
      429,
    );
  });
});

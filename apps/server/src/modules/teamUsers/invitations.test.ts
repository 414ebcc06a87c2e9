import {
  invitationMessages,
  meetingMessages,
  teamUserLimits,
  teamUserMessages,
} from '@roomscale/shared';
import { auditApi, meetingsApi, teamUsersApi, usersApi } from '@roomscale/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, teamInvitations, users } from '../../db/schema.ts';
import { hashToken } from '../../platform/auth/tokens.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { call, createUser, expectProblem, signIn, uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addRoom, meetingBody, type Person, person, team } from '../../test/workspace.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const invite = (teamId: string, admin: Person, email: string, over: Record<string, unknown> = {}) =>
  callEndpoint(t, teamUsersApi.add, {
    params: { organizationId: teamId },
    token: admin.session,
    body: { email, firstName: 'Typed', lastName: 'Name', ...over },
  });
const listOf = async (teamId: string, by: Person, filter = '') => {
  const res = await callEndpoint(t, teamUsersApi.list, {
    params: { organizationId: teamId },
    query: { Filter: filter, Page: 1, PageSize: 50 },
    token: by.session,
  });
  expect(res.status, res.raw.body).toBe(200);
  return res.body.results;
};
const myInvitations = async (by: Person) => {
  const res = await callEndpoint(t, teamUsersApi.myInvitations, { token: by.session });
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
};
const myTeams = async (by: Person) => {
  const res = await callEndpoint(t, usersApi.myTeams, { token: by.session });
  return res.body.map((m) => m.id);
};
const tokenFromMail = (email: string) => {
  const link = t.mailer.link(email, '/invitation');
  return link.searchParams.get('token') ?? '';
};
const SOME_ID = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';

describe('inviting an existing account', () => {
  it('is not a membership: the invitee gets nothing from the team until accepting', async () => {
    const w = await team(t, 'Pending Co');
    const invitee = await person(t, { firstName: 'Irene', lastName: 'Invitee' });
    const res = await invite(w.id, w.admin, invitee.email.toUpperCase());
    expect(res.status, res.raw.body).toBe(200);
    // The team sees only the address it typed: no names, no account facts.
    // The row's id is the invitation's: the account's id is not the team's to know either.
    const [invitation] = await t.ctx.db
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.organizationId, w.id), eq(teamInvitations.userId, invitee.id)));
    expect(res.body).toEqual({
      id: invitation!.id,
      firstName: '',
      lastName: '',
      email: invitee.email,
      position: null,
      role: 'User',
      licenseType: 'Trial',
      userActivated: false,
      hasRoomscaleLogin: false,
      hasSsoLogin: false,
      hasOculusLogin: false,
      invitationPending: true,
      profileEditable: false,
    });
    const [m] = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, w.id), eq(memberships.userId, invitee.id)));
    expect(m).toBeUndefined();
    // Nor does the team's audit log name the account: the invitation and the typed address.
    const audit = await callEndpoint(t, auditApi.team, {
      params: { organizationId: w.id },
      query: { Page: 1, PageSize: 50 },
      token: w.admin.session,
    });
    expect(audit.status, audit.raw.body).toBe(200);
    expect(audit.raw.body).toContain(invitation!.id);
    expect(audit.raw.body).not.toContain(invitee.id);
    expect(audit.raw.body).not.toContain('Irene');

    // Every route of the team answers the pending invitee as an outsider: 404.
    const teamRoutes = t.app.routeAccess.filter(
      (r) => r.access === 'teamMember' || r.access === 'teamAdmin',
    );
    expect(teamRoutes.length).toBeGreaterThan(10);
    for (const route of teamRoutes) {
      const url = route.url.replace(':organizationId', w.id).replace(/:[A-Za-z]+/g, SOME_ID);
      const r = await call(t, route.method as 'GET', url, { token: invitee.session, body: {} });
      expect(r.statusCode, `${route.method} ${route.url}: ${r.body}`).toBe(404);
    }
    expect(await myTeams(invitee)).not.toContain(w.id);

    // Nor is the invitee a member for meetings: they cannot be made a moderator yet.
    const room = await addRoom(t, w.id, w.admin);
    expectProblem(
      await callEndpoint(t, meetingsApi.create, {
        params: { organizationId: w.id },
        token: w.admin.session,
        body: meetingBody(t, [room.id], [{ email: invitee.email, participantType: 'Moderator' }]),
      }),
      400,
      'participants',
      meetingMessages.moderatorMustBeUser,
    );
  });

  it('shows the pending invitee in the list by the typed address only; names do not find it', async () => {
    const w = await team(t);
    const invitee = await person(t, { firstName: 'Zelda', lastName: 'Secret' });
    expect((await invite(w.id, w.admin, invitee.email)).status).toBe(200);
    const page = await listOf(w.id, w.member);
    expect(page.entryCount).toBe(3);
    const whole = await callEndpoint(t, teamUsersApi.list, {
      params: { organizationId: w.id },
      query: { Filter: '', Page: 1, PageSize: 50 },
      token: w.member.session,
    });
    expect(whole.body).toMatchObject({ invitationsPending: 1 });
    const row = page.results.find((u) => u.email === invitee.email);
    expect(row).toMatchObject({ firstName: '', invitationPending: true });
    expect(JSON.stringify(page)).not.toContain('Zelda');
    expect(JSON.stringify(page)).not.toContain(invitee.id);
    expect((await listOf(w.id, w.admin, 'Zelda')).entryCount).toBe(0);
    expect((await listOf(w.id, w.admin, invitee.email.toUpperCase())).entryCount).toBe(1);
    // Inviting twice is refused; so is inviting a member.
    expectProblem(
      await invite(w.id, w.admin, invitee.email),
      400,
      'email',
      teamUserMessages.alreadyInvited,
    );
    expectProblem(
      await invite(w.id, w.admin, w.member.email),
      400,
      'email',
      teamUserMessages.alreadyMember,
    );
    // A pending row is not a member to edit.
    expectProblem(
      await callEndpoint(t, teamUsersApi.edit, {
        params: { organizationId: w.id, userId: invitee.id },
        token: w.admin.session,
        body: { role: 'Admin' },
      }),
      404,
    );
  });

  it('is answered from the emailed link only by the invited account, once', async () => {
    const w = await team(t, 'Linked team');
    const invitee = await person(t, { firstName: 'Lina' });
    const stranger = await person(t);
    expect((await invite(w.id, w.admin, invitee.email, { role: 'Admin' })).status).toBe(200);
    await expect.poll(() => t.mailer.to(invitee.email).length).toBe(1);
    const mail = t.mailer.to(invitee.email)[0]!;
    expect(mail.subject).toContain('Linked team');
    const token = tokenFromMail(invitee.email);
    expect(token.length).toBeGreaterThan(30);
    // Only the hash is stored.
    const [row] = await t.ctx.db
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.userId, invitee.id));
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const open = (by: Person, tk: string) =>
      callEndpoint(t, teamUsersApi.openInvitation, { token: by.session, body: { token: tk } });
    expectProblem(await callEndpoint(t, teamUsersApi.openInvitation, { body: { token } }), 401);
    const wrong = expectProblem(await open(stranger, token), 403);
    expect(wrong.detail).toBe(invitationMessages.otherAccount);
    expect(JSON.stringify(wrong)).not.toContain('Linked team');
    expect(expectProblem(await open(invitee, 'forged-token'), 404).detail).toBe(
      invitationMessages.notFound,
    );

    const opened = await open(invitee, token);
    expect(opened.status, opened.raw.body).toBe(200);
    const invitation = opened.body;
    expect(invitation).toMatchObject({
      organizationId: w.id,
      organizationName: 'Linked team',
      role: 'Admin',
      licenseType: 'Trial',
      invitedBy: 'Alice Admin',
    });
    // A stranger cannot answer it either.
    expectProblem(
      await callEndpoint(t, teamUsersApi.acceptInvitation, {
        params: { invitationId: invitation.id },
        token: stranger.session,
      }),
      404,
    );
    expect(await myTeams(stranger)).not.toContain(w.id);

    const accepted = await callEndpoint(t, teamUsersApi.acceptInvitation, {
      params: { invitationId: invitation.id },
      token: invitee.session,
    });
    expect(accepted.status, accepted.raw.body).toBe(200);
    expect(accepted.body).toMatchObject({ id: w.id, name: 'Linked team', role: 'Admin' });
    expect(await myTeams(invitee)).toContain(w.id);
    const members = await listOf(w.id, invitee);
    expect(members.results.find((u) => u.id === invitee.id)).toMatchObject({
      firstName: 'Lina',
      invitationPending: false,
      role: 'Admin',
    });
    // Single use: the link and the id are spent.
    expectProblem(await open(invitee, token), 404);
    expectProblem(
      await callEndpoint(t, teamUsersApi.declineInvitation, {
        params: { invitationId: invitation.id },
        token: invitee.session,
      }),
      404,
    );
  });

  it('lists my invitations; declining ends one, and the team no longer shows it', async () => {
    const a = await team(t, 'Alpha');
    const b = await team(t, 'Beta');
    const invitee = await person(t);
    await invite(a.id, a.admin, invitee.email);
    await invite(b.id, b.admin, invitee.email);
    const mine = await myInvitations(invitee);
    expect(mine.map((i) => i.organizationName)).toEqual(['Alpha', 'Beta']);
    expect(await myInvitations(a.member)).toEqual([]);

    const declined = await callEndpoint(t, teamUsersApi.declineInvitation, {
      params: { invitationId: mine[0]!.id },
      token: invitee.session,
    });
    expect(declined.status, declined.raw.body).toBe(204);
    expect((await myInvitations(invitee)).map((i) => i.organizationName)).toEqual(['Beta']);
    expect((await listOf(a.id, a.admin)).results.map((u) => u.email)).not.toContain(invitee.email);
    expect(await myTeams(invitee)).not.toContain(a.id);
    // Declined, the team may ask again.
    expect((await invite(a.id, a.admin, invitee.email)).status).toBe(200);
  });

  it('is withdrawn by removing the pending row; it expires after its time', async () => {
    const w = await team(t);
    const invitee = await person(t);
    await invite(w.id, w.admin, invitee.email);
    const [inv] = await myInvitations(invitee);
    const pendingRow = (await listOf(w.id, w.admin)).results.find((u) => u.invitationPending);
    // The account's own id names no row of the team.
    expectProblem(
      await callEndpoint(t, teamUsersApi.remove, {
        params: { organizationId: w.id, userId: invitee.id },
        token: w.admin.session,
      }),
      404,
    );
    const del = await callEndpoint(t, teamUsersApi.remove, {
      params: { organizationId: w.id, userId: pendingRow!.id },
      token: w.admin.session,
    });
    expect(del.status, del.raw.body).toBe(204);
    expect(await myInvitations(invitee)).toEqual([]);
    expectProblem(
      await callEndpoint(t, teamUsersApi.acceptInvitation, {
        params: { invitationId: inv!.id },
        token: invitee.session,
      }),
      404,
    );
    expect(await myTeams(invitee)).not.toContain(w.id);

    const later = await createUser(t);
    const admin2 = await person(t);
    const w2 = await team(t);
    expect((await invite(w2.id, w2.admin, later.email)).status).toBe(200);
    t.clock.advance(teamUserLimits.invitationSeconds + 60);
    const laterSession = { ...later, session: await signIn(t, later) };
    const adminSession = { ...w2.admin, session: await signIn(t, w2.admin) };
    expect(await myInvitations(laterSession)).toEqual([]);
    expect((await listOf(w2.id, adminSession)).results.map((u) => u.id)).not.toContain(later.id);
    // Expired, it may be sent again.
    expect((await invite(w2.id, adminSession, later.email)).status).toBe(200);
    expect(admin2.id).toBeDefined();
  });

  it('brings a removed member back only when they accept', async () => {
    const w = await team(t);
    const del = await callEndpoint(t, teamUsersApi.remove, {
      params: { organizationId: w.id, userId: w.member.id },
      token: w.admin.session,
    });
    expect(del.status).toBe(204);
    const res = await invite(w.id, w.admin, w.member.email);
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toMatchObject({ invitationPending: true });
    expectProblem(
      await callEndpoint(t, teamUsersApi.list, {
        params: { organizationId: w.id },
        query: { Filter: '', Page: 1, PageSize: 50 },
        token: w.member.session,
      }),
      404,
    );
    const [inv] = await myInvitations(w.member);
    await callEndpoint(t, teamUsersApi.acceptInvitation, {
      params: { invitationId: inv!.id },
      token: w.member.session,
    });
    expect(
      (
        await callEndpoint(t, teamUsersApi.list, {
          params: { organizationId: w.id },
          query: { Filter: '', Page: 1, PageSize: 50 },
          token: w.member.session,
        })
      ).status,
    ).toBe(200);
  });
});

describe('names and position belong to the account', () => {
  it("another team's admin cannot change an activated account's names", async () => {
    const home = await team(t, 'Home');
    const other = await team(t, 'Other');
    // The member of Home joins Other by accepting.
    await invite(other.id, other.admin, home.member.email);
    const [inv] = await myInvitations(home.member);
    await callEndpoint(t, teamUsersApi.acceptInvitation, {
      params: { invitationId: inv!.id },
      token: home.member.session,
    });
    const member = { organizationId: other.id, userId: home.member.id };
    const refused = expectProblem(
      await callEndpoint(t, teamUsersApi.edit, {
        params: member,
        token: other.admin.session,
        body: { firstName: 'Mallory', position: 'Hacked' },
      }),
      403,
    );
    expect(refused.detail).toBe(teamUserMessages.profileLocked);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, home.member.id));
    expect(row).toMatchObject({ firstName: 'Max', lastName: 'Member', position: null });
    // Nor can the home team's admin: the account was not created by an invitation.
    expectProblem(
      await callEndpoint(t, teamUsersApi.edit, {
        params: { organizationId: home.id, userId: home.member.id },
        token: home.admin.session,
        body: { lastName: 'Changed' },
      }),
      403,
    );
    // Membership fields stay the team's; unchanged names may ride along.
    const ok = await callEndpoint(t, teamUsersApi.edit, {
      params: member,
      token: other.admin.session,
      body: { firstName: 'Max', lastName: 'Member', position: null, role: 'Admin' },
    });
    expect(ok.status, ok.raw.body).toBe(200);
    expect(ok.body).toMatchObject({ role: 'Admin', firstName: 'Max' });
  });

  it('the inviting team edits an account it created until it is activated', async () => {
    const w = await team(t);
    const other = await team(t);
    const email = uniqueEmail('fresh');
    const added = await invite(w.id, w.admin, email, { firstName: 'Fresh', lastName: 'Person' });
    expect(added.status, added.raw.body).toBe(200);
    const created = added.body;
    expect(created).toMatchObject({
      firstName: 'Fresh',
      invitationPending: false,
      profileEditable: true,
    });
    const member = { organizationId: w.id, userId: created.id };
    const edit = await callEndpoint(t, teamUsersApi.edit, {
      params: member,
      token: w.admin.session,
      body: { firstName: 'Frieda', position: 'Designer' },
    });
    expect(edit.status, edit.raw.body).toBe(200);
    expect(edit.body).toMatchObject({ firstName: 'Frieda', position: 'Designer' });

    // Another team that invites the same (not yet activated) account may not.
    await invite(other.id, other.admin, email);
    expectProblem(
      await callEndpoint(t, teamUsersApi.edit, {
        params: { organizationId: other.id, userId: created.id },
        token: other.admin.session,
        body: { firstName: 'Other' },
      }),
      404,
    );

    // Activated, the profile is the owner's.
    const link = t.mailer.link(email, '/activate-account');
    const confirm = await callEndpoint(t, usersApi.confirm, {
      body: {
        userId: link.searchParams.get('user')!,
        token: link.searchParams.get('token')!,
        password: 'Fresh1234',
        confirmPassword: 'Fresh1234',
      },
    });
    expect(confirm.status, confirm.raw.body).toBeLessThan(300);
    expectProblem(
      await callEndpoint(t, teamUsersApi.edit, {
        params: member,
        token: w.admin.session,
        body: { firstName: 'Again' },
      }),
      403,
    );
    const row = (await listOf(w.id, w.admin)).results.find((u) => u.id === created.id);
    expect(row).toMatchObject({ firstName: 'Frieda', userActivated: true, profileEditable: false });
  });
});

describe('invitation limits', () => {
  it('refuses the 31st invitation of a team within an hour with a 429; new addresses count', async () => {
    const w = await team(t);
    const existing = await createUser(t);
    expect((await invite(w.id, w.admin, existing.email)).status).toBe(200);
    for (let i = 1; i < teamUserLimits.invitationsPerTeam; i++) {
      const res = await invite(w.id, w.admin, uniqueEmail('batch'));
      expect(res.status, res.raw.body).toBe(200);
    }
    // Another admin of the same team shares the team's allowance.
    const second = await person(t);
    await t.ctx.db
      .insert(memberships)
      .values({ organizationId: w.id, userId: second.id, role: 'Admin', licenseType: 'Trial' });
    const fresh = uniqueEmail('one-too-many');
    const limited = await invite(w.id, second, fresh);
    const body = expectProblem(limited, 429);
    expect(body.detail).toBe(teamUserMessages.invitationRateLimited);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(teamUserLimits.invitationWindowSeconds);
    // Nothing was created or sent for the refused one.
    expect(await t.ctx.db.select().from(users).where(eq(users.email, fresh))).toEqual([]);
    expect(t.mailer.to(fresh)).toEqual([]);
    // An existing account is refused the same way.
    expectProblem(await invite(w.id, w.admin, (await createUser(t)).email), 429);

    t.clock.advance(retryAfter + 1);
    const again = await invite(w.id, { ...second, session: await signIn(t, second) }, fresh);
    expect(again.status, again.raw.body).toBe(200);
  });

  it('limits one admin across all their teams', async () => {
    const admin = await person(t);
    const teams: string[] = [];
    for (let i = 0; i < 2; i++) {
      const w = await team(t);
      await t.ctx.db
        .insert(memberships)
        .values({ organizationId: w.id, userId: admin.id, role: 'Admin', licenseType: 'Trial' });
      teams.push(w.id);
    }
    for (let i = 0; i < teamUserLimits.invitationsPerAdmin; i++) {
      const res = await invite(teams[i % 2]!, admin, uniqueEmail('spread'));
      expect(res.status, res.raw.body).toBe(200);
    }
    expectProblem(await invite(teams[0]!, admin, uniqueEmail('spread')), 429);
    expectProblem(await invite(teams[1]!, admin, uniqueEmail('spread')), 429);
  });
});

describe('moderators and participants by email', () => {
  it('answers the same for an unknown address and a registered non-member', async () => {
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    const registered = await createUser(t, { firstName: 'Regina', lastName: 'Registered' });
    const unknown = uniqueEmail('nobody');
    const put = (email: string, participantType: 'Moderator' | 'Participant') =>
      callEndpoint(t, meetingsApi.create, {
        params: { organizationId: w.id },
        token: w.member.session,
        body: meetingBody(t, [room.id], [{ email, participantType }]),
      });
    const strip = (b: Record<string, unknown>) => ({ ...b, instance: undefined });

    const asRegistered = await put(registered.email, 'Moderator');
    const asUnknown = await put(unknown, 'Moderator');
    expect(asRegistered.status).toBe(400);
    expect(strip(asRegistered.problem)).toEqual(strip(asUnknown.problem));
    expect(asRegistered.raw.body).not.toContain('Regina');

    // As plain participants both are guests: an address, no names, no user id.
    const p1 = await put(registered.email, 'Participant');
    const p2 = await put(unknown, 'Participant');
    expect(p1.status, p1.raw.body).toBe(200);
    expect(p2.status, p2.raw.body).toBe(200);
    const people = (r: typeof p1) => {
      const m = r.body;
      return [m.moderatorParticipant, m.userParticipant, m.guestParticipant].map((l) => l!.length);
    };
    expect(people(p1)).toEqual(people(p2));
    expect(p1.body.guestParticipant[0]).toEqual({
      firstName: null,
      lastName: null,
      userId: null,
      email: registered.email,
      participantType: 'Participant',
      imageUpdated: null,
    });
    expect(p1.raw.body).not.toContain('Regina');

    // A user id outside the team is refused like an unknown one.
    const byId = await callEndpoint(t, meetingsApi.create, {
      params: { organizationId: w.id },
      token: w.member.session,
      body: meetingBody(t, [room.id], [{ email: registered.email, userId: registered.id }]),
    });
    const byUnknownId = await callEndpoint(t, meetingsApi.create, {
      params: { organizationId: w.id },
      token: w.member.session,
      body: meetingBody(t, [room.id], [{ email: unknown, userId: SOME_ID }]),
    });
    expect(byId.status).toBe(400);
    expect(strip(byId.problem)).toEqual(strip(byUnknownId.problem));
    expect(byId.problem.detail).toBe(meetingMessages.unknownUser);
  });
});

import { teamUserMessages } from '@roomscale/shared';
import { licensesApi, teamUsersApi, usersApi } from '@roomscale/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, memberships, users } from '../../db/schema.ts';
import { JobRunner } from '../../platform/jobs/runner.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { expectProblem, signIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addMember, type Person, person, team } from '../../test/workspace.ts';
import { LICENSES_RECONCILE, licenseReconcileHandler } from './reconcile.ts';

let t: TestApp;
let root: Person;
beforeAll(async () => {
  t = await createTestApp();
  root = await person(t, { superAdmin: true, firstName: 'Sue', lastName: 'Root' });
});
afterAll(() => t.close());

const hour = 3600_000;
const at = (msFromNow: number) => new Date(t.clock.now().getTime() + msFromNow).toISOString();
const licenseBody = (organizationId: string, over: Record<string, unknown> = {}) => ({
  organizationId,
  description: 'Pilot',
  start: at(-hour),
  end: at(7 * 24 * hour),
  userAmount: 2,
  sendEmailNow: false,
  ...over,
});

async function award(organizationId: string, over: Record<string, unknown> = {}) {
  const res = await callEndpoint(t, licensesApi.create, {
    token: root.session,
    body: licenseBody(organizationId, over),
  });
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
}

const counters = async (w: { id: string; admin: Person }) => {
  const res = await callEndpoint(t, teamUsersApi.list, {
    params: { organizationId: w.id },
    query: { Page: 1, PageSize: 25 },
    token: w.admin.session,
  });
  expect(res.status, res.raw.body).toBe(200);
  const body = res.body;
  return { licenseCount: body.licenseCount, licensesInUse: body.licensesInUse };
};

const giveLicense = (w: { id: string; admin: Person }, userId: string) =>
  callEndpoint(t, teamUsersApi.edit, {
    params: { organizationId: w.id, userId },
    token: w.admin.session,
    body: { licenseType: 'License' },
  });

async function licenseOf(teamId: string, userId: string) {
  const [row] = await t.ctx.db
    .select({ licenseType: memberships.licenseType })
    .from(memberships)
    .where(and(eq(memberships.organizationId, teamId), eq(memberships.userId, userId)));
  return row?.licenseType;
}

/** Moves the clock; access tokens live 15 minutes, so the people sign in again. */
async function later(seconds: number, ...people: Person[]) {
  t.clock.advance(seconds);
  for (const p of [root, ...people]) p.session = await signIn(t, p);
}

const runJobs = () =>
  new JobRunner(t.ctx.db, t.clock, t.ctx.log, {
    [LICENSES_RECONCILE]: licenseReconcileHandler(t.ctx),
    // Mails queued by these changes are sent after commit; their rows are not ours to run.
    'mail.send': async () => {},
  }).drain();

/** A team with an admin and three members on Trial. */
async function teamOfFour() {
  const w = await team(t, 'Licensed team');
  const more = [await person(t, { firstName: 'Bea' }), await person(t, { firstName: 'Cy' })];
  for (const p of more) await addMember(t, w.id, p.id, 'User');
  return { ...w, others: more };
}

describe('the manual license calls', () => {
  it('are for super admins only', async () => {
    const w = await team(t);
    const body = licenseBody(w.id);
    expectProblem(await callEndpoint(t, licensesApi.create, { body }), 401);
    expectProblem(await callEndpoint(t, licensesApi.create, { body, token: w.admin.session }), 403);
    const { licenseId } = await award(w.id);
    const license = { licenseId };
    expectProblem(
      await callEndpoint(t, licensesApi.edit, { params: license, body, token: w.admin.session }),
      403,
    );
    expectProblem(
      await callEndpoint(t, licensesApi.remove, {
        params: license,
        query: { sendEmailNow: 'false' },
        token: w.admin.session,
      }),
      403,
    );
  });

  it('check every field', async () => {
    const w = await team(t);
    const put = (over: Record<string, unknown>) =>
      callEndpoint(t, licensesApi.create, {
        token: root.session,
        body: licenseBody(w.id, over),
      });
    expectProblem(await put({ description: '  ' }), 400, 'description');
    expectProblem(await put({ userAmount: 0 }), 400, 'userAmount');
    expectProblem(await put({ userAmount: 1.5 }), 400, 'userAmount');
    expectProblem(await put({ start: 'tomorrow' }), 400, 'start');
    const start = at(hour);
    expectProblem(await put({ start, end: start }), 400, 'end');
    expectProblem(await put({ start: at(2 * hour), end: at(hour) }), 400, 'end');
    expectProblem(await put({ organizationId: '00000000-0000-4000-8000-000000000000' }), 404);

    const { licenseId } = await award(w.id);
    const license = { licenseId };
    expectProblem(
      await callUnchecked(t, licensesApi.remove, { params: license, token: root.session }),
      400,
      'sendEmailNow',
    );
    expectProblem(
      await callEndpoint(t, licensesApi.edit, {
        params: license,
        token: root.session,
        body: { ...licenseBody(w.id), userAmount: -1 },
      }),
      400,
      'userAmount',
    );
    const unknown = { licenseId: '00000000-0000-4000-8000-000000000000' };
    expectProblem(
      await callEndpoint(t, licensesApi.edit, {
        params: unknown,
        token: root.session,
        body: licenseBody(w.id),
      }),
      404,
    );
    expectProblem(
      await callEndpoint(t, licensesApi.remove, {
        params: unknown,
        query: { sendEmailNow: 'false' },
        token: root.session,
      }),
      404,
    );
  });
});

describe('license accounting', () => {
  it('counts a license while it is active, and only then lets admins give Licenses', async () => {
    const w = await teamOfFour();
    const { isActive, createdByName } = await award(w.id, { start: at(hour), end: at(3 * hour) });
    expect(isActive).toBe(false);
    expect(createdByName).toBe('Sue Root');
    expect(await counters(w)).toEqual({ licenseCount: 0, licensesInUse: 0 });
    expectProblem(
      await giveLicense(w, w.member.id),
      400,
      'licenseType',
      teamUserMessages.noFreeLicense,
    );

    await later(3600, w.admin);
    expect(await counters(w)).toEqual({ licenseCount: 2, licensesInUse: 0 });
    expect((await giveLicense(w, w.member.id)).status).toBe(200);
    expect((await giveLicense(w, w.others[0]!.id)).status).toBe(200);
    expect(await counters(w)).toEqual({ licenseCount: 2, licensesInUse: 2 });
    expectProblem(
      await giveLicense(w, w.others[1]!.id),
      400,
      'licenseType',
      teamUserMessages.noFreeLicense,
    );
  });

  it('returns the Licenses given last to Trial when the license ends, by a job, and tells the admins', async () => {
    const w = await teamOfFour();
    await award(w.id, { start: at(-hour), end: at(2 * hour), userAmount: 3 });
    // Two licenses that stay: one license of two users ends, one of one user remains.
    await award(w.id, { start: at(-hour), end: at(48 * hour), userAmount: 1 });
    for (const userId of [w.member.id, w.others[0]!.id, w.others[1]!.id]) {
      expect((await giveLicense(w, userId)).status).toBe(200);
      t.clock.advance(1); // a distinct moment for each License
    }
    expect(await counters(w)).toEqual({ licenseCount: 4, licensesInUse: 3 });

    await later(2 * 3600, w.admin);
    expect(await runJobs()).toBeGreaterThan(0);
    // Cy and Bea got theirs last: back on Trial; Max keeps the one license left.
    expect(await licenseOf(w.id, w.others[1]!.id)).toBe('Trial');
    expect(await licenseOf(w.id, w.others[0]!.id)).toBe('Trial');
    expect(await licenseOf(w.id, w.member.id)).toBe('License');
    expect(await counters(w)).toEqual({ licenseCount: 1, licensesInUse: 1 });

    await expect.poll(() => t.mailer.to(w.admin.email).length).toBe(1);
    const mail = t.mailer.to(w.admin.email)[0]!;
    expect(mail.subject).toBe('Members of Licensed team are back on Trial');
    expect(mail.text).toContain(w.others[0]!.email);
    expect(mail.text).toContain(w.others[1]!.email);
    expect(mail.text).not.toContain(w.member.email);

    const entries = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, w.id), eq(auditLog.action, 'license.returnToTrial')));
    expect(entries.map((e) => e.targetUserId).sort()).toEqual(
      [w.others[0]!.id, w.others[1]!.id].sort(),
    );
    expect(entries.every((e) => e.actorId === null)).toBe(true);

    // Running it again changes nothing.
    await runJobs();
    expect(await licenseOf(w.id, w.member.id)).toBe('License');
  });

  it('returns Licenses at once when a license is edited down or deleted', async () => {
    const w = await teamOfFour();
    const { licenseId } = await award(w.id, { userAmount: 3 });
    for (const userId of [w.member.id, w.others[0]!.id, w.others[1]!.id]) {
      expect((await giveLicense(w, userId)).status).toBe(200);
      t.clock.advance(1);
    }
    const license = { licenseId };
    const edited = await callEndpoint(t, licensesApi.edit, {
      params: license,
      token: root.session,
      body: licenseBody(w.id, { userAmount: 2, start: at(-2 * hour) }),
    });
    expect(edited.status, edited.raw.body).toBe(200);
    expect(await licenseOf(w.id, w.others[1]!.id)).toBe('Trial');
    expect(await counters(w)).toEqual({ licenseCount: 2, licensesInUse: 2 });

    expect(
      (
        await callEndpoint(t, licensesApi.remove, {
          params: license,
          query: { sendEmailNow: 'true' },
          token: root.session,
        })
      ).status,
    ).toBe(204);
    expect(await counters(w)).toEqual({ licenseCount: 0, licensesInUse: 0 });
    expect(await licenseOf(w.id, w.member.id)).toBe('Trial');
    await expect
      .poll(() => t.mailer.to(w.admin.email).map((m) => m.subject))
      .toEqual([
        'Members of Licensed team are back on Trial',
        'Members of Licensed team are back on Trial',
        'A Roomscale license of Licensed team has been removed',
      ]);
  });

  it("mails the team's admins with 'Send email' only when the license is current", async () => {
    const w = await team(t, 'Mail team');
    await award(w.id, { sendEmailNow: true, start: at(hour), end: at(2 * hour) });
    await award(w.id, { sendEmailNow: false });
    await award(w.id, { sendEmailNow: true, userAmount: 5 });
    await expect.poll(() => t.mailer.to(w.admin.email).length).toBe(1);
    const mail = t.mailer.to(w.admin.email)[0]!;
    expect(mail.subject).toBe('Your Roomscale licenses for Mail team are available');
    expect(mail.text).toContain('5 users');
    expect(mail.text).toContain('http://roomscale.test/team/users');
    expect(t.mailer.to(w.member.email)).toEqual([]);
  });

  it('records who changed which license, before and after', async () => {
    const w = await team(t);
    const { licenseId } = await award(w.id, { userAmount: 2 });
    await callEndpoint(t, licensesApi.edit, {
      params: { licenseId },
      token: root.session,
      body: licenseBody(w.id, { userAmount: 4, description: 'Pilot' }),
      ip: '10.9.8.7',
    });
    const [edit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, licenseId), eq(auditLog.action, 'license.edit')));
    expect(edit).toMatchObject({
      actorId: root.id,
      actorName: 'Sue Root',
      actorEmail: root.email,
      organizationId: w.id,
      organizationName: 'Team',
      ip: '10.9.8.7',
    });
    expect(edit!.before).toMatchObject({ userAmount: 2 });
    expect(edit!.after).toMatchObject({ userAmount: 4 });
    expect(edit!.after).not.toHaveProperty('description');
  });

  it("a user's own manual license shows as License in every team, without using the team's", async () => {
    const w = await team(t, 'Trial team');
    await t.ctx.db
      .update(users)
      .set({ hasManualUserSubscription: true })
      .where(eq(users.id, w.member.id));
    const mine = await callEndpoint(t, usersApi.myTeams, { token: w.member.session });
    expect(mine.status, mine.raw.body).toBe(200);
    expect(mine.body[0]).toMatchObject({
      id: w.id,
      licenseType: 'License',
    });
    const me = await callEndpoint(t, usersApi.me, { token: w.member.session });
    expect(me.body.organizations[0]!.licenseType).toBe('License');
    // The team still sees a Trial member and holds no license in use.
    expect(await licenseOf(w.id, w.member.id)).toBe('Trial');
    expect(await counters(w)).toEqual({ licenseCount: 0, licensesInUse: 0 });
    const adminView = await callEndpoint(t, usersApi.myTeams, {
      token: w.admin.session,
    });
    expect(adminView.body[0]!.licenseType).toBe('Trial');
  });
});

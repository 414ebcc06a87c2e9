import { adminMessages, type LicenseType, type Role, serverMessages } from '@roomscale/shared';
import { adminApi, organizationsApi } from '@roomscale/shared/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualLicenses, memberships } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { createUser, expectProblem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addMember, type Person, person, team } from '../../test/workspace.ts';
import { auditOf, expectOk, expectSuperAdminOnly, UNKNOWN_ID } from './testing.ts';

let t: TestApp;
let root: Person;
beforeAll(async () => {
  t = await createTestApp();
  root = await person(t, { superAdmin: true, firstName: 'Root', lastName: 'Admin' });
});
afterAll(() => t.close());

const hour = 3600_000;
const set = (teamId: string, userId: string, role: Role, licenseType: LicenseType) =>
  callEndpoint(t, adminApi.editMembership, {
    params: { organizationId: teamId, userId },
    body: { role, licenseType },
    token: root.session,
  });
/** A role or license type the contract does not have: the app refuses it too. */
const setUnknown = (teamId: string, userId: string, role: string, licenseType: string) =>
  callUnchecked(t, adminApi.editMembership, {
    params: { organizationId: teamId, userId },
    body: { role, licenseType },
    token: root.session,
  });
const teamOf = (organizationId: string) =>
  callEndpoint(t, organizationsApi.get, { params: { organizationId }, token: root.session });
const membershipOf = async (teamId: string, userId: string) =>
  (
    await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, teamId), eq(memberships.userId, userId)))
  )[0];

async function giveLicenses(organizationId: string, userAmount: number) {
  const now = t.clock.now().getTime();
  await t.ctx.db.insert(manualLicenses).values({
    organizationId,
    description: 'Pilot',
    userAmount,
    startsAt: new Date(now - hour),
    endsAt: new Date(now + 24 * hour),
  });
}

describe('PATCH /api/Admin/Organizations/{organizationId}/Users/{userId}', () => {
  it('follows the ladder', async () => {
    const w = await team(t);
    const u = await createUser(t);
    await expectSuperAdminOnly(
      t,
      adminApi.editMembership,
      {
        params: { organizationId: w.id, userId: u.id },
        body: { role: 'User', licenseType: 'Trial' },
      },
      w.admin,
    );
    expectProblem(await setUnknown(w.id, u.id, 'Owner', 'Trial'), 400, 'role');
    expectProblem(await setUnknown(w.id, u.id, 'User', 'Gold'), 400, 'licenseType');
    // None goes with None only.
    expectProblem(
      await set(w.id, u.id, 'None', 'Trial'),
      400,
      'licenseType',
      adminMessages.noneTogether,
    );
    expectProblem(
      await set(w.id, u.id, 'User', 'None'),
      400,
      'licenseType',
      adminMessages.noneTogether,
    );
    expectProblem(await set(UNKNOWN_ID, u.id, 'User', 'Trial'), 404);
    expectProblem(await set(w.id, UNKNOWN_ID, 'User', 'Trial'), 404);
    expect(await membershipOf(w.id, u.id)).toBeUndefined();
  });

  it('adds a user, changes their role and license, and removes them, recording each', async () => {
    const w = await team(t);
    const u = await createUser(t, { firstName: 'Nina', lastName: 'New' });
    const added = await set(w.id, u.id, 'User', 'Trial');
    expectOk(added);
    expect(added.body).toMatchObject({
      id: u.id,
      role: 'User',
      licenseType: 'Trial',
      superAdmin: false,
    });

    expectOk(await set(w.id, u.id, 'Admin', 'Trial'));
    expect(await membershipOf(w.id, u.id)).toMatchObject({ role: 'Admin', licenseType: 'Trial' });

    expectOk(await set(w.id, u.id, 'None', 'None'));
    expect(await membershipOf(w.id, u.id)).toMatchObject({
      role: 'None',
      licenseType: 'None',
      licenseAssignedAt: null,
    });
    // Added again: the same row comes back to life.
    expectOk(await set(w.id, u.id, 'User', 'Trial'));
    const rows = await t.ctx.db.select().from(memberships).where(eq(memberships.userId, u.id));
    expect(rows).toHaveLength(1);

    const actions = ['membership.add', 'membership.edit', 'membership.remove'];
    for (const action of actions) {
      const [record] = await auditOf(t, action, u.id);
      expect(record, action).toMatchObject({
        actorId: root.id,
        organizationId: w.id,
        targetUserId: u.id,
        targetName: 'Nina New',
      });
    }
    expect((await auditOf(t, 'membership.add', u.id)).length).toBe(2);
    const [edit] = await auditOf(t, 'membership.edit', u.id);
    expect(edit).toMatchObject({ before: { role: 'User' }, after: { role: 'Admin' } });
  });

  it('lets a super admin join and leave a team', async () => {
    const w = await team(t);
    const joined = await set(w.id, root.id, 'Admin', 'Trial');
    expectOk(joined);
    expect(joined.body).toMatchObject({ role: 'Admin', superAdmin: true });
    expectOk(await teamOf(w.id));
    expectOk(await set(w.id, root.id, 'None', 'None'));
    expectProblem(await teamOf(w.id), 404);
  });

  it('gives a License only while one is free', async () => {
    const w = await team(t);
    const u = await createUser(t);
    expectProblem(
      await set(w.id, w.member.id, 'User', 'License'),
      400,
      'licenseType',
      serverMessages.licenseLimitReached,
    );
    await giveLicenses(w.id, 1);
    const now = t.clock.now().getTime();
    expectOk(await set(w.id, w.member.id, 'User', 'License'));
    const given = await membershipOf(w.id, w.member.id);
    expect(given?.licenseAssignedAt?.getTime()).toBeGreaterThanOrEqual(now - 1000);
    // A role change keeps the License and when it was given.
    expectOk(await set(w.id, w.member.id, 'Admin', 'License'));
    expect((await membershipOf(w.id, w.member.id))?.licenseAssignedAt).toEqual(
      given?.licenseAssignedAt,
    );
    // None left for a new member.
    expectProblem(
      await set(w.id, u.id, 'User', 'License'),
      400,
      'licenseType',
      'License limit reached.',
    );
    expect(await membershipOf(w.id, u.id)).toBeUndefined();
    // Back to Trial frees it.
    expectOk(await set(w.id, w.member.id, 'Admin', 'Trial'));
    expect((await membershipOf(w.id, w.member.id))?.licenseAssignedAt).toBeNull();
    expectOk(await set(w.id, u.id, 'User', 'License'));
  });

  it('keeps the last admin of a team with members', async () => {
    const w = await team(t);
    expectProblem(
      await set(w.id, w.admin.id, 'User', 'Trial'),
      400,
      'role',
      adminMessages.lastAdmin,
    );
    expectProblem(
      await set(w.id, w.admin.id, 'None', 'None'),
      400,
      'role',
      adminMessages.lastAdmin,
    );
    expect(await membershipOf(w.id, w.admin.id)).toMatchObject({ role: 'Admin' });
    // With another admin, either may step down.
    expectOk(await set(w.id, w.member.id, 'Admin', 'Trial'));
    expectOk(await set(w.id, w.admin.id, 'None', 'None'));
    // The last member of a team may leave it, admin or not.
    expectOk(await set(w.id, w.member.id, 'None', 'None'));
  });

  it('allows members in a team a super admin created without an admin', async () => {
    const created = await callEndpoint(t, adminApi.createOrganization, {
      body: { name: 'Empty' },
      token: root.session,
    });
    expectOk(created);
    const { id } = created.body;
    const u = await createUser(t);
    const v = await createUser(t);
    expectOk(await set(id, u.id, 'User', 'Trial'));
    expectOk(await set(id, v.id, 'User', 'Trial'));
    expectOk(await set(id, v.id, 'None', 'None'));
  });

  it('answers a removal of a non-member without creating a row', async () => {
    const w = await team(t);
    const u = await createUser(t);
    const res = await set(w.id, u.id, 'None', 'None');
    expectOk(res);
    expect(res.body).toMatchObject({ role: 'None', licenseType: 'None' });
    expect(await membershipOf(w.id, u.id)).toBeUndefined();
    expect(await auditOf(t, 'membership.remove', u.id)).toEqual([]);
  });

  it('serializes two License grants for the last free license', async () => {
    const w = await team(t);
    await giveLicenses(w.id, 1);
    const a = await createUser(t);
    const b = await createUser(t);
    await addMember(t, w.id, a.id, 'User');
    const [ra, rb] = await Promise.all([
      set(w.id, a.id, 'User', 'License'),
      set(w.id, b.id, 'User', 'License'),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 400]);
    const holders = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, w.id), eq(memberships.licenseType, 'License')));
    expect(holders).toHaveLength(1);
  });
});

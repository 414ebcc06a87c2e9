import {
  type AdminOrganizationEdit,
  adminLimits,
  adminMessages,
  serverMessages,
} from '@roomscale/shared';
import { adminApi, type CallInput } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileItems, manualLicenses, memberships, organizations, rooms } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { createUser, expectProblem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addMember, addRoom, type Person, person, team } from '../../test/workspace.ts';
import { providerCustomer } from '../billing/testing.ts';
import {
  addFile,
  addFolder,
  addUncountedRooms,
  auditOf,
  expectOk,
  expectSuperAdminOnly,
  runPurgeJobs,
  stored,
  storeObject,
  UNKNOWN_ID,
} from './testing.ts';

let t: TestApp;
let root: Person;
let teamAdmin: Person;
beforeAll(async () => {
  t = await createTestApp();
  root = await person(t, { superAdmin: true, firstName: 'Root', lastName: 'Admin' });
  teamAdmin = (await team(t)).admin;
  editBody.customerId = await providerCustomer(t);
});
afterAll(() => t.close());

const hour = 3600_000;
const editBody: AdminOrganizationEdit = {
  name: 'Renamed',
  companyName: 'Acme Ltd',
  industry: 'Technology',
  selfManaged: false,
  customerId: '',
};
/** Any name, a missing or too short one included: the app checks it. */
const createTeamCall = (name: unknown) =>
  callUnchecked(t, adminApi.createOrganization, { body: { name }, token: root.session });

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

describe('GET /api/Admin/Organizations', () => {
  const list = async (query: CallInput<typeof adminApi.listOrganizations>['query']) => {
    const res = await callEndpoint(t, adminApi.listOrganizations, { query, token: root.session });
    expectOk(res);
    return res.body;
  };

  it('is for super admins, with page and size required', async () => {
    await expectSuperAdminOnly(
      t,
      adminApi.listOrganizations,
      { query: { Page: 1, PageSize: 20 } },
      teamAdmin,
    );
    expectProblem(
      await callUnchecked(t, adminApi.listOrganizations, {
        query: { Page: 'x', PageSize: 20 },
        token: root.session,
      }),
      400,
      'Page',
    );
  });

  it('finds name and company name ignoring case, by name, and pages', async () => {
    const tag = `tq${Date.now().toString(36)}`;
    const b = await team(t, `Beta ${tag}`);
    const a = await team(t, `alpha ${tag}`);
    const byCompany = await team(t, 'Gamma');
    await t.ctx.db
      .update(organizations)
      .set({ companyName: `${tag.toUpperCase()} Inc` })
      .where(eq(organizations.id, byCompany.id));
    const found = await list({ Filter: tag.toUpperCase(), Page: 1, PageSize: 20 });
    expect(found.results.map((r) => r.id)).toEqual([a.id, b.id, byCompany.id]);
    expect(found.filter).toBe(tag.toUpperCase());
    const second = await list({ Filter: tag, Page: 2, PageSize: 2 });
    expect(second.entryCount).toBe(3);
    expect(second.results.map((r) => r.id)).toEqual([byCompany.id]);
  });

  it('counts active members, licenses, files (not folders) and rooms (not meeting rooms)', async () => {
    const tag = `cq${Date.now().toString(36)}`;
    const w = await team(t, `Counted ${tag}`);
    const gone = await createUser(t);
    await addMember(t, w.id, gone.id, 'None');
    await giveLicenses(w.id, 3);
    await addFile(t, w.id, w.admin.id, 'Organization');
    await addFile(t, w.id, w.member.id, 'User');
    await addFolder(t, w.id, w.admin.id, 'Organization');
    await addRoom(t, w.id, w.admin);
    // Not counted: the team's own template, and a meeting's temporary room.
    await addUncountedRooms(t, w.id, tag);
    const [row] = (await list({ Filter: tag, Page: 1, PageSize: 20 })).results;
    expect(row).toMatchObject({ usersCount: 2, licenseCount: 3, filesCount: 2, roomsCount: 1 });
  });
});

describe('PUT /api/Admin/Organizations', () => {
  it('is for super admins, and needs a name of 2+ characters', async () => {
    await expectSuperAdminOnly(
      t,
      adminApi.createOrganization,
      { body: { name: 'New' } },
      teamAdmin,
    );
    expectProblem(await createTeamCall('N'), 400, 'name');
    expectProblem(await createTeamCall(undefined), 400, 'name');
  });

  it('creates a team without members, and records it', async () => {
    const res = await createTeamCall('  Fresh team ');
    expectOk(res);
    const { organizationId, id } = res.body;
    expect(id).toBe(organizationId);
    const [row] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, id));
    expect(row).toMatchObject({ name: 'Fresh team', createdBy: root.id });
    expect(
      await t.ctx.db.select().from(memberships).where(eq(memberships.organizationId, id)),
    ).toEqual([]);
    const [record] = await auditOf(t, 'team.create', id);
    expect(record).toMatchObject({ actorId: root.id, organizationName: 'Fresh team' });
  });
});

describe('GET /api/Admin/Organizations/{organizationId}', () => {
  const getTeam = (organizationId: string) =>
    callEndpoint(t, adminApi.getOrganization, { params: { organizationId }, token: root.session });

  it('follows the ladder', async () => {
    const w = await team(t);
    await expectSuperAdminOnly(
      t,
      adminApi.getOrganization,
      { params: { organizationId: w.id } },
      w.admin,
    );
    expectProblem(await getTeam('x'), 400, 'organizationId');
    expectProblem(await getTeam(UNKNOWN_ID), 404);
  });

  it('shows members by name with the super admin badge, licenses and the payment customer', async () => {
    const w = await team(t, 'Detailed');
    await addMember(t, w.id, root.id, 'Admin');
    const removed = await createUser(t);
    await addMember(t, w.id, removed.id, 'None');
    await giveLicenses(w.id, 4);
    await t.ctx.db
      .update(organizations)
      .set({ paymentCustomerId: 'cus_detail', samlLoginProviderId: 'saml-detail' })
      .where(eq(organizations.id, w.id));
    const res = await getTeam(w.id);
    expectOk(res);
    const body = res.body;
    expect(body).toMatchObject({
      name: 'Detailed',
      usersCount: 3,
      licenseCount: 4,
      manualLicenseCount: 4,
      licensesInUse: 0,
      hasSamlSso: true,
      stripeDetails: { customerId: 'cus_detail' },
      createdBy: w.admin.id,
      createdByName: 'Alice Admin',
      licenses: [{ userAmount: 4, isActive: true }],
    });
    // Alice Admin, Max Member, Root Admin: by first name.
    expect(body.users.map((u) => [u.id, u.superAdmin])).toEqual([
      [w.admin.id, false],
      [w.member.id, false],
      [root.id, true],
    ]);
    expect(adminLimits.teamUsersShown).toBeGreaterThan(3);
  });
});

describe('PATCH /api/Admin/Organizations/{organizationId}', () => {
  const edit = (id: string, body: AdminOrganizationEdit) =>
    callEndpoint(t, adminApi.editOrganization, {
      params: { organizationId: id },
      body,
      token: root.session,
    });

  it('follows the ladder', async () => {
    const w = await team(t);
    await expectSuperAdminOnly(
      t,
      adminApi.editOrganization,
      { params: { organizationId: w.id }, body: editBody },
      w.admin,
    );
    expectProblem(await edit(w.id, { ...editBody, name: 'R' }), 400, 'name');
    expectProblem(await edit(w.id, { ...editBody, companyName: '' }), 400, 'companyName');
    expectProblem(
      await callUnchecked(t, adminApi.editOrganization, {
        params: { organizationId: w.id },
        body: { ...editBody, selfManaged: undefined },
        token: root.session,
      }),
      400,
      'selfManaged',
    );
    expectProblem(await edit(UNKNOWN_ID, editBody), 404);
  });

  it('saves details, self managed and the payment customer, and records the change', async () => {
    const w = await team(t, 'Before');
    const customerId = await providerCustomer(t, 'Before');
    const res = await edit(w.id, { ...editBody, customerId });
    expectOk(res);
    expect(res.body).toEqual({
      organizationId: w.id,
      name: 'Renamed',
      companyName: 'Acme Ltd',
      industry: 'Technology',
      selfManaged: false,
      customerId,
    });
    const [row] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, w.id));
    expect(row).toMatchObject({
      lastModifiedBy: root.id,
      paymentCustomerId: customerId,
    });
    const [record] = await auditOf(t, 'team.edit', w.id);
    expect(record?.before).toMatchObject({
      name: 'Before',
      selfManaged: true,
      paymentCustomerId: null,
    });
    // An empty customer id detaches the customer.
    expectOk(await edit(w.id, { ...editBody, customerId: '' }));
    const [cleared] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, w.id));
    expect(cleared?.paymentCustomerId).toBeNull();
  });

  it('refuses a payment customer another team has', async () => {
    const a = await team(t);
    const b = await team(t);
    const shared = await providerCustomer(t, 'Shared');
    expectOk(await edit(a.id, { ...editBody, customerId: shared }));
    expectProblem(
      await edit(b.id, { ...editBody, customerId: shared }),
      400,
      'customerId',
      adminMessages.customerInUse,
    );
  });

  it('refuses a customer id the payment provider does not know', async () => {
    const w = await team(t);
    expectProblem(
      await edit(w.id, { ...editBody, customerId: 'cus_NffrFeUfNV2Hib' }),
      400,
      'customerId',
      serverMessages.customerIdMissing,
    );
    const [row] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, w.id));
    expect(row?.paymentCustomerId).toBeNull();
  });
});

describe('DELETE /api/Admin/Organizations/{organizationId}', () => {
  const remove = (id: string) =>
    callEndpoint(t, adminApi.deleteOrganization, {
      params: { organizationId: id },
      token: root.session,
    });

  it('follows the ladder', async () => {
    const w = await team(t);
    await expectSuperAdminOnly(
      t,
      adminApi.deleteOrganization,
      { params: { organizationId: w.id } },
      w.admin,
    );
    expectProblem(await remove('x'), 400, 'organizationId');
    expectProblem(await remove(UNKNOWN_ID), 404);
    expect(
      await t.ctx.db.select().from(organizations).where(eq(organizations.id, w.id)),
    ).toHaveLength(1);
  });

  it('deletes the team with its members, files and rooms, then purges its objects', async () => {
    const w = await team(t, 'Doomed');
    const other = await team(t, 'Stays');
    const file = await addFile(t, w.id, w.admin.id, 'Organization');
    const personal = await addFile(t, w.id, w.member.id, 'User');
    const unreferenced = await storeObject(t, w.id);
    const otherFile = await addFile(t, other.id, other.admin.id, 'Organization');
    await addRoom(t, w.id, w.admin);

    expectOk(await remove(w.id), 204);
    expect(await t.ctx.db.select().from(organizations).where(eq(organizations.id, w.id))).toEqual(
      [],
    );
    expect(
      await t.ctx.db.select().from(memberships).where(eq(memberships.organizationId, w.id)),
    ).toEqual([]);
    expect(
      await t.ctx.db.select().from(fileItems).where(eq(fileItems.organizationId, w.id)),
    ).toEqual([]);
    expect(await t.ctx.db.select().from(rooms).where(eq(rooms.organizationId, w.id))).toEqual([]);
    // The members' accounts stay.
    expectOk(
      await callEndpoint(t, adminApi.getUser, {
        params: { userId: w.member.id },
        token: root.session,
      }),
    );

    expect(await stored(t, file.blobKey)).toBe(true);
    await runPurgeJobs(t);
    for (const key of [file.blobKey, file.thumbnailKey, personal.blobKey, unreferenced]) {
      expect(await stored(t, key), key).toBe(false);
    }
    expect(await stored(t, otherFile.blobKey)).toBe(true);

    const [record] = await auditOf(t, 'team.delete', w.id);
    expect(record).toMatchObject({ actorId: root.id, organizationName: 'Doomed' });
  });
});

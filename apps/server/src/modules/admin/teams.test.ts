import { adminLimits, adminMessages, serverMessages } from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fileItems,
  manualLicenses,
  meetings,
  memberships,
  organizations,
  rooms,
} from '../../db/schema.ts';
import { createUser, expectProblem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addMember, addRoom, type Person, person, team } from '../../test/workspace.ts';
import { providerCustomer } from '../billing/testing.ts';
import {
  addFile,
  addFolder,
  adminCall,
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
const editBody = {
  name: 'Renamed',
  companyName: 'Acme Ltd',
  industry: 'Technology',
  selfManaged: false,
  customerId: '',
};
const createTeamCall = (name: unknown, by: Person | undefined = root) =>
  adminCall(t, 'PUT', '/api/Admin/Organizations', by, { name });

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
  const list = async (query: string) => {
    const res = await adminCall(t, 'GET', `/api/Admin/Organizations?${query}`, root);
    expectOk(res);
    return res.json() as {
      results: { id: string; name: string; [k: string]: unknown }[];
      entryCount: number;
      filter?: string;
    };
  };

  it('is for super admins, with page and size required', async () => {
    await expectSuperAdminOnly(t, 'GET', '/api/Admin/Organizations?Page=1&PageSize=20', teamAdmin);
    expectProblem(
      await adminCall(t, 'GET', '/api/Admin/Organizations?Page=x&PageSize=20', root),
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
    const found = await list(`Filter=${tag.toUpperCase()}&Page=1&PageSize=20`);
    expect(found.results.map((r) => r.id)).toEqual([a.id, b.id, byCompany.id]);
    expect(found.filter).toBe(tag.toUpperCase());
    const second = await list(`Filter=${tag}&Page=2&PageSize=2`);
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
    const now = t.clock.now();
    const [meeting] = await t.ctx.db
      .insert(meetings)
      .values({ organizationId: w.id, code: tag, name: 'M', startDate: now, endDate: now })
      .returning({ id: meetings.id });
    await t.ctx.db.insert(rooms).values([
      {
        name: 'Template',
        maxUsers: 4,
        sharingType: 'OwnerOrganization',
        organizationId: w.id,
        isTemplate: true,
      },
      {
        name: 'Temporary',
        maxUsers: 4,
        sharingType: 'OwnerOrganization',
        organizationId: w.id,
        meetingId: meeting!.id,
      },
    ]);
    const [row] = (await list(`Filter=${tag}&Page=1&PageSize=20`)).results;
    expect(row).toMatchObject({ usersCount: 2, licenseCount: 3, filesCount: 2, roomsCount: 1 });
  });
});

describe('PUT /api/Admin/Organizations', () => {
  it('is for super admins, and needs a name of 2+ characters', async () => {
    await expectSuperAdminOnly(t, 'PUT', '/api/Admin/Organizations', teamAdmin, { name: 'New' });
    expectProblem(await createTeamCall('N'), 400, 'name');
    expectProblem(await createTeamCall(undefined), 400, 'name');
  });

  it('creates a team without members, and records it', async () => {
    const res = await createTeamCall('  Fresh team ');
    expectOk(res);
    const { organizationId, id } = res.json() as { organizationId: string; id: string };
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
  it('follows the ladder', async () => {
    const w = await team(t);
    await expectSuperAdminOnly(t, 'GET', `/api/Admin/Organizations/${w.id}`, w.admin);
    expectProblem(
      await adminCall(t, 'GET', '/api/Admin/Organizations/x', root),
      400,
      'organizationId',
    );
    expectProblem(await adminCall(t, 'GET', `/api/Admin/Organizations/${UNKNOWN_ID}`, root), 404);
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
    const res = await adminCall(t, 'GET', `/api/Admin/Organizations/${w.id}`, root);
    expectOk(res);
    const body = res.json() as { users: { id: string; superAdmin: boolean }[] };
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
  const edit = (id: string, body: unknown, by: Person | undefined = root) =>
    adminCall(t, 'PATCH', `/api/Admin/Organizations/${id}`, by, body);

  it('follows the ladder', async () => {
    const w = await team(t);
    await expectSuperAdminOnly(t, 'PATCH', `/api/Admin/Organizations/${w.id}`, w.admin, editBody);
    expectProblem(await edit(w.id, { ...editBody, name: 'R' }), 400, 'name');
    expectProblem(await edit(w.id, { ...editBody, companyName: '' }), 400, 'companyName');
    expectProblem(await edit(w.id, { ...editBody, selfManaged: undefined }), 400, 'selfManaged');
    expectProblem(await edit(UNKNOWN_ID, editBody), 404);
  });

  it('saves details, self managed and the payment customer, and records the change', async () => {
    const w = await team(t, 'Before');
    const customerId = await providerCustomer(t, 'Before');
    const res = await edit(w.id, { ...editBody, customerId });
    expectOk(res);
    expect(res.json()).toEqual({
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
  const remove = (id: string, by: Person | undefined = root) =>
    adminCall(t, 'DELETE', `/api/Admin/Organizations/${id}`, by);

  it('follows the ladder', async () => {
    const w = await team(t);
    await expectSuperAdminOnly(t, 'DELETE', `/api/Admin/Organizations/${w.id}`, w.admin);
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
    expectOk(await adminCall(t, 'GET', `/api/Admin/Users/${w.member.id}`, root));

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

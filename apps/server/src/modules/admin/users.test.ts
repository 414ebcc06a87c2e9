import {
  type AdminUserCreate,
  type AdminUserEdit,
  adminMessages,
  META_LOGIN_PROVIDER,
  serverMessages,
} from '@roomscale/shared';
import { adminApi, type CallInput } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userLogins, users } from '../../db/schema.ts';
import { HttpError } from '../../platform/http/problem.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { createUser, expectProblem, uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type Person, person, team } from '../../test/workspace.ts';
import { auditOf, expectOk, expectSuperAdminOnly, UNKNOWN_ID } from './testing.ts';
import { editUser } from './users.ts';

let t: TestApp;
let root: Person;
let teamAdmin: Person;
beforeAll(async () => {
  t = await createTestApp();
  root = await person(t, { superAdmin: true, firstName: 'Root', lastName: 'Admin' });
  teamAdmin = (await team(t)).admin;
});
afterAll(() => t.close());

const list = async (query: CallInput<typeof adminApi.listUsers>['query']) => {
  const res = await callEndpoint(t, adminApi.listUsers, { query, token: root.session });
  expectOk(res);
  return res.body;
};
/** A user in the admin list, by page query (missing or out-of-range fields included). */
const listUnchecked = (query: Record<string, unknown>) =>
  callUnchecked(t, adminApi.listUsers, { query, token: root.session });
const editBody: AdminUserEdit = {
  firstName: 'Grace',
  lastName: 'Hopper',
  position: 'Rear admiral',
  superAdmin: false,
  hasManualUserSubscription: true,
};

describe('GET /api/Admin/Users', () => {
  it('is for super admins, with page and size required', async () => {
    await expectSuperAdminOnly(
      t,
      adminApi.listUsers,
      { query: { Page: 1, PageSize: 25 } },
      teamAdmin,
    );
    expectProblem(await listUnchecked({ PageSize: 25 }), 400, 'Page');
    expectProblem(await listUnchecked({ Page: 0, PageSize: 25 }), 400, 'Page');
    expectProblem(await listUnchecked({ Page: 1, PageSize: 1000 }), 400, 'PageSize');
  });

  it('finds first name, last name, full name and email ignoring case, ordered by name', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const b = await createUser(t, { firstName: `Bea${tag}`, lastName: 'Smith' });
    const a = await createUser(t, { firstName: `alma${tag}`, lastName: 'Jones' });
    const c = await createUser(t, { firstName: 'Carl', lastName: `Miller${tag}` });
    const d = await createUser(t, { email: `${tag}.dora@example.com`, firstName: 'Dora' });
    await createUser(t, { firstName: 'Nobody', lastName: 'Else' });

    const found = await list({ Filter: tag.toUpperCase(), Page: 1, PageSize: 25 });
    expect(found.results.map((r) => r.userId)).toEqual([a.id, b.id, c.id, d.id]);
    expect(found.filter).toBe(tag.toUpperCase());
    // The full name, across the space between first and last.
    const full = await list({ Filter: `${tag} smi`, Page: 1, PageSize: 25 });
    expect(full.results.map((r) => r.userId)).toEqual([b.id]);
    // LIKE wildcards typed by the admin match themselves.
    expect((await list({ Filter: '%', Page: 1, PageSize: 25 })).entryCount).toBe(0);
  });

  it('pages the list', async () => {
    const tag = `pg${Date.now().toString(36)}`;
    for (const n of ['A', 'B', 'C', 'D', 'E']) await createUser(t, { firstName: `${n}${tag}` });
    const first = await list({ Filter: tag, Page: 1, PageSize: 2 });
    const third = await list({ Filter: tag, Page: 3, PageSize: 2 });
    expect(first).toMatchObject({ entryCount: 5, pageCount: 3, currentPage: 1, firstRowOnPage: 1 });
    expect(first.results.map((r) => r.firstName)).toEqual([`A${tag}`, `B${tag}`]);
    expect(third.results.map((r) => r.firstName)).toEqual([`E${tag}`]);
  });

  it('counts only the teams a user is an active member of', async () => {
    const w = await team(t, 'Counted');
    const row = (await list({ Filter: w.member.email, Page: 1, PageSize: 25 })).results[0];
    expect(row).toMatchObject({ userId: w.member.id, organizationsCount: 1, role: null });
    expectOk(
      await callEndpoint(t, adminApi.editMembership, {
        params: { organizationId: w.id, userId: w.member.id },
        body: { role: 'None', licenseType: 'None' },
        token: root.session,
      }),
    );
    const after = (await list({ Filter: w.member.email, Page: 1, PageSize: 25 })).results[0];
    expect(after?.organizationsCount).toBe(0);
  });
});

describe('PUT /api/Admin/Users', () => {
  const create = (body: AdminUserCreate) =>
    callEndpoint(t, adminApi.createUser, { body, token: root.session });
  /** Input the contract refuses, to see the app refuse it too. */
  const createUnchecked = (body: Record<string, unknown>) =>
    callUnchecked(t, adminApi.createUser, { body, token: root.session });

  it('is for super admins, and checks the input', async () => {
    const body = { email: uniqueEmail(), firstName: 'Ann', lastName: 'Lee' };
    await expectSuperAdminOnly(t, adminApi.createUser, { body }, teamAdmin);
    expectProblem(await create({ ...body, email: 'not-an-address' }), 400, 'email');
    expectProblem(await create({ ...body, firstName: 'A' }), 400, 'firstName');
    expectProblem(await createUnchecked({ ...body, lastName: undefined }), 400, 'lastName');
    expect((await t.ctx.db.select().from(users).where(eq(users.email, body.email))).length).toBe(0);
  });

  it('creates an unactivated user and sends the activation email', async () => {
    const email = uniqueEmail('new');
    const res = await create({
      email: email.toUpperCase(),
      firstName: 'Ann',
      lastName: 'Lee',
      superAdmin: true,
    });
    expectOk(res);
    const row = res.body;
    expect(row).toMatchObject({
      email,
      firstName: 'Ann',
      superAdmin: true,
      userActivated: false,
      organizationsCount: 0,
    });
    await expect.poll(() => t.mailer.to(email).length).toBe(1);
    expect(t.mailer.to(email)[0]?.subject).toBe('Activate your Roomscale account');
    expect(t.mailer.link(email, '/').href).toContain('http://roomscale.test');

    const detail = (
      await callEndpoint(t, adminApi.getUser, {
        params: { userId: row.userId },
        token: root.session,
      })
    ).body;
    expect(detail).toMatchObject({
      createdBy: root.id,
      createdByName: 'Root Admin',
      passwordSet: false,
      hasRoomscaleLogin: false,
      userLogins: [],
    });
    const [record] = await auditOf(t, 'user.create', row.userId);
    expect(record).toMatchObject({
      actorId: root.id,
      targetUserId: row.userId,
      targetName: 'Ann Lee',
    });
  });

  it('refuses an address already in use, whatever its case', async () => {
    const existing = await createUser(t);
    const before = t.mailer.sent.length;
    expectProblem(
      await create({ email: existing.email.toUpperCase(), firstName: 'Ann', lastName: 'Lee' }),
      400,
      'email',
      serverMessages.emailInUse,
    );
    expect(t.mailer.sent.length).toBe(before);
  });
});

describe('GET /api/Admin/Users/{userId}', () => {
  it('follows the ladder', async () => {
    const u = await createUser(t);
    await expectSuperAdminOnly(t, adminApi.getUser, { params: { userId: u.id } }, teamAdmin);
    expectProblem(
      await callEndpoint(t, adminApi.getUser, {
        params: { userId: 'not-a-uuid' },
        token: root.session,
      }),
      400,
      'userId',
    );
    expectProblem(
      await callEndpoint(t, adminApi.getUser, {
        params: { userId: UNKNOWN_ID },
        token: root.session,
      }),
      404,
    );
  });

  it('shows logins and the active teams', async () => {
    const w = await team(t, 'Zeta team');
    const other = await team(t, 'Alpha team');
    await t.ctx.db.insert(userLogins).values([
      {
        userId: w.member.id,
        loginProviderId: META_LOGIN_PROVIDER,
        providerKey: 'm-1',
        displayName: 'Meta',
      },
    ]);
    await callEndpoint(t, adminApi.editMembership, {
      params: { organizationId: other.id, userId: w.member.id },
      body: { role: 'Admin', licenseType: 'Trial' },
      token: root.session,
    });
    const res = await callEndpoint(t, adminApi.getUser, {
      params: { userId: w.member.id },
      token: root.session,
    });
    expectOk(res);
    expect(res.body).toMatchObject({
      id: w.member.id,
      passwordSet: true,
      hasRoomscaleLogin: true,
      hasOculusLogin: true,
      hasSsoLogin: false,
      userLogins: [
        { loginProviderId: expect.any(String), userKey: w.member.id },
        { loginProviderId: META_LOGIN_PROVIDER, userKey: 'm-1' },
      ],
      organizations: [
        { organization: { id: other.id, name: 'Alpha team' }, role: 'Admin', licenseType: 'Trial' },
        { organization: { id: w.id, name: 'Zeta team' }, role: 'User', licenseType: 'Trial' },
      ],
    });
  });
});

describe('PATCH /api/Admin/Users/{userId}', () => {
  const edit = (id: string, body: AdminUserEdit, by: Person = root) =>
    callEndpoint(t, adminApi.editUser, { params: { userId: id }, body, token: by.session });

  it('follows the ladder', async () => {
    const u = await createUser(t);
    await expectSuperAdminOnly(
      t,
      adminApi.editUser,
      { params: { userId: u.id }, body: editBody },
      teamAdmin,
    );
    expectProblem(await edit(u.id, { ...editBody, firstName: 'G' }), 400, 'firstName');
    expectProblem(await edit(u.id, { ...editBody, position: 'X' }), 400, 'position');
    expectProblem(
      await callUnchecked(t, adminApi.editUser, {
        params: { userId: u.id },
        body: { ...editBody, superAdmin: 'yes' },
        token: root.session,
      }),
      400,
      'superAdmin',
    );
    expectProblem(await edit(UNKNOWN_ID, editBody), 404);
  });

  it('saves names, position and flags, stamps who edited, and records the change', async () => {
    const u = await createUser(t, { firstName: 'Gracie', lastName: 'Hopper' });
    t.clock.advance(5);
    const res = await edit(u.id, { ...editBody, superAdmin: true });
    expectOk(res);
    expect(res.body).toMatchObject({
      firstName: 'Grace',
      position: 'Rear admiral',
      superAdmin: true,
      hasManualUserSubscription: true,
      lastModifiedBy: root.id,
      lastModifiedByName: 'Root Admin',
      lastModified: expect.any(String),
    });
    const [record] = await auditOf(t, 'user.edit', u.id);
    expect(record?.before).toEqual({
      firstName: 'Gracie',
      position: null,
      superAdmin: false,
      hasManualUserSubscription: false,
    });
    expect(record?.after).toMatchObject({ firstName: 'Grace', superAdmin: true });
    // The flag is taken back the same way.
    expectOk(await edit(u.id, editBody));
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row?.superAdmin).toBe(false);
  });

  it('refuses to take away your own super admin flag', async () => {
    const me = await person(t, { superAdmin: true, firstName: 'Self', lastName: 'Made' });
    expectProblem(
      await edit(me.id, { ...editBody, superAdmin: false }, me),
      400,
      'superAdmin',
      adminMessages.ownSuperAdmin,
    );
    expect((await t.ctx.db.select().from(users).where(eq(users.id, me.id)))[0]?.superAdmin).toBe(
      true,
    );
    // Editing their own names is fine.
    expectOk(await edit(me.id, { ...editBody, superAdmin: true }, me));
  });

  it('keeps the last super admin', async () => {
    // Only reachable when the caller lost the flag meanwhile: the service sees one super admin.
    const only = await createUser(t, { superAdmin: true });
    const others = await t.ctx.db.select().from(users).where(eq(users.superAdmin, true));
    await t.ctx.db.update(users).set({ superAdmin: false }).where(eq(users.superAdmin, true));
    await t.ctx.db.update(users).set({ superAdmin: true }).where(eq(users.id, only.id));
    try {
      const caller = {
        userId: root.id,
        sessionId: UNKNOWN_ID,
        email: root.email,
        superAdmin: true,
      };
      const err = await editUser(t.ctx, caller, { userId: root.id, ip: null }, only.id, {
        ...editBody,
        superAdmin: false,
      }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).errors).toEqual({ superAdmin: [adminMessages.lastSuperAdmin] });
    } finally {
      for (const o of others) {
        await t.ctx.db.update(users).set({ superAdmin: true }).where(eq(users.id, o.id));
      }
    }
  });

  it('lets two super admins who take the flag from each other at once leave one', async () => {
    const a = await person(t, { superAdmin: true });
    const b = await person(t, { superAdmin: true });
    // Only these two: the rule counts every super admin of the platform.
    const others = await t.ctx.db.select().from(users).where(eq(users.superAdmin, true));
    await t.ctx.db.update(users).set({ superAdmin: false }).where(eq(users.superAdmin, true));
    for (const p of [a, b]) {
      await t.ctx.db.update(users).set({ superAdmin: true }).where(eq(users.id, p.id));
    }
    try {
      const [ra, rb] = await Promise.all([
        edit(b.id, { ...editBody, superAdmin: false }, a),
        edit(a.id, { ...editBody, superAdmin: false }, b),
      ]);
      const left = await t.ctx.db.select().from(users).where(eq(users.superAdmin, true));
      expect(left.length).toBe(1);
      expect([ra.status, rb.status].sort()).toContain(200);
      expect([ra.status, rb.status].filter((s) => s !== 200)).toHaveLength(1);
    } finally {
      for (const o of others) {
        await t.ctx.db.update(users).set({ superAdmin: true }).where(eq(users.id, o.id));
      }
    }
  });
});

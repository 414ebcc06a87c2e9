import { adminMessages, META_LOGIN_PROVIDER, serverMessages } from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userLogins, users } from '../../db/schema.ts';
import { HttpError } from '../../platform/http/problem.ts';
import { createUser, expectProblem, uniqueEmail } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type Person, person, team } from '../../test/workspace.ts';
import { adminCall, auditOf, expectOk, expectSuperAdminOnly, UNKNOWN_ID } from './testing.ts';
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

type Row = { userId: string; firstName: string; email: string; organizationsCount: number };
type Page = { results: Row[]; entryCount: number; pageCount: number; filter?: string };

const list = async (query: string) => {
  const res = await adminCall(t, 'GET', `/api/Admin/Users?${query}`, root);
  expectOk(res);
  return res.json() as Page;
};
const editBody = {
  firstName: 'Grace',
  lastName: 'Hopper',
  position: 'Rear admiral',
  superAdmin: false,
  hasManualUserSubscription: true,
};

describe('GET /api/Admin/Users', () => {
  it('is for super admins, with page and size required', async () => {
    await expectSuperAdminOnly(t, 'GET', '/api/Admin/Users?Page=1&PageSize=25', teamAdmin);
    expectProblem(await adminCall(t, 'GET', '/api/Admin/Users?PageSize=25', root), 400, 'Page');
    expectProblem(
      await adminCall(t, 'GET', '/api/Admin/Users?Page=0&PageSize=25', root),
      400,
      'Page',
    );
    expectProblem(
      await adminCall(t, 'GET', '/api/Admin/Users?Page=1&PageSize=1000', root),
      400,
      'PageSize',
    );
  });

  it('finds first name, last name, full name and email ignoring case, ordered by name', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const b = await createUser(t, { firstName: `Bea${tag}`, lastName: 'Smith' });
    const a = await createUser(t, { firstName: `alma${tag}`, lastName: 'Jones' });
    const c = await createUser(t, { firstName: 'Carl', lastName: `Miller${tag}` });
    const d = await createUser(t, { email: `${tag}.dora@example.com`, firstName: 'Dora' });
    await createUser(t, { firstName: 'Nobody', lastName: 'Else' });

    const found = await list(`Filter=${tag.toUpperCase()}&Page=1&PageSize=25`);
    expect(found.results.map((r) => r.userId)).toEqual([a.id, b.id, c.id, d.id]);
    expect(found.filter).toBe(tag.toUpperCase());
    // The full name, across the space between first and last.
    const full = await list(`Filter=${encodeURIComponent(`${tag} smi`)}&Page=1&PageSize=25`);
    expect(full.results.map((r) => r.userId)).toEqual([b.id]);
    // LIKE wildcards typed by the admin match themselves.
    expect((await list('Filter=%25&Page=1&PageSize=25')).entryCount).toBe(0);
  });

  it('pages the list', async () => {
    const tag = `pg${Date.now().toString(36)}`;
    for (const n of ['A', 'B', 'C', 'D', 'E']) await createUser(t, { firstName: `${n}${tag}` });
    const first = await list(`Filter=${tag}&Page=1&PageSize=2`);
    const third = await list(`Filter=${tag}&Page=3&PageSize=2`);
    expect(first).toMatchObject({ entryCount: 5, pageCount: 3, currentPage: 1, firstRowOnPage: 1 });
    expect(first.results.map((r) => r.firstName)).toEqual([`A${tag}`, `B${tag}`]);
    expect(third.results.map((r) => r.firstName)).toEqual([`E${tag}`]);
  });

  it('counts only the teams a user is an active member of', async () => {
    const w = await team(t, 'Counted');
    const row = (await list(`Filter=${w.member.email}&Page=1&PageSize=25`)).results[0];
    expect(row).toMatchObject({ userId: w.member.id, organizationsCount: 1, role: null });
    expectOk(
      await adminCall(t, 'PATCH', `/api/Admin/Organizations/${w.id}/Users/${w.member.id}`, root, {
        role: 'None',
        licenseType: 'None',
      }),
    );
    const after = (await list(`Filter=${w.member.email}&Page=1&PageSize=25`)).results[0];
    expect(after?.organizationsCount).toBe(0);
  });
});

describe('PUT /api/Admin/Users', () => {
  const create = (body: unknown, by: Person | undefined = root) =>
    adminCall(t, 'PUT', '/api/Admin/Users', by, body);

  it('is for super admins, and checks the input', async () => {
    const body = { email: uniqueEmail(), firstName: 'Ann', lastName: 'Lee' };
    await expectSuperAdminOnly(t, 'PUT', '/api/Admin/Users', teamAdmin, body);
    expectProblem(await create({ ...body, email: 'not-an-address' }), 400, 'email');
    expectProblem(await create({ ...body, firstName: 'A' }), 400, 'firstName');
    expectProblem(await create({ ...body, lastName: undefined }), 400, 'lastName');
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
    const row = res.json() as Row & { superAdmin: boolean; userActivated: boolean };
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

    const detail = (await adminCall(t, 'GET', `/api/Admin/Users/${row.userId}`, root)).json();
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
    await expectSuperAdminOnly(t, 'GET', `/api/Admin/Users/${u.id}`, teamAdmin);
    expectProblem(await adminCall(t, 'GET', '/api/Admin/Users/not-a-uuid', root), 400, 'userId');
    expectProblem(await adminCall(t, 'GET', `/api/Admin/Users/${UNKNOWN_ID}`, root), 404);
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
    await adminCall(t, 'PATCH', `/api/Admin/Organizations/${other.id}/Users/${w.member.id}`, root, {
      role: 'Admin',
      licenseType: 'Trial',
    });
    const res = await adminCall(t, 'GET', `/api/Admin/Users/${w.member.id}`, root);
    expectOk(res);
    expect(res.json()).toMatchObject({
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
  const edit = (id: string, body: unknown, by: Person | undefined = root) =>
    adminCall(t, 'PATCH', `/api/Admin/Users/${id}`, by, body);

  it('follows the ladder', async () => {
    const u = await createUser(t);
    await expectSuperAdminOnly(t, 'PATCH', `/api/Admin/Users/${u.id}`, teamAdmin, editBody);
    expectProblem(await edit(u.id, { ...editBody, firstName: 'G' }), 400, 'firstName');
    expectProblem(await edit(u.id, { ...editBody, position: 'X' }), 400, 'position');
    expectProblem(await edit(u.id, { ...editBody, superAdmin: 'yes' }), 400, 'superAdmin');
    expectProblem(await edit(UNKNOWN_ID, editBody), 404);
  });

  it('saves names, position and flags, stamps who edited, and records the change', async () => {
    const u = await createUser(t, { firstName: 'Gracie', lastName: 'Hopper' });
    t.clock.advance(5);
    const res = await edit(u.id, { ...editBody, superAdmin: true });
    expectOk(res);
    expect(res.json()).toMatchObject({
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
      expect([ra.statusCode, rb.statusCode].sort()).toContain(200);
      expect([ra.statusCode, rb.statusCode].filter((s) => s !== 200)).toHaveLength(1);
    } finally {
      for (const o of others) {
        await t.ctx.db.update(users).set({ superAdmin: true }).where(eq(users.id, o.id));
      }
    }
  });
});

import {
  auditApi,
  type CallInput,
  type Endpoint,
  licensesApi,
  organizationsApi,
  roomTemplatesApi,
  teamUsersApi,
} from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { type Answer, callEndpoint } from '../../test/callEndpoint.ts';
import { expectProblem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type Person, person, team } from '../../test/workspace.ts';

let t: TestApp;
let root: Person;
beforeAll(async () => {
  t = await createTestApp();
  root = await person(t, { superAdmin: true, firstName: 'Sue', lastName: 'Root' });
});
afterAll(() => t.close());

const adminLog = (query: CallInput<typeof auditApi.list>['query'], token = root.session) =>
  callEndpoint(t, auditApi.list, { query, token });
const page = <E extends Endpoint>(res: Answer<E>) => {
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
};

const promote = (w: Awaited<ReturnType<typeof team>>, ip?: string) =>
  callEndpoint(t, teamUsersApi.edit, {
    params: { organizationId: w.id, userId: w.member.id },
    token: w.admin.session,
    body: { role: 'Admin' },
    ...(ip && { ip }),
  });

describe('GET /api/Admin/AuditLog', () => {
  it('is for super admins only and checks its query', async () => {
    const w = await team(t);
    expectProblem(await callEndpoint(t, auditApi.list, { query: { Page: 1, PageSize: 10 } }), 401);
    expectProblem(await adminLog({ Page: 1, PageSize: 10 }, w.admin.session), 403);
    expectProblem(await adminLog({ Page: 0, PageSize: 10 }), 400, 'Page');
    expectProblem(
      await adminLog({ Page: 1, PageSize: 10, OrganizationId: 'abc' }),
      400,
      'OrganizationId',
    );
    expect(page(await adminLog({ Page: 1, PageSize: 10 })).currentPage).toBe(1);
  });

  it("records a team admin's change with who, what, before, after and the address", async () => {
    const w = await team(t, 'Recorded team');
    expect((await promote(w, '10.20.30.40')).status).toBe(200);
    const { results } = page(await adminLog({ Page: 1, PageSize: 10, OrganizationId: w.id }));
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      action: 'membership.edit',
      organizationId: w.id,
      organizationName: 'Recorded team',
      actorId: w.admin.id,
      actorName: 'Alice Admin',
      actorEmail: w.admin.email,
      targetUserId: w.member.id,
      targetName: 'Max Member',
      before: { role: 'User' },
      after: { role: 'Admin' },
      ip: '10.20.30.40',
    });
  });

  it('filters by team and by the user a change is about, newest first, paged', async () => {
    const a = await team(t, 'Team A');
    const b = await team(t, 'Team B');
    await promote(a);
    t.clock.advance(1);
    const details = await callEndpoint(t, organizationsApi.edit, {
      params: { organizationId: a.id },
      token: a.admin.session,
      body: { name: 'Team A2', companyName: 'Acme', industry: 'Media' },
    });
    expect(details.status, details.raw.body).toBe(200);
    await promote(b);

    const ofA = page(await adminLog({ Page: 1, PageSize: 10, OrganizationId: a.id }));
    expect(ofA.results.map((e) => e.action)).toEqual(['team.edit', 'membership.edit']);
    expect(ofA.results[0]!.after).toMatchObject({ name: 'Team A2', industry: 'Media' });
    expect(ofA.results[0]!.organizationName).toBe('Team A2');

    const aboutB = page(await adminLog({ Page: 1, PageSize: 10, UserId: b.member.id }));
    expect(aboutB.results.map((e) => e.organizationId)).toEqual([b.id]);

    const first = page(await adminLog({ Page: 1, PageSize: 1, OrganizationId: a.id }));
    expect(first.pageCount).toBe(2);
    const second = page(await adminLog({ Page: 2, PageSize: 1, OrganizationId: a.id }));
    expect(second.results[0]!.action).toBe('membership.edit');
  });

  it('records nothing for a change that was refused', async () => {
    const w = await team(t);
    expectProblem(
      await callEndpoint(t, teamUsersApi.edit, {
        params: { organizationId: w.id, userId: w.member.id },
        token: w.admin.session,
        body: { licenseType: 'License' },
      }),
      400,
      'licenseType',
    );
    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.organizationId, w.id));
    expect(rows).toEqual([]);
  });

  it('records room template changes by super admins', async () => {
    const created = await callEndpoint(t, roomTemplatesApi.create, {
      token: root.session,
      body: { name: 'Audited hall' },
    });
    expect(created.status, created.raw.body).toBe(200);
    const { id } = created.body;
    expect(
      (
        await callEndpoint(t, roomTemplatesApi.remove, {
          params: { roomTemplateId: id },
          token: root.session,
        })
      ).status,
    ).toBe(204);
    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(rows.map((r) => r.action).sort()).toEqual(['template.create', 'template.delete']);
    expect(rows.every((r) => r.actorId === root.id)).toBe(true);
  });
});

describe('room template rows name what they are about, in words', () => {
  const form = {
    name: 'Lecture hall',
    category: 'Teaching',
    description: 'Rows of seats',
    imageUrl: '/room-templates/meeting-room.svg',
    sceneName: 'Lecture',
    addressableUrlAndroid: 'https://cdn.example.com/android/lecture',
    addressableUrlWindows: 'https://cdn.example.com/windows/lecture',
    addressableUrlMac: null,
    maxUsers: 30,
    persistent: false,
    capabilities: ['Whiteboard', 'Notes'],
    roomSharingType: 'OrganizationAllowlist' as const,
    allowedOrganizations: [] as string[],
  };

  it('records the template by name, and allowed teams by their names', async () => {
    const beta = await team(t, 'Beta school');
    const alpha = await team(t, 'Alpha academy');
    const created = await callEndpoint(t, roomTemplatesApi.create, {
      token: root.session,
      body: { name: 'Lecture room' },
    });
    expect(created.status, created.raw.body).toBe(200);
    const { id } = created.body;
    const saved = await callEndpoint(t, roomTemplatesApi.edit, {
      params: { roomTemplateId: id },
      token: root.session,
      body: { ...form, allowedOrganizations: [beta.id, alpha.id] },
    });
    expect(saved.status, saved.raw.body).toBe(200);
    const deleted = await callEndpoint(t, roomTemplatesApi.remove, {
      params: { roomTemplateId: id },
      token: root.session,
    });
    expect(deleted.status).toBe(204);

    const { results } = page(await adminLog({ Page: 1, PageSize: 50 }));
    const rows = results.filter((r) => r.entityId === id);
    expect(rows.map((r) => [r.action, r.targetName])).toEqual([
      ['template.delete', 'Lecture hall'],
      ['template.edit', 'Lecture hall'],
      ['template.create', 'Lecture room'],
    ]);
    const edit = rows.find((r) => r.action === 'template.edit')!;
    expect(edit.targetUserId).toBeNull();
    expect(edit.before).toMatchObject({ name: 'Lecture room', allowedOrganizations: [] });
    expect(edit.after).toMatchObject({
      name: 'Lecture hall',
      allowedOrganizations: ['Alpha academy', 'Beta school'],
      capabilities: ['Whiteboard', 'Notes'],
      sharingType: 'OrganizationAllowlist',
    });
  });

  it('names template rows recorded before it did, and their teams', async () => {
    const gamma = await team(t, 'Gamma college');
    const created = await callEndpoint(t, roomTemplatesApi.create, {
      token: root.session,
      body: { name: 'Old hall' },
    });
    const { id } = created.body;
    await t.ctx.db.insert(auditLog).values({
      at: new Date(Date.now() + 60_000),
      action: 'template.edit',
      entityId: id,
      actorId: root.id,
      before: { allowedOrganizations: [] },
      after: { allowedOrganizations: [gamma.id], maxUsers: 12 },
    });
    const { results } = page(await adminLog({ Page: 1, PageSize: 5 }));
    expect(results[0]).toMatchObject({
      action: 'template.edit',
      targetName: 'Old hall',
      after: { allowedOrganizations: ['Gamma college'], maxUsers: 12 },
    });
  });
});

describe('manual license rows name the license', () => {
  it('records the license by its name, and names older rows from their record', async () => {
    const w = await team(t, 'Licensed school');
    const created = await callEndpoint(t, licensesApi.create, {
      token: root.session,
      body: {
        organizationId: w.id,
        description: 'Pilot',
        userAmount: 2,
        start: new Date(Date.now() - 3600_000).toISOString(),
        end: new Date(Date.now() + 30 * 86400_000).toISOString(),
        sendEmailNow: false,
      },
    });
    expect(created.status, created.raw.body).toBe(200);
    await t.ctx.db.insert(auditLog).values({
      at: new Date(Date.now() + 120_000),
      action: 'license.delete',
      entityId: '66666666-6666-4666-8666-666666666666',
      organizationId: w.id,
      actorId: root.id,
      before: { description: 'Old pilot', userAmount: 1 },
    });
    const { results } = page(await adminLog({ Page: 1, PageSize: 10, OrganizationId: w.id }));
    expect(results.map((r) => [r.action, r.targetName])).toEqual([
      ['license.delete', 'Old pilot'],
      ['license.create', 'Pilot'],
    ]);
  });
});

describe('GET /api/Organizations/{organizationId}/AuditLog', () => {
  it("shows a team's admins their own team's entries only", async () => {
    const w = await team(t, 'Own team');
    const other = await team(t, 'Other team');
    await promote(w);
    await promote(other);
    const log = { params: { organizationId: w.id }, query: { Page: 1, PageSize: 10 } };
    expectProblem(await callEndpoint(t, auditApi.team, log), 401);
    expectProblem(
      await callEndpoint(t, auditApi.team, { ...log, token: other.admin.session }),
      404,
    );
    const outsider = await person(t);
    expectProblem(await callEndpoint(t, auditApi.team, { ...log, token: outsider.session }), 404);
    // Max is an admin now, but a fresh member is not.
    const { results } = page(
      await callEndpoint(t, auditApi.team, { ...log, token: w.admin.session }),
    );
    expect(results.map((e) => e.organizationId)).toEqual([w.id]);
    expect(results.map((e) => e.action)).toEqual(['membership.edit']);
  });

  it('is refused to plain members', async () => {
    const w = await team(t);
    expectProblem(
      await callEndpoint(t, auditApi.team, {
        params: { organizationId: w.id },
        query: { Page: 1, PageSize: 10 },
        token: w.member.session,
      }),
      403,
    );
  });
});

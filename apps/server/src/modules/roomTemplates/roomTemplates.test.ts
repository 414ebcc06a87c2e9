import { roomLimits, roomMessages } from '@roomscale/shared';
import { roomTemplatesApi } from '@roomscale/shared/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { createTeam, expectProblem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addRoom, type Person, person, team } from '../../test/workspace.ts';

let t: TestApp;
let root: Person;
let plain: Person;
beforeAll(async () => {
  t = await createTestApp();
  root = await person(t, { superAdmin: true, firstName: 'Root', lastName: 'Admin' });
  plain = await person(t);
});
afterAll(() => t.close());

const create = (name: unknown, by: Person | undefined = root) =>
  callUnchecked(t, roomTemplatesApi.create, { token: by?.session, body: { name } });

const form = {
  name: 'Boardroom',
  category: 'Meetings',
  description: 'A long table',
  imageUrl: '/room-templates/meeting-room.svg',
  sceneName: 'Boardroom',
  addressableUrlAndroid: 'https://cdn.example.com/android/boardroom',
  addressableUrlWindows: 'https://cdn.example.com/windows/boardroom',
  addressableUrlMac: null,
  maxUsers: 10,
  persistent: true,
  capabilities: ['Whiteboard', 'Notes'],
  roomSharingType: 'Public',
  allowedOrganizations: [],
};
const save = (id: string, body: unknown, by: Person | undefined = root) =>
  callUnchecked(t, roomTemplatesApi.edit, {
    params: { roomTemplateId: id },
    token: by?.session,
    body,
  });

async function newTemplate(name = 'Boardroom') {
  const res = await create(name);
  expect(res.status, res.raw.body).toBe(200);
  return res.body;
}

describe('access', () => {
  it('refuses anonymous callers and ordinary users on every template call', async () => {
    const { id } = await newTemplate();
    const calls = [
      () => create('Lobby', plain),
      () => save(id, form, plain),
      () =>
        callEndpoint(t, roomTemplatesApi.get, {
          params: { roomTemplateId: id },
          token: plain.session,
        }),
      () =>
        callEndpoint(t, roomTemplatesApi.remove, {
          params: { roomTemplateId: id },
          token: plain.session,
        }),
      () =>
        callEndpoint(t, roomTemplatesApi.list, {
          query: { Page: 1, PageSize: 25 },
          token: plain.session,
        }),
    ];
    for (const c of calls) expectProblem(await c(), 403);
    expectProblem(await callEndpoint(t, roomTemplatesApi.create, { body: { name: 'Lobby' } }), 401);
    expectProblem(
      await callEndpoint(t, roomTemplatesApi.get, { params: { roomTemplateId: id } }),
      401,
    );
    // Still there: the refused delete did nothing.
    const res = await callEndpoint(t, roomTemplatesApi.get, {
      params: { roomTemplateId: id },
      token: root.session,
    });
    expect(res.status).toBe(200);
  });
});

describe('PUT /api/Admin/RoomTemplates', () => {
  it('creates a hidden template from a name', async () => {
    const res = await create('  Atrium  ');
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.any(String),
      name: 'Atrium',
      roomSharingType: 'None',
      maxUsers: roomLimits.defaultMaxUsers,
      sceneName: '',
      capabilities: [],
      allowedOrganizations: [],
      template: true,
      roomCount: 0,
      createdBy: root.id,
      createdByName: 'Root Admin',
      lastModified: null,
    });
  });

  it('requires a name of at least 2 characters', async () => {
    expectProblem(await create(undefined), 400, 'name');
    expectProblem(await create(' A '), 400, 'name', 'Must be at least 2 characters');
    expectProblem(await create('x'.repeat(roomLimits.nameMax + 1)), 400, 'name');
  });
});

describe('PATCH /api/Admin/RoomTemplates/{roomTemplateId}', () => {
  const rules: [string, Record<string, unknown>, string, string?][] = [
    ['name missing', { name: undefined }, 'name'],
    ['name too short', { name: 'B' }, 'name', 'Must be at least 2 characters'],
    ['scene name missing', { sceneName: '' }, 'sceneName', 'This field is required'],
    ['max users missing', { maxUsers: undefined }, 'maxUsers'],
    ['max users below 1', { maxUsers: 0 }, 'maxUsers'],
    ['max users not whole', { maxUsers: 2.5 }, 'maxUsers'],
    ['empty capability name', { capabilities: ['Notes', ' '] }, 'capabilities.1'],
    ['unknown sharing type', { roomSharingType: 'Everyone' }, 'roomSharingType'],
    [
      'a team sharing type',
      { roomSharingType: 'OwnerOrganization' },
      'roomSharingType',
      roomMessages.unknownSharingType,
    ],
    ['javascript image', { imageUrl: 'javascript:alert(1)' }, 'imageUrl', roomMessages.imageUrl],
    ['protocol-relative image', { imageUrl: '//evil.example/x.png' }, 'imageUrl'],
    ['non-http addressable URL', { addressableUrlWindows: 'ftp://x/y' }, 'addressableUrlWindows'],
    ['malformed team id', { allowedOrganizations: ['nope'] }, 'allowedOrganizations.0'],
  ];
  for (const [name, change, field, message] of rules) {
    it(`rejects: ${name}`, async () => {
      const { id } = await newTemplate();
      expectProblem(await save(id, { ...form, ...change }, root), 400, field, message);
      const [row] = await t.ctx.db.select().from(rooms).where(eq(rooms.id, id));
      expect(row?.sceneName).toBe('');
    });
  }

  it('rejects an allowlist naming an unknown team', async () => {
    const { id } = await newTemplate();
    const res = await save(id, {
      ...form,
      roomSharingType: 'OrganizationAllowlist',
      allowedOrganizations: ['3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f'],
    });
    expectProblem(res, 400, 'allowedOrganizations', roomMessages.unknownTeam);
  });

  it('answers 404 for an unknown template and for a room', async () => {
    expectProblem(await save('3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f', form), 404);
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin);
    expectProblem(await save(room.id, form), 404);
    expectProblem(
      await callEndpoint(t, roomTemplatesApi.get, {
        params: { roomTemplateId: room.id },
        token: root.session,
      }),
      404,
    );
  });

  it('saves every field and stamps who edited', async () => {
    const { id } = await newTemplate();
    t.clock.advance(60);
    const res = await save(id, { ...form, description: '', addressableUrlMac: '' });
    expect(res.status, res.raw.body).toBe(200);
    expect(res.body).toMatchObject({
      ...form,
      description: null,
      addressableUrlMac: null,
      lastModifiedBy: root.id,
      lastModifiedByName: 'Root Admin',
      lastModified: expect.any(String),
    });
  });

  it('keeps the allowlist only for OrganizationAllowlist', async () => {
    const { id } = await newTemplate();
    const a = await createTeam(t, plain.id, 'Alpha');
    const b = await createTeam(t, plain.id, 'Beta');
    const listed = await save(id, {
      ...form,
      roomSharingType: 'OrganizationAllowlist',
      allowedOrganizations: [b.id, a.id, a.id],
    });
    expect(listed.body.allowedOrganizations).toEqual([
      { id: a.id, name: 'Alpha' },
      { id: b.id, name: 'Beta' },
    ]);
    const publicNow = await save(id, { ...form, allowedOrganizations: [a.id] });
    expect(publicNow.body).toMatchObject({ roomSharingType: 'Public', allowedOrganizations: [] });
  });

  it('copies the asterisk fields to every room made from it, not names or descriptions', async () => {
    const { id } = await newTemplate('Studio');
    expect((await save(id, { ...form, name: 'Studio' })).status).toBe(200);
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin, {
      templateOrClonedRoomId: id,
      name: 'Our studio',
    });
    const res = await save(id, {
      ...form,
      name: 'Studio XL',
      description: 'Bigger',
      category: 'Large',
      imageUrl: 'https://img.example.com/xl.png',
      sceneName: 'StudioXL',
      addressableUrlMac: 'https://cdn.example.com/mac/xl',
      maxUsers: 40,
      capabilities: ['Video'],
      persistent: false,
    });
    expect(res.body.roomCount).toBe(1);
    const [row] = await t.ctx.db.select().from(rooms).where(eq(rooms.id, room.id));
    expect(row).toMatchObject({
      name: 'Our studio',
      description: 'A long table',
      persistent: true,
      category: 'Large',
      imageUrl: 'https://img.example.com/xl.png',
      sceneName: 'StudioXL',
      addressableUrlAndroid: form.addressableUrlAndroid,
      addressableUrlMac: 'https://cdn.example.com/mac/xl',
      maxUsers: 40,
      capabilities: ['Video'],
      lastModifiedBy: root.id,
    });
  });
});

describe('GET and DELETE /api/Admin/RoomTemplate/{roomTemplateId}', () => {
  it('reads one template', async () => {
    const { id } = await newTemplate('Reading room');
    const res = await callEndpoint(t, roomTemplatesApi.get, {
      params: { roomTemplateId: id },
      token: root.session,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, roomId: id, name: 'Reading room', template: true });
  });

  it('deletes a template; rooms made from it stay with their fields', async () => {
    const { id } = await newTemplate('Temporary');
    await save(id, { ...form, name: 'Temporary', sceneName: 'Temp' });
    const w = await team(t);
    const room = await addRoom(t, w.id, w.admin, { templateOrClonedRoomId: id });
    const res = await callEndpoint(t, roomTemplatesApi.remove, {
      params: { roomTemplateId: id },
      token: root.session,
    });
    expect(res.status).toBe(204);
    expectProblem(
      await callEndpoint(t, roomTemplatesApi.get, {
        params: { roomTemplateId: id },
        token: root.session,
      }),
      404,
    );
    expectProblem(
      await callEndpoint(t, roomTemplatesApi.remove, {
        params: { roomTemplateId: id },
        token: root.session,
      }),
      404,
    );
    const [row] = await t.ctx.db.select().from(rooms).where(eq(rooms.id, room.id));
    expect(row).toMatchObject({ sceneName: 'Temp', templateId: null });
  });
});

describe('GET /api/Admin/RoomTemplate', () => {
  it('lists templates by name, paged, with room counts and the filter echoed', async () => {
    const tag = `Zq${Date.now().toString(36)}`;
    const ids: string[] = [];
    for (const n of ['c', 'a', 'b']) ids.push((await newTemplate(`${tag} ${n}`)).id);
    await save(ids[1]!, { ...form, name: `${tag} a`, description: null });
    const w = await team(t);
    await addRoom(t, w.id, w.admin, { templateOrClonedRoomId: ids[1] });
    await addRoom(t, w.id, w.admin, { templateOrClonedRoomId: ids[1] });
    const list = (page: number) =>
      callEndpoint(t, roomTemplatesApi.list, {
        query: { Filter: tag.toLowerCase(), Page: page, PageSize: 2 },
        token: root.session,
      });
    const first = await list(1);
    expect(first.status, first.raw.body).toBe(200);
    expect(first.body).toEqual({
      currentPage: 1,
      pageCount: 2,
      pageSize: 2,
      entryCount: 3,
      firstRowOnPage: 1,
      lastRowOnPage: 2,
      filter: tag.toLowerCase(),
      results: [
        {
          id: ids[1],
          roomId: ids[1],
          name: `${tag} a`,
          description: null,
          roomSharingType: 'Public',
          roomCount: 2,
          imageUrl: form.imageUrl,
        },
        expect.objectContaining({ name: `${tag} b`, roomCount: 0, roomSharingType: 'None' }),
      ],
    });
    const second = (await list(2)).body;
    expect(second).toMatchObject({ firstRowOnPage: 3, lastRowOnPage: 3 });
    expect(second.results.map((r: { name: string }) => r.name)).toEqual([`${tag} c`]);
  });

  it('treats % and _ in the filter literally', async () => {
    const res = await callEndpoint(t, roomTemplatesApi.list, {
      query: { Filter: '%', Page: 1, PageSize: 5 },
      token: root.session,
    });
    expect(res.body).toMatchObject({ entryCount: 0, results: [] });
  });

  it('requires Page and PageSize', async () => {
    expectProblem(
      await callUnchecked(t, roomTemplatesApi.list, {
        query: { PageSize: 5 },
        token: root.session,
      }),
      400,
      'Page',
    );
  });
});

import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { roomsApi, roomTemplatesApi } from '@roomscale/shared/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '../../db/schema.ts';
import { callEndpoint } from '../../test/callEndpoint.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { person, team } from '../../test/workspace.ts';
import { defaultRoomTemplates, ensureDefaultRoomTemplates } from './defaults.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const platformTemplates = () =>
  t.ctx.db
    .select()
    .from(rooms)
    .where(and(eq(rooms.isTemplate, true), isNull(rooms.organizationId)));

const webPublic = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../web/public');

describe('default room templates', () => {
  it('are made on the first start, once', async () => {
    expect(await platformTemplates()).toEqual([]);
    expect(await ensureDefaultRoomTemplates(t.ctx.db, t.clock.now())).toBe(true);
    const made = await platformTemplates();
    expect(made.map((r) => r.name).sort()).toEqual(defaultRoomTemplates.map((d) => d.name).sort());
    for (const r of made) {
      expect(r).toMatchObject({ sharingType: 'Public', isTemplate: true });
      expect(r.sceneName).not.toBe('');
      expect(r.maxUsers).toBeGreaterThanOrEqual(1);
      expect(r.capabilities.length).toBeGreaterThan(0);
      expect(r.imageUrl).toMatch(/^\/room-templates\/[a-z-]+\.svg$/);
      // Served by our own server: the web app's public folder holds the image.
      expect(existsSync(resolve(webPublic, `.${r.imageUrl}`)), r.imageUrl!).toBe(true);
    }
    expect(await ensureDefaultRoomTemplates(t.ctx.db, t.clock.now())).toBe(false);
    expect(await platformTemplates()).toHaveLength(made.length);
  });

  it('do not come back once an admin deleted one', async () => {
    const root = await person(t, { superAdmin: true });
    const [first] = await platformTemplates();
    const res = await callEndpoint(t, roomTemplatesApi.remove, {
      params: { roomTemplateId: first!.id },
      token: root.session,
    });
    expect(res.status).toBe(204);
    await ensureDefaultRoomTemplates(t.ctx.db, t.clock.now());
    expect(await platformTemplates()).toHaveLength(defaultRoomTemplates.length - 1);
  });

  it('are offered to any team, so a new team can add a room at once', async () => {
    const w = await team(t);
    const list = await callEndpoint(t, roomsApi.list, {
      params: { organizationId: w.id },
      token: w.member.session,
      body: { templateFilter: 'Templates', page: 1 },
    });
    expect(list.status, list.raw.body).toBe(200);
    const names = list.body.results.map((r) => r.name);
    expect(names.length).toBe(defaultRoomTemplates.length - 1);
    const templateId = list.body.results[0]!.id;
    const added = await callEndpoint(t, roomsApi.add, {
      params: { organizationId: w.id },
      token: w.admin.session,
      body: { templateOrClonedRoomId: templateId },
    });
    expect(added.status, added.raw.body).toBe(200);
    expect(added.body).toMatchObject({ name: names[0], template: false, templateId });
  });
});

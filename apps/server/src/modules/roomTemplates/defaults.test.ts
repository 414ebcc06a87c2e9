import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '../../db/schema.ts';
import { call } from '../../test/factories.ts';
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
    const res = await call(t, 'DELETE', `/api/Admin/RoomTemplate/${first!.id}`, {
      token: root.session,
    });
    expect(res.statusCode).toBe(204);
    await ensureDefaultRoomTemplates(t.ctx.db, t.clock.now());
    expect(await platformTemplates()).toHaveLength(defaultRoomTemplates.length - 1);
  });

  it('are offered to any team, so a new team can add a room at once', async () => {
    const w = await team(t);
    const list = await call(t, 'POST', `/api/Organizations/${w.id}/Rooms`, {
      token: w.member.session,
      body: { templateFilter: 'Templates', page: 1 },
    });
    expect(list.statusCode, list.body).toBe(200);
    const names = list.json().results.map((r: { name: string }) => r.name);
    expect(names.length).toBe(defaultRoomTemplates.length - 1);
    const templateId = list.json().results[0].id;
    const added = await call(t, 'PUT', `/api/Organizations/${w.id}/Rooms`, {
      token: w.admin.session,
      body: { templateOrClonedRoomId: templateId },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ name: names[0], template: false, templateId });
  });
});

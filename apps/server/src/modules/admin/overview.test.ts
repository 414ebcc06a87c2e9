import type { DownloadPlatform } from '@roomscale/shared';
import { adminApi, contentApi } from '@roomscale/shared/contract';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloads } from '../../db/schema.ts';
import { callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import { createUser, expectProblem } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { advance, type Person, person, team } from '../../test/workspace.ts';
import { expectOk, expectSuperAdminOnly } from './testing.ts';

let t: TestApp;
let root: Person;
beforeAll(async () => {
  t = await createTestApp();
  root = await person(t, { superAdmin: true });
});
afterAll(() => t.close());

const overview = async () => {
  const res = await callEndpoint(t, adminApi.overview, { token: root.session });
  expectOk(res);
  return res.body;
};
const download = (by: Person | undefined, platform: DownloadPlatform) =>
  callEndpoint(t, contentApi.recordDownload, { token: by?.session, body: { platform } });
/** A platform the contract does not know, or none: the app refuses it too. */
const downloadUnknown = (by: Person, platform: string | undefined) =>
  callUnchecked(t, contentApi.recordDownload, { token: by.session, body: { platform } });

describe('GET /api/Admin/Overview', () => {
  it('is for super admins only', async () => {
    const w = await team(t);
    await expectSuperAdminOnly(t, adminApi.overview, {}, w.admin);
  });

  it('counts every user (activated or not), every team and the recorded downloads', async () => {
    const before = await overview();
    const w = await team(t); // two users, one team
    await createUser(t, { activated: false });
    expectOk(await download(w.member, 'picoApk'), 204);
    expect(await overview()).toEqual({
      usersCount: before.usersCount + 3,
      organizationsCount: before.organizationsCount + 1,
      downloadsCount: before.downloadsCount + 1,
    });
  });
});

describe('POST /api/Content/Downloads', () => {
  it('needs a signed-in user and a known platform', async () => {
    const p = await person(t);
    expectProblem(await download(undefined, 'picoApk'), 401);
    expectProblem(await downloadUnknown(p, 'amigaFloppy'), 400, 'platform');
    expectProblem(await downloadUnknown(p, undefined), 400, 'platform');
  });

  it('counts a user and platform once per hour', async () => {
    const p = await person(t);
    const other = await person(t);
    const start = (await overview()).downloadsCount;
    expectOk(await download(p, 'metaStore'), 204);
    expectOk(await download(p, 'metaStore'), 204);
    expect((await overview()).downloadsCount).toBe(start + 1);
    // Another platform, or another user, counts on its own.
    expectOk(await download(p, 'windowsInstaller'), 204);
    expectOk(await download(other, 'metaStore'), 204);
    expect((await overview()).downloadsCount).toBe(start + 3);

    await advance(t, 59 * 60, p, root);
    expectOk(await download(p, 'metaStore'), 204);
    expect((await overview()).downloadsCount).toBe(start + 3);
    await advance(t, 2 * 60, p, root);
    expectOk(await download(p, 'metaStore'), 204);
    expect((await overview()).downloadsCount).toBe(start + 4);

    const rows = await t.ctx.db.select().from(downloads).orderBy(asc(downloads.at));
    expect(rows.filter((r) => r.userId === p.id).map((r) => r.platform)).toEqual([
      'metaStore',
      'windowsInstaller',
      'metaStore',
    ]);
  });
});

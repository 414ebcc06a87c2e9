import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enumNumber, FileScopes, FileTypes } from '@roomscale/shared';
import type { Endpoint } from '@roomscale/shared/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, fileItems, meetings, rooms } from '../../db/schema.ts';
import { newObjectKey, teamKeyPrefix } from '../../platform/storage/keys.ts';
import { callUnchecked, type EndpointCall } from '../../test/callEndpoint.ts';
import { expectProblem } from '../../test/factories.ts';
import type { TestApp } from '../../test/harness.ts';
import type { Person } from '../../test/workspace.ts';

export const UNKNOWN_ID = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';

/**
 * The first rungs of the ladder of one endpoint, called with `input`: nobody signed in gets 401,
 * a non-super-admin 403.
 */
export async function expectSuperAdminOnly<E extends Endpoint>(
  t: TestApp,
  e: E,
  input: EndpointCall<E>,
  notSuperAdmin: Person,
) {
  const unchecked = input as Parameters<typeof callUnchecked>[2];
  expectProblem(await callUnchecked(t, e, { ...unchecked, token: undefined }), 401);
  expectProblem(await callUnchecked(t, e, { ...unchecked, token: notSuperAdmin.session }), 403);
}

/** A real stored object under the team's prefix; returns its key. */
export async function storeObject(t: TestApp, organizationId: string) {
  const key = newObjectKey(teamKeyPrefix(organizationId));
  const dir = await mkdtemp(join(tmpdir(), 'admin-test-'));
  const path = join(dir, 'bytes');
  await writeFile(path, randomBytes(64));
  await t.ctx.storage.put(key, path, 'image/png');
  await rm(dir, { recursive: true, force: true });
  return key;
}

export const stored = async (t: TestApp, key: string) => (await t.ctx.storage.stat(key)) !== null;

/** A file item of the team with a stored blob and thumbnail; personal (scope User) or the team's. */
export async function addFile(
  t: TestApp,
  organizationId: string,
  ownerUserId: string,
  scope: 'User' | 'Organization',
  extra: { parentId?: string; blobKey?: string } = {},
) {
  const blobKey = extra.blobKey ?? (await storeObject(t, organizationId));
  const thumbnailKey = await storeObject(t, organizationId);
  const [row] = await t.ctx.db
    .insert(fileItems)
    .values({
      organizationId,
      ownerUserId,
      parentId: extra.parentId ?? null,
      name: `${scope}.png`,
      type: enumNumber(FileTypes, 'Image'),
      scope: enumNumber(FileScopes, scope),
      mimeType: 'image/png',
      blobKey,
      thumbnailKey,
    })
    .returning({ id: fileItems.id });
  return { id: row!.id, blobKey, thumbnailKey };
}

export async function addFolder(
  t: TestApp,
  organizationId: string,
  ownerUserId: string,
  scope: 'User' | 'Organization',
) {
  const [row] = await t.ctx.db
    .insert(fileItems)
    .values({
      organizationId,
      ownerUserId,
      name: 'Folder',
      type: enumNumber(FileTypes, 'Folder'),
      scope: enumNumber(FileScopes, scope),
    })
    .returning({ id: fileItems.id });
  return row!.id;
}

/**
 * The rooms of a team that the admin teams list does not count: its own template and a meeting's
 * temporary room (the meeting made for it, coded `code`).
 */
export async function addUncountedRooms(t: TestApp, organizationId: string, code: string) {
  const now = t.clock.now();
  const [meeting] = await t.ctx.db
    .insert(meetings)
    .values({ organizationId, code, name: 'M', startDate: now, endDate: now })
    .returning({ id: meetings.id });
  const room = { maxUsers: 4, sharingType: 'OwnerOrganization' as const, organizationId };
  const [template, temporary] = await t.ctx.db
    .insert(rooms)
    .values([
      { ...room, name: 'Template', isTemplate: true },
      { ...room, name: 'Temporary', meetingId: meeting!.id },
    ])
    .returning({ id: rooms.id });
  return { meetingId: meeting!.id, templateId: template!.id, temporaryId: temporary!.id };
}

export { runPurgeJobs } from '../files/testing.ts';

/** The audit records of one action about one entity. */
export const auditOf = (t: TestApp, action: string, entityId: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

/** The answer has this status, 200 by default. */
export const expectOk = (res: { status: number; raw: { body: string } }, status = 200) =>
  expect(res.status, res.raw.body).toBe(status);

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enumNumber, FileScopes, FileTypes } from '@roomscale/shared';
import type { Endpoint } from '@roomscale/shared/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, fileItems } from '../../db/schema.ts';
import { newObjectKey, teamKeyPrefix } from '../../platform/storage/keys.ts';
import { callUnchecked, type EndpointCall } from '../../test/callEndpoint.ts';
import { call, expectProblem } from '../../test/factories.ts';
import type { TestApp } from '../../test/harness.ts';
import type { Person } from '../../test/workspace.ts';

export const UNKNOWN_ID = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';

type Method = 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST';
type Caller = Person | undefined;

/** One admin call, signed in as `by` (anonymous when undefined). */
export const adminCall = (t: TestApp, method: Method, url: string, by: Caller, body?: unknown) =>
  call(t, method, url, { token: by?.session, ...(body === undefined ? {} : { body }) });

/** The first rungs of the ladder: nobody signed in gets 401, a non-super-admin 403. */
export async function expectSuperAdminOnly(
  t: TestApp,
  method: Method,
  url: string,
  notSuperAdmin: Person,
  body?: unknown,
) {
  expectProblem(await adminCall(t, method, url, undefined, body), 401);
  expectProblem(await adminCall(t, method, url, notSuperAdmin, body), 403);
}

/** The same first rungs for one endpoint of the contract, called with `input` (no token). */
export async function expectSuperAdminOnlyAt<E extends Endpoint>(
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

export { runPurgeJobs } from '../files/testing.ts';

/** The audit records of one action about one entity. */
export const auditOf = (t: TestApp, action: string, entityId: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

/** The reply (an inject reply, or callEndpoint's answer) has this status, 200 by default. */
export function expectOk(
  res: { statusCode: number; body: string } | { raw: { statusCode: number; body: string } },
  status = 200,
) {
  const reply = 'statusCode' in res ? res : res.raw;
  expect(reply.statusCode, reply.body).toBe(status);
}

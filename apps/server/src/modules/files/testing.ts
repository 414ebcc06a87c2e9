import type { FileItem, FileType } from '@roomscale/shared';
import { type CallInput, type Endpoint, filesApi, guestFilesApi } from '@roomscale/shared/contract';
import { expect } from 'vitest';
import { JobRunner } from '../../platform/jobs/runner.ts';
import { type Answer, callEndpoint, callUnchecked } from '../../test/callEndpoint.ts';
import type { TestApp } from '../../test/harness.ts';
import { pngBytes } from '../../test/mediaFixtures.ts';
import { type LiveApp, putRange } from '../storage/testing.ts';
import { STORAGE_PURGE, storagePurgeHandler } from './purge.ts';

/** A real 2×1 PNG: the server checks the structure, not only the signature. */
export const PNG = pngBytes();
export const PDF = Buffer.from('%PDF-1.7\n% a tiny document\n');
export const NOTE = Buffer.from(JSON.stringify({ text: 'Buy milk', backgroundColor: '#FFFF7A' }));
export const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom0000mp41')]);

export type Item = FileItem;

/** Who calls: a person with a session token, or a bare token (a guest's), or nobody. */
export type Caller = { session: { access_token: string } | string } | undefined;

type Body<E extends Endpoint> = CallInput<E>['body'];
const tokenOf = (by: Caller) => by?.session;

/** Uploads bytes through an upload slot's address; returns the blob URI a file item stores. */
async function uploadTo(
  t: LiveApp,
  slot: Answer<typeof filesApi.uploadSlot | typeof guestFilesApi.uploadSlot>,
  data: Buffer,
  contentType: string,
) {
  expect(slot.status, slot.raw.body).toBe(200);
  const { fileUploadUri } = slot.body;
  const started = await fetch(t.local(fileUploadUri), {
    method: 'POST',
    headers: { 'x-goog-resumable': 'start', 'content-type': contentType },
  });
  expect(started.status).toBe(201);
  const session = t.local(started.headers.get('location')!);
  const range = data.length === 0 ? 'bytes */0' : `bytes 0-${data.length - 1}/${data.length}`;
  const put = await putRange(session, range, new Uint8Array(data));
  expect([200, 201]).toContain(put.status);
  return fileUploadUri.split('?')[0]!;
}

/**
 * The `file()` builder of a file API, the guests' or a team's: uploads the bytes through
 * `upload`, creates the item naming the blob through `create`, and answers the item.
 */
function fileBuilder<B, R>(
  upload: (by: Caller, data: Buffer, contentType: string) => Promise<string>,
  create: (
    by: Caller,
    body: { name: string; type: FileType; blobUri: string } & Partial<B>,
  ) => Promise<{ status: number; raw: { body: string }; body: R }>,
) {
  return async (
    by: Caller,
    name: string,
    extra: Partial<B> = {},
    data = PNG,
    contentType = 'image/png',
    type: FileType = 'Image',
  ) => {
    const blobUri = await upload(by, data, contentType);
    const res = await create(by, { name, type, blobUri, ...extra });
    expect(res.status, res.raw.body).toBe(200);
    return res.body;
  };
}

/**
 * The guests' file calls (guestFilesApi), with uploads through their upload slot. The
 * `unchecked` ones take input the contract refuses, to see the app refuse it too.
 */
export function guestFiles(app: () => LiveApp) {
  const api = guestFilesApi;
  const slot = (by?: Caller) => callEndpoint(app(), api.uploadSlot, { token: tokenOf(by) });
  const create = (by: Caller, body: Body<typeof api.create>) =>
    callEndpoint(app(), api.create, { body, token: tokenOf(by) });
  const list = (by: Caller, body: Body<typeof api.list> = {}) =>
    callEndpoint(app(), api.list, { body, token: tokenOf(by) });
  const get = (fileId: string, by: Caller) =>
    callEndpoint(app(), api.download, { params: { fileItemId: fileId }, token: tokenOf(by) });
  const patch = (fileId: string, by: Caller, body: Body<typeof api.edit>) =>
    callEndpoint(app(), api.edit, { params: { fileItemId: fileId }, body, token: tokenOf(by) });
  const remove = (fileId: string, by: Caller) =>
    callEndpoint(app(), api.remove, { params: { fileItemId: fileId }, token: tokenOf(by) });
  const unchecked = {
    create: (by: Caller, body: object) =>
      callUnchecked(app(), api.create, { body, token: tokenOf(by) }),
    list: (by: Caller, body: object) =>
      callUnchecked(app(), api.list, { body, token: tokenOf(by) }),
    patch: (fileId: string, by: Caller, body: object) =>
      callUnchecked(app(), api.edit, { params: { fileItemId: fileId }, body, token: tokenOf(by) }),
  };
  const upload = async (by: Caller, data: Buffer, contentType: string) =>
    uploadTo(app(), await slot(by), data, contentType);

  const file = fileBuilder(upload, create);

  return { slot, create, list, get, patch, remove, unchecked, upload, file };
}

/**
 * The team file calls (filesApi), each taking the team id first (as files.test.ts reads them),
 * with uploads through the team's upload slot. The `unchecked` ones take input the contract
 * refuses, to see the app refuse it too.
 */
export function teamFiles(app: () => LiveApp) {
  const api = filesApi;
  const at = (organizationId: string, fileItemId: string) => ({ organizationId, fileItemId });
  const slot = (teamId: string, by?: Caller) =>
    callEndpoint(app(), api.uploadSlot, {
      params: { organizationId: teamId },
      token: tokenOf(by),
    });
  const create = (teamId: string, by: Caller, body: Body<typeof api.create>) =>
    callEndpoint(app(), api.create, {
      params: { organizationId: teamId },
      body,
      token: tokenOf(by),
    });
  const list = (teamId: string, by: Caller, body: Body<typeof api.list> = {}) =>
    callEndpoint(app(), api.list, { params: { organizationId: teamId }, body, token: tokenOf(by) });
  const get = (teamId: string, fileId: string, by: Caller) =>
    callEndpoint(app(), api.get, { params: at(teamId, fileId), token: tokenOf(by) });
  const patch = (teamId: string, fileId: string, by: Caller, body: Body<typeof api.edit>) =>
    callEndpoint(app(), api.edit, { params: at(teamId, fileId), body, token: tokenOf(by) });
  const remove = (teamId: string, fileId: string, by: Caller) =>
    callEndpoint(app(), api.remove, { params: at(teamId, fileId), token: tokenOf(by) });
  const crumbs = (teamId: string, fileId: string, by: Caller) =>
    callEndpoint(app(), api.breadcrumb, { params: at(teamId, fileId), token: tokenOf(by) });
  const download = (fileId: string, by: Caller) =>
    callEndpoint(app(), api.download, { params: { fileItemId: fileId }, token: tokenOf(by) });
  const unchecked = {
    create: (teamId: string, by: Caller, body: object) =>
      callUnchecked(app(), api.create, {
        params: { organizationId: teamId },
        body,
        token: tokenOf(by),
      }),
    list: (teamId: string, by: Caller, body: object) =>
      callUnchecked(app(), api.list, {
        params: { organizationId: teamId },
        body,
        token: tokenOf(by),
      }),
    patch: (teamId: string, fileId: string, by: Caller, body: object) =>
      callUnchecked(app(), api.edit, { params: at(teamId, fileId), body, token: tokenOf(by) }),
  };
  const upload = async (teamId: string, by: Caller, data: Buffer, contentType: string) =>
    uploadTo(app(), await slot(teamId, by), data, contentType);
  const folder = async (
    teamId: string,
    by: Caller,
    name: string,
    extra: Partial<Body<typeof api.create>> = {},
  ) => {
    const res = await create(teamId, by, { name, type: 'Folder', ...extra });
    expect(res.status, res.raw.body).toBe(200);
    return res.body;
  };
  const fileIn = (teamId: string) =>
    fileBuilder(
      (by, data, contentType) => upload(teamId, by, data, contentType),
      (by, body: Body<typeof api.create>) => create(teamId, by, body),
    );
  const file = (teamId: string, ...rest: Parameters<ReturnType<typeof fileIn>>) =>
    fileIn(teamId)(...rest);
  const names = async (teamId: string, by: Caller, body: Body<typeof api.list> = {}) => {
    const res = await list(teamId, by, body);
    expect(res.status, res.raw.body).toBe(200);
    return res.body.results.map((r) => r.name);
  };
  return {
    slot,
    create,
    list,
    get,
    patch,
    remove,
    crumbs,
    download,
    unchecked,
    upload,
    folder,
    file,
    names,
  };
}

/**
 * The team file calls answering inject replies (status code and text), for the tests that read
 * them so (the backup's, the team users' concurrency).
 */
export function fileApi(app: () => LiveApp) {
  const files = teamFiles(app);
  return {
    ...files,
    create: async (teamId: string, by: Caller, body: Body<typeof filesApi.create>) =>
      (await files.create(teamId, by, body)).raw,
    remove: async (teamId: string, fileId: string, by: Caller) =>
      (await files.remove(teamId, fileId, by)).raw,
  };
}

/** Runs the due jobs with the purge handler, as the job runner of main.ts would. */
export async function runPurgeJobs(t: Pick<TestApp, 'ctx'>) {
  const runner = new JobRunner(t.ctx.db, t.ctx.clock, t.ctx.log, {
    [STORAGE_PURGE]: storagePurgeHandler(t.ctx),
  });
  return runner.drain();
}

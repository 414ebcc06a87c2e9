import { expect } from 'vitest';
import { JobRunner } from '../../platform/jobs/runner.ts';
import { call } from '../../test/factories.ts';
import type { TestApp } from '../../test/harness.ts';
import { pngBytes } from '../../test/mediaFixtures.ts';
import type { Person } from '../../test/workspace.ts';
import { type LiveApp, putRange } from '../storage/testing.ts';
import { STORAGE_PURGE, storagePurgeHandler } from './purge.ts';

/** A real 2×1 PNG: the server checks the structure, not only the signature. */
export const PNG = pngBytes();
export const PDF = Buffer.from('%PDF-1.7\n% a tiny document\n');
export const NOTE = Buffer.from(JSON.stringify({ text: 'Buy milk', backgroundColor: '#FFFF7A' }));
export const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom0000mp41')]);

export type Item = { fileId: string; name: string; type: string; [k: string]: unknown };

/** Who calls: a person with a session token, or a bare token (a guest's), or nobody. */
export type Caller = { session: { access_token: string } | string } | undefined;

/**
 * The file calls of one base path (a team's `/api/Organizations/{id}/File`, or the guests'
 * `/api/Guests/Files`), with uploads through that base's upload slot.
 */
export function filesAt(app: () => LiveApp, base: string) {
  const token = (by: Caller) => by?.session;
  const slot = (by?: Caller) => call(app(), 'GET', `${base}/Upload`, { token: token(by) });
  const create = (by: Caller, body: unknown) =>
    call(app(), 'PUT', base, { token: token(by), body });
  const list = (by: Caller, body: unknown = {}) =>
    call(app(), 'POST', base, { token: token(by), body });
  const get = (fileId: string, by: Caller) =>
    call(app(), 'GET', `${base}/${fileId}`, { token: token(by) });
  const patch = (fileId: string, by: Caller, body: unknown) =>
    call(app(), 'PATCH', `${base}/${fileId}`, { token: token(by), body });
  const remove = (fileId: string, by: Caller) =>
    call(app(), 'DELETE', `${base}/${fileId}`, { token: token(by) });

  /** Uploads bytes through the upload slot; returns the blob URI a file item stores. */
  async function upload(by: Caller, data: Buffer, contentType: string) {
    const t = app();
    const res = await slot(by);
    expect(res.statusCode, res.body).toBe(200);
    const { fileUploadUri } = res.json() as { fileUploadUri: string };
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

  async function file(
    by: Caller,
    name: string,
    extra: object = {},
    data = PNG,
    contentType = 'image/png',
    type = 'Image',
  ) {
    const blobUri = await upload(by, data, contentType);
    const res = await create(by, { name, type, blobUri, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Item;
  }

  return { slot, create, list, get, patch, remove, upload, file };
}

/** The team file calls, each taking the team id first (as files.test.ts reads them). */
export function fileApi(app: () => LiveApp) {
  const base = (teamId: string) => `/api/Organizations/${teamId}/File`;
  const at = (teamId: string) => filesAt(app, base(teamId));
  const folder = async (teamId: string, by: Person, name: string, extra: object = {}) => {
    const res = await at(teamId).create(by, { name, type: 'Folder', ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Item;
  };
  return {
    slot: (teamId: string, by?: Person) => at(teamId).slot(by),
    create: (teamId: string, by: Person | undefined, body: unknown) => at(teamId).create(by, body),
    list: (teamId: string, by: Person | undefined, body: unknown = {}) => at(teamId).list(by, body),
    get: (teamId: string, fileId: string, by: Person | undefined) => at(teamId).get(fileId, by),
    patch: (teamId: string, fileId: string, by: Person | undefined, body: unknown) =>
      at(teamId).patch(fileId, by, body),
    remove: (teamId: string, fileId: string, by: Person | undefined) =>
      at(teamId).remove(fileId, by),
    crumbs: (teamId: string, fileId: string, by: Person | undefined) =>
      call(app(), 'GET', `${base(teamId)}/${fileId}/Breadcrumb`, { token: by?.session }),
    download: (fileId: string, by: Person | undefined) =>
      call(app(), 'GET', `/api/File/${fileId}`, { token: by?.session }),
    upload: (teamId: string, by: Person, data: Buffer, contentType: string) =>
      at(teamId).upload(by, data, contentType),
    folder,
    file: (
      teamId: string,
      by: Person,
      name: string,
      extra: object = {},
      data = PNG,
      contentType = 'image/png',
      type = 'Image',
    ) => at(teamId).file(by, name, extra, data, contentType, type),
    names: async (teamId: string, by: Person, body: unknown = {}) => {
      const res = await at(teamId).list(by, body);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { results: Item[] }).results.map((r) => r.name);
    },
  };
}

/** Runs the due jobs with the purge handler, as the job runner of main.ts would. */
export async function runPurgeJobs(t: Pick<TestApp, 'ctx'>) {
  const runner = new JobRunner(t.ctx.db, t.ctx.clock, t.ctx.log, {
    [STORAGE_PURGE]: storagePurgeHandler(t.ctx),
  });
  return runner.drain();
}

import {
  enumNumber,
  FileScopes,
  FileTypes,
  fileLimits,
  fileMessages,
  security,
} from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileItems, jobs } from '../../db/schema.ts';
import { expectProblem } from '../../test/factories.ts';
import { addMember, type Person, person, team } from '../../test/workspace.ts';
import { type LiveApp, startLiveApp } from '../storage/testing.ts';
import { type Item, MP4, NOTE, PDF, PNG, runPurgeJobs, teamFiles } from './testing.ts';

let t: LiveApp;
let outsider: Person;
beforeAll(async () => {
  t = await startLiveApp();
});
beforeEach(async () => {
  outsider = await person(t);
});
afterAll(() => t.close());

const {
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
} = teamFiles(() => t);

describe('GET …/File/Upload', () => {
  it('gives members a signed upload address of the team', async () => {
    const w = await team(t);
    expectProblem(await slot(w.id), 401);
    expectProblem(await slot(w.id, outsider), 404);
    const res = await slot(w.id, w.member);
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.fileUploadUri).toContain(`org/${w.id}/`);
    expect(Date.parse(body.expiry)).toBeGreaterThan(t.clock.now().getTime());
  });
});

describe('PUT …/File (create)', () => {
  it('requires a member of the team', async () => {
    const w = await team(t);
    expectProblem(await create(w.id, undefined, { name: 'A', type: 'Folder' }), 401);
    expectProblem(await create(w.id, outsider, { name: 'A', type: 'Folder' }), 404);
  });

  it('validates each field', async () => {
    const w = await team(t);
    const m = w.member;
    expectProblem(await create(w.id, m, { name: ' ', type: 'Folder' }), 400, 'name');
    expectProblem(
      await create(w.id, m, { name: 'x'.repeat(fileLimits.nameMax + 1), type: 'Folder' }),
      400,
      'name',
    );
    expectProblem(await unchecked.create(w.id, m, { name: 'A', type: 'Rocket' }), 400, 'type');
    expectProblem(await create(w.id, m, { name: 'A', type: 'Unknown' }), 400, 'type');
    expectProblem(
      await create(w.id, m, { name: 'A', type: 'Folder', scope: 'Demo' }),
      400,
      'scope',
    );
    expectProblem(
      await create(w.id, m, { name: 'A', type: 'Folder', parentFileId: 'nope' }),
      400,
      'parentFileId',
    );
    expectProblem(
      await create(w.id, m, {
        name: 'A',
        type: 'Folder',
        parentFileId: '00000000-0000-4000-8000-000000000000',
      }),
      400,
      'parentFileId',
      fileMessages.folderNotFound,
    );
    expectProblem(await create(w.id, m, { name: 'A', type: 'Image' }), 400, 'blobUri');
    expectProblem(
      await create(w.id, m, { name: 'A', type: 'Folder', blobUri: 'https://x.test/a' }),
      400,
      'blobUri',
      fileMessages.folderHasNoContent,
    );
    expectProblem(
      await create(w.id, m, { name: 'A', type: 'Image', blobUri: 'https://evil.test/org/x/y' }),
      400,
      'blobUri',
      fileMessages.notOurUpload,
    );
    expectProblem(
      await unchecked.create(w.id, m, {
        name: 'A',
        type: 'Folder',
        properties: { a: { nested: 1 } },
      }),
      400,
      'properties.a',
    );
  });

  it('refuses another team’s upload, a missing upload and a file placed in a file', async () => {
    const w = await team(t);
    const other = await team(t);
    const foreign = await upload(other.id, other.member, PNG, 'image/png');
    expectProblem(
      await create(w.id, w.member, { name: 'A', type: 'Image', blobUri: foreign }),
      400,
      'blobUri',
      fileMessages.notOurUpload,
    );
    const { fileUploadUri } = (await slot(w.id, w.member)).body;
    expectProblem(
      await create(w.id, w.member, {
        name: 'A',
        type: 'Image',
        blobUri: fileUploadUri.split('?')[0],
      }),
      400,
      'blobUri',
      fileMessages.uploadMissing,
    );
    const img = await file(w.id, w.member, 'photo.png');
    expectProblem(
      await create(w.id, w.member, { name: 'again.png', type: 'Image', blobUri: img.blobUri }),
      400,
      'blobUri',
      fileMessages.uploadInUse,
    );
    expectProblem(
      await create(w.id, w.member, { name: 'B', type: 'Folder', parentFileId: img.fileId }),
      400,
      'parentFileId',
      fileMessages.parentNotFolder,
    );
  });

  it('refuses content whose magic bytes do not match the declared type', async () => {
    const w = await team(t);
    const pdfAsImage = await upload(w.id, w.member, PDF, 'image/png');
    expectProblem(
      await create(w.id, w.member, { name: 'fake.png', type: 'Image', blobUri: pdfAsImage }),
      400,
      'blobUri',
      fileMessages.typeNotSupported('fake.png'),
    );
    const pngAsPdf = await upload(w.id, w.member, PNG, 'application/pdf');
    expectProblem(
      await create(w.id, w.member, { name: 'doc', type: 'Document', blobUri: pngAsPdf }),
      400,
      'blobUri',
      fileMessages.typeNotSupported('doc'),
    );
    const notGlb = await upload(w.id, w.member, PDF, 'model/gltf-binary');
    expectProblem(
      await create(w.id, w.member, { name: 'house.glb', type: 'Model3D', blobUri: notGlb }),
      400,
      'blobUri',
      fileMessages.typeNotSupported('house.glb'),
    );
    const notNote = await upload(w.id, w.member, PNG, 'application/json');
    expectProblem(
      await create(w.id, w.member, { name: 'n', type: 'Note', blobUri: notNote }),
      400,
      'blobUri',
    );
    const notVideo = await upload(w.id, w.member, PDF, 'video/mp4');
    expectProblem(
      await create(w.id, w.member, { name: 'v.mp4', type: 'Video', blobUri: notVideo }),
      400,
      'blobUri',
      fileMessages.typeNotSupported('v.mp4'),
    );
  });

  it('creates folders, files and notes with their presented fields', async () => {
    const w = await team(t);
    const f = await folder(w.id, w.member, 'Plans');
    expect(f).toMatchObject({
      type: 'Folder',
      scope: 'Organization',
      source: 'WebPlatform',
      parentFileId: null,
      childFileCount: 0,
      createdByName: 'Max Member',
      fileExtension: null,
      blobUri: null,
    });
    const doc = await file(
      w.id,
      w.member,
      'Site plan',
      { parentFileId: f.fileId },
      PDF,
      'application/pdf',
      'Document',
    );
    expect(doc).toMatchObject({
      name: 'Site plan',
      type: 'Document',
      parentFileId: f.fileId,
      parentFileName: 'Plans',
      parentFileType: 'Folder',
      mimeType: 'application/pdf',
      contentLength: PDF.length,
      fileExtension: 'pdf',
      organizationId: w.id,
    });
    expect(String(doc.blobUri)).toContain(`org/${w.id}/`);
    const note = await file(
      w.id,
      w.member,
      'Note',
      { properties: { name: 'Note' } },
      NOTE,
      'application/json',
      'Note',
    );
    expect(note).toMatchObject({
      type: 'Note',
      properties: { name: 'Note' },
      fileExtension: 'json',
    });
    const thumb = await upload(w.id, w.member, PNG, 'image/jpeg');
    const withThumb = await file(w.id, w.member, 'photo.png', { thumbnailBlobUri: thumb });
    expect(withThumb.thumbnailBlobUri).toBe(thumb);
    const reread = await get(w.id, f.fileId, w.admin);
    expect(reread.body).toMatchObject({ childFileCount: 1 });
  });

  it('takes the folder’s scope; a personal folder refuses team items', async () => {
    const w = await team(t);
    const mine = await folder(w.id, w.member, 'Mine', { scope: 'User' });
    const inside = await folder(w.id, w.member, 'Inside', { parentFileId: mine.fileId });
    expect(inside.scope).toBe('User');
    expectProblem(
      await create(w.id, w.member, {
        name: 'X',
        type: 'Folder',
        parentFileId: mine.fileId,
        scope: 'Organization',
      }),
      400,
      'scope',
    );
    // Another member cannot put anything in it: it does not exist for them.
    expectProblem(
      await create(w.id, w.admin, { name: 'X', type: 'Folder', parentFileId: mine.fileId }),
      400,
      'parentFileId',
      fileMessages.folderNotFound,
    );
  });

  it('queues the media probe of a video', async () => {
    const w = await team(t);
    const v = await file(w.id, w.member, 'walk.mp4', {}, MP4, 'video/mp4', 'Video');
    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'media.probe'));
    expect(queued.some((j) => (j.payload as { fileId: string }).fileId === v.fileId)).toBe(true);
  });
});

describe('GET …/File/{id}', () => {
  it('shows team files to members, personal files to their owner only', async () => {
    const w = await team(t);
    const shared = await folder(w.id, w.member, 'Shared');
    const personal = await folder(w.id, w.member, 'Personal', { scope: 'User' });
    expectProblem(await get(w.id, shared.fileId, undefined), 401);
    expectProblem(await get(w.id, shared.fileId, outsider), 404);
    expectProblem(await get(w.id, personal.fileId, w.admin), 404);
    expect((await get(w.id, personal.fileId, w.member)).status).toBe(200);
    expect((await get(w.id, shared.fileId, w.admin)).body).toMatchObject({ name: 'Shared' });
    const other = await team(t);
    await addMemberTo(other.id, w.member);
    expectProblem(await get(other.id, shared.fileId, w.member), 404);
    expectProblem(await get(w.id, 'not-a-uuid', w.member), 400, 'fileItemId');
  });
});

const addMemberTo = (teamId: string, p: Person) => addMember(t, teamId, p.id, 'User');

describe('POST …/File (list)', () => {
  it('requires a member and validates the query', async () => {
    const w = await team(t);
    expectProblem(await list(w.id, undefined), 401);
    expectProblem(await list(w.id, outsider), 404);
    expectProblem(await unchecked.list(w.id, w.member, { sortBy: 'Size' }), 400, 'sortBy');
    expectProblem(await list(w.id, w.member, { pagination: { page: 0 } }), 400, 'pagination.page');
    expectProblem(
      await list(w.id, w.member, { pagination: { pageSize: 101 } }),
      400,
      'pagination.pageSize',
    );
    expectProblem(
      await unchecked.list(w.id, w.member, { includedFileTypes: ['Rocket'] }),
      400,
      'includedFileTypes.0',
    );
    expectProblem(await list(w.id, w.member, { scopes: ['Demo'] }), 400, 'scopes.0');
    expectProblem(
      await list(w.id, w.member, { parentFileId: '00000000-0000-4000-8000-000000000000' }),
      404,
    );
  });

  it('lists folders first, sorts, filters and pages', async () => {
    const w = await team(t);
    const m = w.member;
    await file(w.id, m, 'b-photo.png');
    await file(w.id, m, 'a-doc', {}, PDF, 'application/pdf', 'Document');
    await folder(w.id, m, 'Zeta');
    await folder(w.id, m, 'alpha');
    const inner = await folder(w.id, m, 'Inner', { scope: 'User' });
    await file(w.id, m, 'deep.png', { parentFileId: inner.fileId });
    await folder(w.id, w.admin, 'Admin private', { scope: 'User' });

    expect(await names(w.id, m)).toEqual(['alpha', 'Inner', 'Zeta', 'a-doc', 'b-photo.png']);
    expect(await names(w.id, m, { sortBy: 'NameDescending' })).toEqual([
      'Zeta',
      'Inner',
      'alpha',
      'b-photo.png',
      'a-doc',
    ]);
    expect(
      await names(w.id, m, { sortBy: 'TypeAscending', excludedFileTypes: ['Folder'] }),
    ).toEqual(['b-photo.png', 'a-doc']);
    expect(await names(w.id, m, { includedFileTypes: ['Document'] })).toEqual(['a-doc']);
    expect(await names(w.id, m, { scopes: ['User'] })).toEqual(['Inner']);
    expect(await names(w.id, m, { parentFileId: inner.fileId })).toEqual(['deep.png']);
    expect(
      await names(w.id, m, {
        hierarchical: false,
        excludedFileTypes: ['Folder'],
        sortBy: 'NameAscending',
      }),
    ).toEqual(['a-doc', 'b-photo.png', 'deep.png']);
    expect(await names(w.id, m, { sources: ['VR'] })).toEqual([]);
    expect(await names(w.id, w.admin)).toEqual([
      'Admin private',
      'alpha',
      'Zeta',
      'a-doc',
      'b-photo.png',
    ]);

    const page2 = await list(w.id, m, { pagination: { page: 2, pageSize: 2 } });
    expect(page2.body).toMatchObject({ pageCount: 3, entryCount: 5, currentPage: 2 });
    expect(page2.body.results.map((r) => r.name)).toEqual(['Zeta', 'a-doc']);
  });
});

describe('PATCH …/File/{id}', () => {
  it('requires a member who sees the item and validates the fields', async () => {
    const w = await team(t);
    const f = await folder(w.id, w.member, 'F');
    const personal = await folder(w.id, w.member, 'P', { scope: 'User' });
    expectProblem(await patch(w.id, f.fileId, undefined, { name: 'G' }), 401);
    expectProblem(await patch(w.id, f.fileId, outsider, { name: 'G' }), 404);
    expectProblem(await patch(w.id, personal.fileId, w.admin, { name: 'G' }), 404);
    expectProblem(await patch(w.id, f.fileId, w.member, { name: '' }), 400, 'name');
    expectProblem(await patch(w.id, f.fileId, w.member, { scope: 'Guest' }), 400, 'scope');
    expectProblem(
      await patch(w.id, f.fileId, w.member, { parentFileId: 'x' }),
      400,
      'parentFileId',
    );
    expectProblem(
      await patch(w.id, f.fileId, w.member, { blobUri: 'https://x.test/a' }),
      400,
      'blobUri',
      fileMessages.folderHasNoContent,
    );
  });

  it('renames, sets properties, moves, and refuses a cycle', async () => {
    const w = await team(t);
    const m = w.member;
    const a = await folder(w.id, m, 'A');
    const b = await folder(w.id, m, 'B', { parentFileId: a.fileId });
    const c = await folder(w.id, m, 'C', { parentFileId: b.fileId });
    const img = await file(w.id, m, 'pic.png');
    expectProblem(
      await patch(w.id, a.fileId, m, { parentFileId: c.fileId }),
      400,
      'parentFileId',
      fileMessages.moveIntoItself,
    );
    expectProblem(
      await patch(w.id, a.fileId, m, { parentFileId: a.fileId }),
      400,
      'parentFileId',
      fileMessages.moveIntoItself,
    );
    expectProblem(
      await patch(w.id, a.fileId, m, { parentFileId: img.fileId }),
      400,
      'parentFileId',
      fileMessages.parentNotFolder,
    );
    const moved = await patch(w.id, img.fileId, w.admin, {
      parentFileId: c.fileId,
      name: 'Picture.png',
      properties: { name: 'Picture', Description: 'Front', ProjectionMode: 10 },
    });
    expect(moved.status, moved.raw.body).toBe(200);
    expect(moved.body).toMatchObject({
      name: 'Picture.png',
      parentFileId: c.fileId,
      parentFileName: 'C',
      properties: { Description: 'Front', ProjectionMode: 10 },
      lastModifiedByName: 'Alice Admin',
    });
    const top = await patch(w.id, img.fileId, m, { parentFileId: null });
    expect(top.body).toMatchObject({ parentFileId: null });
    // A team folder moved into a personal one becomes personal with all it holds.
    const mine = await folder(w.id, m, 'Mine', { scope: 'User' });
    expect((await patch(w.id, a.fileId, m, { parentFileId: mine.fileId })).status).toBe(200);
    expectProblem(await get(w.id, c.fileId, w.admin), 404);
    expect((await get(w.id, c.fileId, m)).body).toMatchObject({ scope: 'User' });
    // Moving into a folder of another team is impossible: it is not found.
    const other = await team(t);
    await addMemberTo(other.id, m);
    const foreign = await folder(other.id, m, 'Foreign');
    expectProblem(
      await patch(w.id, img.fileId, m, { parentFileId: foreign.fileId }),
      400,
      'parentFileId',
      fileMessages.folderNotFound,
    );
  });

  it('changes the scope of a top-level item and replaces the content', async () => {
    const w = await team(t);
    const img = await file(w.id, w.member, 'pic.png');
    const oldKey = t.ctx.storage.keyFromBlobUri(String(img.blobUri))!;
    const personal = await patch(w.id, img.fileId, w.member, { scope: 'User' });
    expect(personal.body).toMatchObject({ scope: 'User' });
    expectProblem(await get(w.id, img.fileId, w.admin), 404);
    const pdf = await upload(w.id, w.member, PDF, 'image/png');
    expectProblem(await patch(w.id, img.fileId, w.member, { blobUri: pdf }), 400, 'blobUri');
    const next = await upload(w.id, w.member, Buffer.concat([PNG, PNG]), 'image/png');
    const replaced = await patch(w.id, img.fileId, w.member, { blobUri: next });
    expect(replaced.body).toMatchObject({ blobUri: next, contentLength: PNG.length * 2 });
    // The replaced object goes by the purge job queued with the change.
    expect(await t.ctx.storage.stat(oldKey)).not.toBeNull();
    await runPurgeJobs(t);
    expect(await t.ctx.storage.stat(oldKey)).toBeNull();
  });
});

describe('DELETE …/File/{id}', () => {
  it('requires a member who sees the item', async () => {
    const w = await team(t);
    const f = await folder(w.id, w.member, 'F');
    const personal = await folder(w.id, w.member, 'P', { scope: 'User' });
    expectProblem(await remove(w.id, f.fileId, undefined), 401);
    expectProblem(await remove(w.id, f.fileId, outsider), 404);
    expectProblem(await remove(w.id, personal.fileId, w.admin), 404);
    expectProblem(await remove(w.id, 'x', w.member), 400, 'fileItemId');
  });

  it('deletes a folder with everything in it and their stored blobs', async () => {
    const w = await team(t);
    const top = await folder(w.id, w.member, 'Top');
    const sub = await folder(w.id, w.member, 'Sub', { parentFileId: top.fileId });
    const a = await file(w.id, w.member, 'a.png', { parentFileId: top.fileId });
    const b = await file(
      w.id,
      w.member,
      'b.pdf',
      { parentFileId: sub.fileId },
      PDF,
      'application/pdf',
      'Document',
    );
    const keep = await file(w.id, w.member, 'keep.png');
    const keys = [a, b].map((x) => t.ctx.storage.keyFromBlobUri(String(x.blobUri))!);
    const res = await remove(w.id, top.fileId, w.admin);
    expect(res.status, res.raw.body).toBe(204);
    // The stored objects go by the purge job the deletion queued, not within the call.
    for (const key of keys) expect(await t.ctx.storage.stat(key)).not.toBeNull();
    await runPurgeJobs(t);
    for (const key of keys) expect(await t.ctx.storage.stat(key)).toBeNull();
    for (const id of [top, sub, a, b]) expectProblem(await get(w.id, id.fileId, w.member), 404);
    expect((await get(w.id, keep.fileId, w.member)).status).toBe(200);
    expect(
      await t.ctx.storage.stat(t.ctx.storage.keyFromBlobUri(String(keep.blobUri))!),
    ).not.toBeNull();
  });
});

describe('GET …/File/{id}/Breadcrumb', () => {
  it('lists the folders above, top-most first, capped with hasMore', async () => {
    const w = await team(t);
    expectProblem(await crumbs(w.id, '00000000-0000-4000-8000-000000000000', w.member), 404);
    let parentFileId: string | undefined;
    const chain: Item[] = [];
    for (const name of ['L1', 'L2', 'L3', 'L4', 'L5']) {
      const f = await folder(w.id, w.member, name, parentFileId ? { parentFileId } : {});
      chain.push(f);
      parentFileId = f.fileId;
    }
    expectProblem(await crumbs(w.id, chain[0]!.fileId, undefined), 401);
    expectProblem(await crumbs(w.id, chain[0]!.fileId, outsider), 404);
    const short = (await crumbs(w.id, chain[1]!.fileId, w.member)).body;
    expect(short).toEqual({
      nodes: [
        { name: 'L1', fileId: chain[0]!.fileId, order: 1 },
        { name: 'L2', fileId: chain[1]!.fileId, order: 0 },
      ],
      hasMore: false,
    });
    const deep = (await crumbs(w.id, chain[4]!.fileId, w.member)).body;
    expect(deep.nodes.map((n) => n.name)).toEqual(['L2', 'L3', 'L4', 'L5']);
    expect(deep.nodes.map((n) => n.order)).toEqual([3, 2, 1, 0]);
    expect(deep.hasMore).toBe(true);
    const four = (await crumbs(w.id, chain[3]!.fileId, w.member)).body;
    expect(four.hasMore).toBe(false);
  });
});

describe('GET /api/File/{id} (download)', () => {
  it('gives a short-lived signed address that downloads the bytes under the file name', async () => {
    const w = await team(t);
    const doc = await file(w.id, w.member, 'Site plan', {}, PDF, 'application/pdf', 'Document');
    const personal = await folder(w.id, w.member, 'P', { scope: 'User' });
    expectProblem(await download(doc.fileId, undefined), 401);
    expectProblem(await download(doc.fileId, outsider), 404);
    expectProblem(await download(personal.fileId, w.admin), 404);
    expectProblem(await download(personal.fileId, w.member), 400);
    const res = await download(doc.fileId, w.admin);
    expect(res.status, res.raw.body).toBe(200);
    const info = res.body;
    expect(info).toMatchObject({
      type: 'Document',
      mimeType: 'application/pdf',
      fileExtension: 'pdf',
    });
    expect(Date.parse(info.expiry)).toBeGreaterThan(t.clock.now().getTime());
    const got = await fetch(t.local(info.blobUri));
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    expect(got.headers.get('content-disposition')).toContain('Site plan.pdf');
  });
});

describe('thumbnailUri (signed thumbnail address of every presented item)', () => {
  const thumbBytes = async (uri: unknown) => {
    expect(typeof uri).toBe('string');
    const got = await fetch(t.local(String(uri)));
    expect(got.status).toBe(200);
    return Buffer.from(await got.arrayBuffer());
  };

  it('signs the thumbnail in create, list, get and update answers; null without one', async () => {
    const w = await team(t);
    const thumb = await upload(w.id, w.member, PNG, 'image/png');
    const photo = await file(w.id, w.member, 'photo.png', { thumbnailBlobUri: thumb });
    expect(photo.thumbnailUri).not.toBe(thumb);
    expect(new URL(String(photo.thumbnailUri)).searchParams.get('X-Goog-Expires')).toBe(
      String(security.downloadUrlSeconds),
    );
    expect((await thumbBytes(photo.thumbnailUri)).equals(PNG)).toBe(true);
    const bare = await file(w.id, w.member, 'bare.png');
    const dir = await folder(w.id, w.member, 'Plans');
    expect(bare.thumbnailUri).toBeNull();
    expect(dir.thumbnailUri).toBeNull();

    const res = await list(w.id, w.admin, {});
    expect(res.status, res.raw.body).toBe(200);
    const byName = new Map(res.body.results.map((r) => [r.name, r]));
    expect(byName.get('bare.png')!.thumbnailUri).toBeNull();
    expect(byName.get('Plans')!.thumbnailUri).toBeNull();
    expect((await thumbBytes(byName.get('photo.png')!.thumbnailUri)).equals(PNG)).toBe(true);

    const one = (await get(w.id, photo.fileId, w.admin)).body;
    expect((await thumbBytes(one.thumbnailUri)).equals(PNG)).toBe(true);

    const other = Buffer.concat([PNG, Buffer.from(' another thumbnail')]);
    const next = await upload(w.id, w.member, other, 'image/png');
    const moved = await patch(w.id, bare.fileId, w.member, {
      parentFileId: dir.fileId,
      thumbnailBlobUri: next,
    });
    expect(moved.status, moved.raw.body).toBe(200);
    expect((await thumbBytes(moved.body.thumbnailUri)).equals(other)).toBe(true);
    const cleared = await patch(w.id, photo.fileId, w.member, { thumbnailBlobUri: null });
    expect(cleared.body.thumbnailUri).toBeNull();
  });

  it('is not handed to another team’s members', async () => {
    const w = await team(t);
    const thumb = await upload(w.id, w.member, PNG, 'image/png');
    const photo = await file(w.id, w.member, 'photo.png', { thumbnailBlobUri: thumb });
    const other = await team(t);
    expectProblem(await get(w.id, photo.fileId, other.member), 404);
    expectProblem(await list(w.id, other.member, {}), 404);
    expectProblem(await get(other.id, photo.fileId, other.member), 404);
    const theirs = await list(other.id, other.member, {});
    expect(theirs.body.results).toEqual([]);
  });
});

describe('Demo and Template items', () => {
  it('are shown to the team’s members but cannot be changed, deleted or filled', async () => {
    const w = await team(t);
    const [demo] = await t.ctx.db
      .insert(fileItems)
      .values({
        organizationId: w.id,
        name: 'Demo room assets',
        type: enumNumber(FileTypes, 'Folder'),
        scope: enumNumber(FileScopes, 'Demo'),
        created: t.clock.now(),
      })
      .returning({ id: fileItems.id });
    const id = demo!.id;
    expect(await names(w.id, w.member)).toEqual(['Demo room assets']);
    expect((await get(w.id, id, w.member)).body).toMatchObject({ scope: 'Demo' });
    expectProblem(await get(w.id, id, outsider), 404);
    const renamed = await patch(w.id, id, w.member, { name: 'Mine now' });
    expect(expectProblem(renamed, 403).detail).toBe(fileMessages.readOnly);
    expect(expectProblem(await remove(w.id, id, w.admin), 403).detail).toBe(fileMessages.readOnly);
    expectProblem(
      await create(w.id, w.member, { name: 'In demo', type: 'Folder', parentFileId: id }),
      400,
      'parentFileId',
      fileMessages.readOnly,
    );
    expect((await get(w.id, id, w.member)).body).toMatchObject({ name: 'Demo room assets' });
  });
});

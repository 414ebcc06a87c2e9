import { fileMessages, type GuestToken, TranscodingStatus } from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileItems } from '../../db/schema.ts';
import { expectProblem } from '../../test/factories.ts';
import { signInGuest } from '../../test/guests.ts';
import { exeBytes } from '../../test/mediaFixtures.ts';
import { team } from '../../test/workspace.ts';
import { guestFiles, NOTE, PDF, PNG, runPurgeJobs, teamFiles } from '../files/testing.ts';
import { type LiveApp, startLiveApp } from '../storage/testing.ts';

let t: LiveApp;
beforeAll(async () => {
  t = await startLiveApp();
});
afterAll(() => t.close());

const guests = guestFiles(() => t);
const teams = teamFiles(() => t);
const as = (g: GuestToken) => ({ session: g.access_token });
const anyId = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';

describe('guest file calls: who may call', () => {
  const calls = (by: { session: string } | undefined) => [
    guests.slot(by),
    guests.create(by, { name: 'x', type: 'Folder' }),
    guests.list(by),
    guests.get(anyId, by),
    guests.patch(anyId, by, { name: 'y' }),
    guests.remove(anyId, by),
  ];

  it('refuses callers without a guest token, and team members’ tokens (401)', async () => {
    for (const res of await Promise.all(calls(undefined))) expectProblem(res, 401);
    const w = await team(t);
    const member = { session: w.member.session.access_token };
    for (const res of await Promise.all(calls(member))) expectProblem(res, 401);
  });

  it('does not take a guest token on the team file calls', async () => {
    const w = await team(t);
    const g = await signInGuest(t);
    expectProblem(await teams.list(w.id, { session: g } as never), 401);
    expectProblem(await teams.download(anyId, as(g)), 401);
  });
});

describe('guest files', () => {
  it('uploads under the guest’s own prefix and creates, lists, renames, moves and deletes', async () => {
    const g = await signInGuest(t);
    const slot = await guests.slot(as(g));
    expect(slot.status, slot.raw.body).toBe(200);
    const blobUri = slot.body.fileUploadUri.split('?')[0]!;
    expect(t.ctx.storage.keyFromBlobUri(blobUri)!.startsWith(`guest/${g.guestId}/`)).toBe(true);

    const folderRes = await guests.create(as(g), { name: 'Plans', type: 'Folder' });
    expect(folderRes.status, folderRes.raw.body).toBe(200);
    const folder = folderRes.body;
    expect(folder).toMatchObject({ organizationId: null, scope: 'Guest', createdBy: null });
    const doc = await guests.file(as(g), 'Site plan.pdf', {}, PDF, 'application/pdf', 'Document');
    expect(doc).toMatchObject({ scope: 'Guest', mimeType: 'application/pdf', parentFileId: null });
    const note = await guests.file(
      as(g),
      'Note',
      { parentFileId: folder.fileId },
      NOTE,
      'application/json',
      'Note',
    );
    expect(note).toMatchObject({ parentFileId: folder.fileId, parentFileName: 'Plans' });

    const top = await guests.list(as(g));
    expect(top.body.results.map((r) => r.name)).toEqual(['Plans', 'Site plan.pdf']);
    const inside = await guests.list(as(g), { parentFileId: folder.fileId });
    expect(inside.body.results.map((r) => r.name)).toEqual(['Note']);

    const moved = await guests.patch(doc.fileId, as(g), {
      name: 'Plan.pdf',
      parentFileId: folder.fileId,
    });
    expect(moved.status, moved.raw.body).toBe(200);
    expect(moved.body).toMatchObject({ name: 'Plan.pdf', parentFileId: folder.fileId });

    const info = await guests.get(doc.fileId, as(g));
    expect(info.status, info.raw.body).toBe(200);
    const got = await fetch(t.local(info.body.blobUri));
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    expect(got.headers.get('content-disposition')).toContain('Plan.pdf');
    expectProblem(await guests.get(folder.fileId, as(g)), 400);

    const docKey = t.ctx.storage.keyFromBlobUri(String(doc.blobUri))!;
    expect((await guests.remove(folder.fileId, as(g))).status).toBe(204);
    expect((await guests.list(as(g))).body).toMatchObject({ results: [], entryCount: 0 });
    await runPurgeJobs(t);
    expect(await t.ctx.storage.stat(docKey)).toBeNull();
  });

  it('lists a guest’s thumbnails with signed addresses that download them', async () => {
    const g = await signInGuest(t);
    const thumb = await guests.upload(as(g), PNG, 'image/png');
    const photo = await guests.file(as(g), 'photo.png', { thumbnailBlobUri: thumb });
    const bare = await guests.file(as(g), 'bare.png');
    expect(bare.thumbnailUri).toBeNull();
    const listed = (await guests.list(as(g))).body;
    const shown = listed.results.find((r) => r.fileId === photo.fileId)!;
    const got = await fetch(t.local(String(shown.thumbnailUri)));
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
    const other = await signInGuest(t);
    expect((await guests.list(as(other))).body).toMatchObject({ results: [] });
  });

  it('queues the media probe of a guest video like a team one', async () => {
    const g = await signInGuest(t);
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom0000mp41')]);
    const v = await guests.file(as(g), 'walk.mp4', {}, mp4, 'video/mp4', 'Video');
    expect(v.properties).toMatchObject({ TranscodingStatus: TranscodingStatus.Running });
    expect(expectProblem(await guests.get(v.fileId, as(g)), 409).detail).toBe(
      fileMessages.videoProcessing,
    );
  });

  it('keeps guests apart: another guest’s files are not found and their uploads not usable', async () => {
    const a = await signInGuest(t);
    const b = await signInGuest(t);
    const folder = (await guests.create(as(a), { name: 'Mine', type: 'Folder' })).body;
    const img = await guests.file(as(a), 'pic.png');
    expectProblem(await guests.get(img.fileId, as(b)), 404);
    expectProblem(await guests.patch(img.fileId, as(b), { name: 'taken' }), 404);
    expectProblem(await guests.remove(img.fileId, as(b)), 404);
    expect((await guests.list(as(b))).body).toMatchObject({ entryCount: 0 });
    expectProblem(await guests.list(as(b), { parentFileId: folder.fileId }), 404);
    expectProblem(
      await guests.create(as(b), { name: 'In yours', type: 'Folder', parentFileId: folder.fileId }),
      400,
      'parentFileId',
      fileMessages.folderNotFound,
    );
    const aUpload = await guests.upload(as(a), PNG, 'image/png');
    expectProblem(
      await guests.create(as(b), { name: 'stolen.png', type: 'Image', blobUri: aUpload }),
      400,
      'blobUri',
      fileMessages.notGuestUpload,
    );
    expect((await guests.get(img.fileId, as(a))).status).toBe(200);
    expect(await t.ctx.db.select().from(fileItems).where(eq(fileItems.name, 'stolen.png'))).toEqual(
      [],
    );
  });

  it('never crosses with team files, either way', async () => {
    const g = await signInGuest(t);
    const w = await team(t);
    const teamFile = await teams.file(w.id, w.member, 'team.png');
    const teamUpload = await teams.upload(w.id, w.member, PNG, 'image/png');
    expectProblem(await guests.get(teamFile.fileId, as(g)), 404);
    expectProblem(await guests.patch(teamFile.fileId, as(g), { name: 'x' }), 404);
    expectProblem(await guests.remove(teamFile.fileId, as(g)), 404);
    expectProblem(
      await guests.create(as(g), { name: 'x.png', type: 'Image', blobUri: teamUpload }),
      400,
      'blobUri',
      fileMessages.notGuestUpload,
    );
    const guestFile = await guests.file(as(g), 'guest.png');
    const guestUpload = await guests.upload(as(g), PNG, 'image/png');
    expectProblem(await teams.get(w.id, guestFile.fileId, w.member), 404);
    expectProblem(await teams.download(guestFile.fileId, w.member), 404);
    expectProblem(
      await teams.create(w.id, w.member, { name: 'y.png', type: 'Image', blobUri: guestUpload }),
      400,
      'blobUri',
      fileMessages.notOurUpload,
    );
    expect(await teams.names(w.id, w.member, { hierarchical: false })).toEqual(['team.png']);
  });

  it('validates each field (400 per field) and writes nothing', async () => {
    const g = await signInGuest(t);
    const before = await t.ctx.db
      .select()
      .from(fileItems)
      .where(eq(fileItems.ownerGuestEmail, g.email));
    expectProblem(await guests.unchecked.create(as(g), { type: 'Folder' }), 400, 'name');
    expectProblem(await guests.create(as(g), { name: 'x', type: 'Unknown' }), 400, 'type');
    expectProblem(
      await guests.unchecked.create(as(g), { name: 'x', type: 'Spaceship' }),
      400,
      'type',
    );
    expectProblem(
      await guests.create(as(g), { name: 'x', type: 'Folder', scope: 'Organization' }),
      400,
      'scope',
    );
    expectProblem(await guests.create(as(g), { name: 'x', type: 'Image' }), 400, 'blobUri');
    expectProblem(
      await guests.create(as(g), { name: 'x', type: 'Image', blobUri: 'https://evil.example/a' }),
      400,
      'blobUri',
    );
    const pdfAsImage = await guests.upload(as(g), PDF, 'image/png');
    expectProblem(
      await guests.create(as(g), { name: 'x.png', type: 'Image', blobUri: pdfAsImage }),
      400,
      'blobUri',
      fileMessages.typeNotSupported('x.png'),
    );
    expectProblem(await guests.list(as(g), { scopes: ['User'] }), 400, 'scopes.0');
    expectProblem(await guests.list(as(g), { pagination: { pageSize: 1000 } }), 400);
    expectProblem(await guests.get('not-a-uuid', as(g)), 400, 'fileItemId');
    const f = (await guests.create(as(g), { name: 'F', type: 'Folder' })).body;
    expectProblem(await guests.patch(f.fileId, as(g), { name: '' }), 400, 'name');
    expectProblem(await guests.patch(f.fileId, as(g), { scope: 'Organization' }), 400, 'scope');
    expectProblem(
      await guests.patch(f.fileId, as(g), { parentFileId: f.fileId }),
      400,
      'parentFileId',
    );
    const after = await t.ctx.db
      .select()
      .from(fileItems)
      .where(eq(fileItems.ownerGuestEmail, g.email));
    expect(after.length).toBe(before.length + 1);
    expect((await guests.patch(f.fileId, as(g), { scope: 'Guest', name: 'G' })).body).toMatchObject(
      {
        name: 'G',
        scope: 'Guest',
      },
    );
  });
});

describe('guest uploads are sniffed like team uploads', () => {
  it('refuses an executable named x.stl and deletes it; stores a PNG declared as HTML as a PNG', async () => {
    const g = await signInGuest(t);
    const exe = await guests.upload(as(g), exeBytes(), 'text/plain');
    expectProblem(
      await guests.create(as(g), { name: 'x.stl', type: 'Model3D', blobUri: exe }),
      400,
      'blobUri',
      fileMessages.typeNotSupported('x.stl'),
    );
    expect(await t.ctx.storage.stat(t.ctx.storage.keyFromBlobUri(exe)!)).toBeNull();
    expect(
      await t.ctx.db.select().from(fileItems).where(eq(fileItems.ownerGuestEmail, g.email)),
    ).toEqual([]);

    const png = await guests.upload(as(g), PNG, 'text/html');
    const made = await guests.create(as(g), { name: 'me.png', type: 'Image', blobUri: png });
    expect(made.status, made.raw.body).toBe(200);
    const item = made.body;
    expect(item.mimeType).toBe('image/png');
    const info = await guests.get(item.fileId, as(g));
    const { blobUri, mimeType } = info.body;
    expect(mimeType).toBe('image/png');
    const served = await fetch(t.local(blobUri));
    expect(served.headers.get('content-type')).toBe('image/png');
  });
});

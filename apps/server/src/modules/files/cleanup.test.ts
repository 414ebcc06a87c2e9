import { fileLimits } from '@roomscale/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInGuest } from '../../test/guests.ts';
import { advance, team } from '../../test/workspace.ts';
import { type LiveApp, startLiveApp } from '../storage/testing.ts';
import { deleteUnreferencedUploads, sweepStorage } from './cleanup.ts';
import { guestFiles, NOTE, PNG, runPurgeJobs, teamFiles } from './testing.ts';

let t: LiveApp;
beforeAll(async () => {
  t = await startLiveApp();
});
afterAll(() => t.close());

const { upload, create, file, remove } = teamFiles(() => t);
const guests = guestFiles(() => t);
const day = 86_400;
const exists = async (blobUri: string) =>
  (await t.ctx.storage.stat(t.ctx.storage.keyFromBlobUri(blobUri)!)) !== null;

describe('unreferenced uploads', () => {
  it(`are deleted ${fileLimits.unreferencedUploadDays} days after they finished; referenced ones stay`, async () => {
    const w = await team(t);
    const g = await signInGuest(t);
    const asGuest = { session: g.access_token };
    const abandoned = await upload(w.id, w.member, PNG, 'image/png');
    const guestAbandoned = await guests.upload(asGuest, PNG, 'image/png');
    const thumb = await upload(w.id, w.member, PNG, 'image/png');
    const note = await file(
      w.id,
      w.member,
      'Note',
      { thumbnailBlobUri: thumb },
      NOTE,
      'application/json',
      'Note',
    );
    const guestFile = await guests.file(asGuest, 'mine.png');
    const refused = await upload(w.id, w.member, PNG, 'image/png');
    // A create refused for bad input leaves its upload behind, too.
    const missingFolder = '00000000-0000-4000-8000-000000000000';
    expect(
      (
        await create(w.id, w.member, {
          name: 'x.png',
          type: 'Image',
          blobUri: refused,
          parentFileId: missingFolder,
        })
      ).status,
    ).toBe(400);
    // One refused for its content is deleted at once.
    const notPdf = await upload(w.id, w.member, PNG, 'application/pdf');
    expect(
      (await create(w.id, w.member, { name: 'x.pdf', type: 'Document', blobUri: notPdf })).status,
    ).toBe(400);
    expect(await exists(notPdf)).toBe(false);

    await advance(t, fileLimits.unreferencedUploadDays * day - 60, w.member);
    expect(await deleteUnreferencedUploads(t.ctx, t.clock.now())).toBe(0);
    expect(await exists(abandoned)).toBe(true);

    const fresh = await upload(w.id, w.member, PNG, 'image/png');
    t.clock.advance(120);
    const swept = await sweepStorage(t.ctx, t.clock.now());
    expect(swept.uploads).toBe(3);
    expect(await exists(abandoned)).toBe(false);
    expect(await exists(guestAbandoned)).toBe(false);
    expect(await exists(refused)).toBe(false);
    expect(await exists(String(note.blobUri))).toBe(true);
    expect(await exists(thumb)).toBe(true);
    expect(await exists(String(guestFile.blobUri))).toBe(true);
    expect(await exists(fresh)).toBe(true);
    expect(await deleteUnreferencedUploads(t.ctx, t.clock.now())).toBe(0);

    // Deleting the item queues its blobs' purge; once it has run nothing is left for the sweep.
    expect((await remove(w.id, note.fileId, w.member)).status).toBe(204);
    await runPurgeJobs(t);
    expect(await exists(thumb)).toBe(false);
    t.clock.advance(fileLimits.unreferencedUploadDays * day);
    expect(await deleteUnreferencedUploads(t.ctx, t.clock.now())).toBe(1); // `fresh`
    expect(await exists(String(guestFile.blobUri))).toBe(true);
  });
});

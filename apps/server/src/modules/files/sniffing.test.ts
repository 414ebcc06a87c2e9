import { type FileType, fileLimits, uploadMessages } from '@roomscale/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileItems } from '../../db/schema.ts';
import { expectProblem } from '../../test/factories.ts';
import {
  exeBytes,
  fbxAsciiBytes,
  fbxBinaryBytes,
  glbBytes,
  gltfBytes,
  htmlBytes,
  jpegBytes,
  mp4Bytes,
  objBytes,
  pdfBytes,
  pngBytes,
  stlAsciiBytes,
  stlBinaryBytes,
} from '../../test/mediaFixtures.ts';
import { team } from '../../test/workspace.ts';
import { type LiveApp, startLiveApp } from '../storage/testing.ts';
import { teamFiles } from './testing.ts';

let t: LiveApp;
beforeAll(async () => {
  t = await startLiveApp();
});
afterAll(() => t.close());

const { create, patch, download, upload, names } = teamFiles(() => t);
const refused = (name: string) => uploadMessages.unsupportedType(name);

/** The Content-Type the signed download address of an item serves. */
async function servedType(fileId: string, by: Parameters<typeof download>[1]) {
  const info = await download(fileId, by);
  expect(info.status, info.raw.body).toBe(200);
  const { blobUri, mimeType } = info.body;
  const res = await fetch(t.local(blobUri));
  expect(res.status).toBe(200);
  return { announced: mimeType, served: res.headers.get('content-type') };
}

const keyOf = (blobUri: string) => t.ctx.storage.keyFromBlobUri(blobUri)!;

describe('the stored content type comes from the bytes', () => {
  it('stores and serves a PNG declared as text/html as image/png, thumbnail too', async () => {
    const w = await team(t);
    const blobUri = await upload(w.id, w.member, pngBytes(), 'text/html');
    const thumb = await upload(w.id, w.member, pngBytes(), 'text/html; charset=utf-8');
    const res = await create(w.id, w.member, {
      name: 'photo.png',
      type: 'Image',
      blobUri,
      thumbnailBlobUri: thumb,
    });
    expect(res.status, res.raw.body).toBe(200);
    const item = res.body;
    expect(item.mimeType).toBe('image/png');
    expect(await servedType(item.fileId, w.member)).toEqual({
      announced: 'image/png',
      served: 'image/png',
    });
    const thumbRes = await fetch(t.local(item.thumbnailUri!));
    expect(thumbRes.headers.get('content-type')).toBe('image/png');
    expect((await t.ctx.storage.stat(keyOf(blobUri)))?.contentType).toBe('image/png');
  });

  it('refuses a Windows executable named x.stl and deletes the upload', async () => {
    const w = await team(t);
    const blobUri = await upload(w.id, w.member, exeBytes(), 'text/plain');
    expectProblem(
      await create(w.id, w.member, { name: 'x.stl', type: 'Model3D', blobUri }),
      400,
      'blobUri',
      refused('x.stl'),
    );
    expect(await t.ctx.storage.stat(keyOf(blobUri))).toBeNull();
    expect(await names(w.id, w.member)).toEqual([]);
  });

  it.each([
    ['binary STL', 'part.stl', stlBinaryBytes(3), 'text/plain', 'model/stl'],
    [
      'binary STL whose header says solid',
      'solid.stl',
      stlBinaryBytes(1, 'solid x'),
      'text/plain',
      'model/stl',
    ],
    ['ASCII STL', 'part.stl', stlAsciiBytes(), 'text/plain', 'model/stl'],
    ['OBJ', 'cube.obj', objBytes(), 'text/plain', 'model/obj'],
    ['glTF', 'scene.gltf', gltfBytes(), 'model/gltf+json', 'model/gltf+json'],
    ['GLB', 'house.glb', glbBytes(), 'model/gltf-binary', 'model/gltf-binary'],
    ['binary FBX', 'rig.fbx', fbxBinaryBytes(), 'text/plain', 'application/fbx'],
    ['ASCII FBX', 'rig.fbx', fbxAsciiBytes(), 'application/octet-stream', 'application/fbx'],
  ])('accepts a %s as a 3D model stored as its type', async (_, name, bytes, declared, stored) => {
    const w = await team(t);
    const blobUri = await upload(w.id, w.member, bytes, declared);
    const res = await create(w.id, w.member, { name, type: 'Model3D', blobUri });
    expect(res.status, res.raw.body).toBe(200);
    const item = res.body;
    expect(item.mimeType).toBe(stored);
    expect(await servedType(item.fileId, w.member)).toEqual({ announced: stored, served: stored });
  });

  it.each<[string, string, FileType, Buffer, string, string]>([
    ['PDF', 'plan.pdf', 'Document', pdfBytes(), 'application/pdf', 'application/pdf'],
    ['MP4', 'clip.mp4', 'Video', mp4Bytes(), 'video/mp4', 'video/mp4'],
    ['PNG', 'photo.png', 'Image', pngBytes(), 'application/octet-stream', 'image/png'],
    ['JPEG', 'photo.jpeg', 'Image', jpegBytes(), 'image/png', 'image/jpeg'],
    [
      'PNG named .jpg (players read the bytes)',
      'photo.jpg',
      'Image',
      pngBytes(),
      'image/jpeg',
      'image/png',
    ],
    ['MP4 named .avi', 'talk.avi', 'Video', mp4Bytes(), 'video/x-msvideo', 'video/mp4'],
    ['MP4 holding sound', 'song.m4a', 'Audio', mp4Bytes(), 'audio/mp4', 'audio/mp4'],
  ])(
    'accepts a %s with the type its bytes have',
    async (_, name, type, bytes, declared, stored) => {
      const w = await team(t);
      const blobUri = await upload(w.id, w.member, bytes, declared);
      const res = await create(w.id, w.member, { name, type, blobUri });
      expect(res.status, res.raw.body).toBe(200);
      expect(res.body.mimeType).toBe(stored);
    },
  );

  it.each<[string, string, FileType, Buffer, string]>([
    ['an image named .pdf', 'scan.pdf', 'Document', pngBytes(), 'application/pdf'],
    ['an image named .pdf declared as an image', 'scan.pdf', 'Image', pngBytes(), 'image/png'],
    ['a PDF named .png', 'photo.png', 'Image', pdfBytes(), 'image/png'],
    ['a web page named .obj', 'x.obj', 'Model3D', htmlBytes(), 'text/plain'],
    ['a web page as a model without extension', 'model', 'Model3D', htmlBytes(), 'text/plain'],
    ['a web page named .png', 'x.png', 'Image', htmlBytes(), 'image/png'],
    ['an executable named .fbx', 'rig.fbx', 'Model3D', exeBytes(), 'text/plain'],
    ['an executable named .glb', 'a.glb', 'Model3D', exeBytes(), 'model/gltf-binary'],
    ['a GLB whose length is wrong', 'a.glb', 'Model3D', glbBytes(4096), 'model/gltf-binary'],
    ['a cut binary STL', 'cut.stl', 'Model3D', stlBinaryBytes(3).subarray(0, 150), 'text/plain'],
    ['an OBJ named .stl', 'cube.stl', 'Model3D', objBytes(), 'text/plain'],
    ['a glTF without asset', 'a.gltf', 'Model3D', Buffer.from('{"scenes":[]}'), 'model/gltf+json'],
    ['a PNG as a video', 'v.mp4', 'Video', pngBytes(), 'video/mp4'],
    ['a PNG named .html', 'photo.html', 'Image', pngBytes(), 'image/png'],
    ['a JPEG as a document', 'doc', 'Document', jpegBytes(), 'application/pdf'],
  ])('refuses %s with the upload error and deletes it', async (_, name, type, bytes, declared) => {
    const w = await team(t);
    const blobUri = await upload(w.id, w.member, bytes, declared);
    expectProblem(
      await create(w.id, w.member, { name, type, blobUri }),
      400,
      'blobUri',
      refused(name),
    );
    expect(await t.ctx.storage.stat(keyOf(blobUri))).toBeNull();
    expect(await names(w.id, w.member)).toEqual([]);
  });

  it('judges objects larger than the sample from their first and last bytes', async () => {
    const w = await team(t);
    const size = fileLimits.sniffBytes * 3;
    const lines = 'v 0.125 0.25 0.5\n'.repeat(Math.ceil(size / 17));
    const obj = Buffer.from(`o Big\n${lines}f 1 2 3\n`);
    const gltf = Buffer.from(
      `{"buffers":[{"uri":"data:application/octet-stream;base64,${'A'.repeat(size)}"}],"asset":{"version":"2.0"}}`,
    );
    const stl = stlBinaryBytes(Math.ceil(size / 50));
    for (const [name, bytes, stored] of [
      ['big.obj', obj, 'model/obj'],
      ['big.gltf', gltf, 'model/gltf+json'],
      ['big.stl', stl, 'model/stl'],
    ] as const) {
      const blobUri = await upload(w.id, w.member, bytes, 'application/octet-stream');
      const res = await create(w.id, w.member, { name, type: 'Model3D', blobUri });
      expect(res.status, res.raw.body).toBe(200);
      expect(res.body.mimeType).toBe(stored);
    }
    // The same large JSON without `asset` at either end is no glTF.
    const json = Buffer.from(`{"buffers":[{"uri":"${'A'.repeat(size)}"}]}`);
    const blobUri = await upload(w.id, w.member, json, 'model/gltf+json');
    expectProblem(
      await create(w.id, w.member, { name: 'big.gltf', type: 'Model3D', blobUri }),
      400,
      'blobUri',
      refused('big.gltf'),
    );
  });

  it('refuses replacement content that does not match and keeps the old content', async () => {
    const w = await team(t);
    const first = await upload(w.id, w.member, stlBinaryBytes(2), 'text/plain');
    const made = await create(w.id, w.member, {
      name: 'part.stl',
      type: 'Model3D',
      blobUri: first,
    });
    expect(made.status, made.raw.body).toBe(200);
    const item = made.body;
    const bad = await upload(w.id, w.member, exeBytes(), 'text/plain');
    expectProblem(
      await patch(w.id, item.fileId, w.member, { blobUri: bad }),
      400,
      'blobUri',
      refused('part.stl'),
    );
    expect(await t.ctx.storage.stat(keyOf(bad))).toBeNull();
    expect(await t.ctx.storage.stat(keyOf(first))).not.toBeNull();
    expect(await servedType(item.fileId, w.member)).toEqual({
      announced: 'model/stl',
      served: 'model/stl',
    });
  });

  it('refuses a rename whose extension claims another format than the content', async () => {
    const w = await team(t);
    const blobUri = await upload(w.id, w.member, pngBytes(), 'image/png');
    const item = (await create(w.id, w.member, { name: 'photo.png', type: 'Image', blobUri })).body;
    for (const name of ['photo.html', 'photo.pdf', 'photo.exe', 'photo.svg']) {
      expectProblem(await patch(w.id, item.fileId, w.member, { name }), 400, 'name', refused(name));
    }
    for (const name of ['Harbour at dawn', 'photo.jpg', 'Scan 12.2024', 'photo.PNG']) {
      const res = await patch(w.id, item.fileId, w.member, { name });
      expect(res.status, res.raw.body).toBe(200);
    }
    const model = await upload(w.id, w.member, stlBinaryBytes(2), 'text/plain');
    const part = (
      await create(w.id, w.member, { name: 'part.stl', type: 'Model3D', blobUri: model })
    ).body;
    expectProblem(await patch(w.id, part.fileId, w.member, { name: 'part.obj' }), 400, 'name');
  });

  it('never serves a stored type that is not one the bytes can have', async () => {
    const w = await team(t);
    const blobUri = await upload(w.id, w.member, pngBytes(), 'image/png');
    const made = await create(w.id, w.member, { name: 'photo.png', type: 'Image', blobUri });
    const item = made.body;
    // A row written before the check existed, carrying the type its uploader declared.
    await t.ctx.db
      .update(fileItems)
      .set({ mimeType: 'text/html' })
      .where(eq(fileItems.id, item.fileId));
    const { served } = await servedType(item.fileId, w.member);
    expect(served).not.toMatch(/html/);
    expect(served).toBe('application/octet-stream');
  });
});

import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/harness.ts';
import { keyBelongsTo, newObjectKey, teamKeyPrefix } from '../keys.ts';
import { localFileOf } from '../local-copy.ts';
import type { Storage } from '../types.ts';
import { uploadSlotFor } from '../upload-slot.ts';
import { LocalStorage } from './local-storage.ts';
import { storageSecret, UrlSigner } from './signing.ts';

const team = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';
let dir: string;
let storage: LocalStorage;
const clock = new TestClock();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rs-storage-'));
  storage = new LocalStorage(
    dir,
    'https://rs.example/',
    new UrlSigner(storageSecret('s'.repeat(40))),
    clock,
  );
});
afterAll(async () => {
  await storage.close();
  await rm(dir, { recursive: true, force: true });
});

/** An object stored through an upload session, without HTTP. */
async function put(key: string, content: string) {
  const id = await storage.uploads.start({
    key,
    contentType: 'text/plain',
    total: null,
    now: clock.now(),
  });
  const body = Buffer.from(content);
  const outcome = await storage.uploads.put(
    id,
    key,
    {
      range: { kind: 'rest', start: 0, total: body.length },
      contentLength: body.length,
      body: Readable.from([body]),
    },
    clock.now(),
  );
  expect(outcome.state).toBe('complete');
  return id;
}

describe('LocalStorage', () => {
  it('gives an upload slot of the team: a signed address whose path is the blob URI', async () => {
    const slot = await uploadSlotFor(storage, team);
    const url = new URL(slot.fileUploadUri);
    const blobUri = `${url.origin}${url.pathname}`;
    expect(blobUri.startsWith('https://rs.example/api/Storage/b/org/')).toBe(true);
    const key = storage.keyFromBlobUri(blobUri)!;
    expect(keyBelongsTo(key, teamKeyPrefix(team))).toBe(true);
    expect(url.searchParams.get('X-Goog-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    'https://rs.example/api/Storage/b/org/a/b?X-Goog-Signature=1',
    'https://rs.example/api/Storage/b/org/a/../b',
    'https://rs.example/api/Storage/b/',
    'https://other.example/api/Storage/b/org/a/b',
    'https://rs.example.evil/api/Storage/b/org/a/b',
    'https://storage.googleapis.com/rs/org/a/b',
  ])('accepts no foreign blob URI: %s', (uri) => {
    expect(storage.keyFromBlobUri(uri)).toBeNull();
  });

  it('stats, reads the head and a range of, retypes and deletes an object', async () => {
    const key = newObjectKey(teamKeyPrefix(team));
    expect(await storage.stat(key)).toBeNull();
    expect((await storage.readHead(key, 4)).length).toBe(0);
    await put(key, '%PDF-1.7 rest');
    expect(await storage.stat(key)).toEqual({ size: 13, contentType: 'text/plain' });
    expect((await storage.readHead(key, 5)).toString()).toBe('%PDF-');
    expect((await storage.readHead(key, 100)).toString()).toBe('%PDF-1.7 rest');
    expect((await storage.readRange(key, 9, 100)).toString()).toBe('rest');
    expect((await storage.readRange(key, 5, 3)).toString()).toBe('1.7');
    expect((await storage.readRange(key, 50, 3)).length).toBe(0);
    await storage.setContentType(key, 'application/pdf');
    expect(await storage.stat(key)).toEqual({ size: 13, contentType: 'application/pdf' });
    await storage.delete(key);
    await storage.setContentType(key, 'application/pdf');
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.stat(key)).toBeNull();
    await storage.delete(key);
  });

  it('deletes a whole team, with its unfinished uploads, and nothing of another team', async () => {
    const other = 'aaaaaaaa-5d4a-4e6b-9c7d-1a2b3c4d5e6f';
    const mine = newObjectKey(teamKeyPrefix(team));
    const theirs = newObjectKey(teamKeyPrefix(other));
    await put(mine, 'a');
    await put(theirs, 'b');
    const pending = await storage.uploads.start({
      key: newObjectKey(teamKeyPrefix(team)),
      contentType: 'text/plain',
      total: null,
      now: clock.now(),
    });
    await storage.deletePrefix(teamKeyPrefix(team));
    expect(await storage.stat(mine)).toBeNull();
    expect(await storage.stat(theirs)).toEqual({ size: 1, contentType: 'text/plain' });
    expect((await readdir(join(dir, 'uploads'))).some((n) => n.startsWith(pending))).toBe(false);
    await expect(storage.deletePrefix('org')).rejects.toThrow();
  });

  it('sweeps only expired sessions, and keeps the finished objects', async () => {
    const key = newObjectKey(teamKeyPrefix(team));
    const finished = await put(key, 'kept');
    const open = await storage.uploads.start({
      key: newObjectKey(teamKeyPrefix(team)),
      contentType: 'text/plain',
      total: null,
      now: clock.now(),
    });
    const names = async () => (await readdir(join(dir, 'uploads'))).join(' ');
    expect(await names()).toContain(open);
    clock.advance(7 * 86400);
    expect(await storage.sweep(clock.now())).toBeGreaterThanOrEqual(2);
    expect(await names()).not.toContain(open);
    expect(await names()).not.toContain(finished);
    expect(await storage.stat(key)).toEqual({ size: 4, contentType: 'text/plain' });
  });

  it('streams an object and names its file on this disk', async () => {
    const key = newObjectKey(teamKeyPrefix(team));
    expect(await storage.openRead(key)).toBeNull();
    expect(await storage.localPath(key)).toBeNull();
    await put(key, 'streamed bytes');
    const parts: Buffer[] = [];
    for await (const chunk of (await storage.openRead(key))!) parts.push(chunk as Buffer);
    expect(Buffer.concat(parts).toString()).toBe('streamed bytes');
    const path = await storage.localPath(key);
    expect(path).toBe(join(dir, 'objects', key));
    expect(await readFile(path!, 'utf8')).toBe('streamed bytes');
  });

  it('gives media tools a local file: its own, or a streamed copy for a remote driver', async () => {
    const key = newObjectKey(teamKeyPrefix(team));
    await put(key, 'video bytes');
    const work = await mkdtemp(join(tmpdir(), 'rs-copy-'));
    try {
      expect(await localFileOf(storage, key, work)).toBe(join(dir, 'objects', key));
      // A driver without local files (GCS): the bytes are piped into `work/input`.
      const remote: Storage = Object.create(storage, {
        localPath: { value: async () => null },
      });
      const copy = await localFileOf(remote, key, work);
      expect(copy).toBe(join(work, 'input'));
      expect(await readFile(copy!, 'utf8')).toBe('video bytes');
      expect(await localFileOf(remote, newObjectKey(teamKeyPrefix(team)), work)).toBeNull();
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('stores a local file as an object (server-side write) and replaces one of the same key', async () => {
    const key = newObjectKey(teamKeyPrefix(team));
    const work = await mkdtemp(join(tmpdir(), 'rs-put-'));
    try {
      const source = join(work, 'out.mp4');
      const content = Buffer.alloc(3 * 1024 * 1024 + 7, 'v');
      await writeFile(source, content);
      expect(await storage.put(key, source, 'video/mp4')).toEqual({
        size: content.length,
        contentType: 'video/mp4',
      });
      expect(await storage.stat(key)).toEqual({ size: content.length, contentType: 'video/mp4' });
      expect((await readFile(join(dir, 'objects', key))).equals(content)).toBe(true);
      expect(await readFile(source)).toHaveLength(content.length);
      const meta = JSON.parse(await readFile(join(dir, 'objects', `${key}.meta.json`), 'utf8'));
      expect(meta.md5).toBe(createHash('md5').update(content).digest('base64'));
      await writeFile(source, 'smaller');
      await storage.put(key, source, 'text/plain');
      expect(await storage.stat(key)).toEqual({ size: 7, contentType: 'text/plain' });
      expect((await readdir(join(dir, 'uploads'))).some((n) => n.startsWith('put-'))).toBe(false);
      await expect(storage.put('../x', source, 'text/plain')).rejects.toThrow();
      await expect(storage.put(key, join(work, 'missing'), 'text/plain')).rejects.toThrow();
      expect(await storage.stat(key)).toEqual({ size: 7, contentType: 'text/plain' });
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('lists finished objects under a prefix with their creation time', async () => {
    const other = 'bbbbbbbb-5d4a-4e6b-9c7d-1a2b3c4d5e6f';
    const a = newObjectKey(teamKeyPrefix(other));
    await put(a, 'a');
    clock.advance(60);
    const b = newObjectKey(teamKeyPrefix(other));
    await put(b, 'b');
    const guest = newObjectKey('guest/cccccccc-5d4a-4e6b-9c7d-1a2b3c4d5e6f/');
    await put(guest, 'g');
    const pending = newObjectKey(teamKeyPrefix(other));
    await storage.uploads.start({
      key: pending,
      contentType: 'text/plain',
      total: null,
      now: clock.now(),
    });
    const listed = [];
    for await (const o of storage.listObjects(teamKeyPrefix(other))) listed.push(o);
    listed.sort((x, y) => x.created.getTime() - y.created.getTime());
    expect(listed.map((o) => o.key)).toEqual([a, b]);
    expect(listed[1]!.created.getTime() - listed[0]!.created.getTime()).toBeGreaterThanOrEqual(
      60_000,
    );
    const guests = [];
    for await (const o of storage.listObjects('guest/')) guests.push(o.key);
    expect(guests).toContain(guest);
    expect(guests.every((k) => k.startsWith('guest/'))).toBe(true);
    const none = [];
    for await (const o of storage.listObjects('nothing/')) none.push(o);
    expect(none).toEqual([]);
  });
});

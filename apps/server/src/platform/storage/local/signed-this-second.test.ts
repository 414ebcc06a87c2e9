import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalStorage, SignedThisSecond } from './local-storage.ts';
import { storageSecret, UrlSigner } from './signing.ts';

/**
 * Download addresses signed once a second (`SignedThisSecond`): a list page signs one address
 * per thumbnail, and within one second the same download is the same address, so it is looked up
 * after the first. Each address must be the one a fresh signing writes, live as long as before,
 * and change with the file; the memo holds one second and a bounded number of addresses.
 */
const team = 'org/3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';
const key = `${team}/0d1e2f30-4152-4637-8899-aabbccddeeff`;
const otherKey = `${team}/1d1e2f30-4152-4637-8899-aabbccddeeff`;
const thumbnail = (name: string) => ({ fileName: `${name} thumbnail`, nameAsGiven: true });
let now = new Date('2026-03-01T10:00:00.123Z');
const clock = { now: () => now };
const secret = storageSecret('s'.repeat(40));
let dirs: string[] = [];
let storage: LocalStorage;
let signer: UrlSigner;

/** A storage of its own, with its own memo, on the same secret and clock. */
async function freshStorage(s = new UrlSigner(secret)) {
  const dir = await mkdtemp(join(tmpdir(), 'rs-memo-'));
  dirs.push(dir);
  return new LocalStorage(dir, 'https://rs.example/', s, clock);
}

beforeAll(async () => {
  signer = new UrlSigner(secret);
  storage = await freshStorage(signer);
});
afterAll(async () => {
  await storage.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  dirs = [];
});

/** A fresh storage's address for the same download at the same time: what signing writes. */
async function signedAnew(k: string, opts: Parameters<LocalStorage['downloadUrl']>[1]) {
  const fresh = await freshStorage();
  try {
    return (await fresh.downloadUrl(k, opts)).url;
  } finally {
    await fresh.close();
  }
}

const verifies = (url: string, at: Date) => {
  const u = new URL(url);
  return signer.verify({
    method: 'GET',
    key: decodeURIComponent(u.pathname.replace('/api/Storage/b/', '')),
    query: u.searchParams,
    contentType: undefined,
    now: at,
  });
};

describe('download addresses signed once a second', () => {
  it('signs a download once within a second, and hands out the address a fresh signing writes', async () => {
    now = new Date('2026-03-01T10:00:00.123Z');
    const sign = vi.spyOn(signer, 'sign');
    try {
      const first = await storage.downloadUrl(key, thumbnail('Photo 001.jpg'));
      now = new Date('2026-03-01T10:00:00.876Z');
      const again = await storage.downloadUrl(key, thumbnail('Photo 001.jpg'));
      expect(sign).toHaveBeenCalledTimes(1);
      expect(again.url).toBe(first.url);
      expect(again.url).toBe(await signedAnew(key, thumbnail('Photo 001.jpg')));
      // The expiry is the call's own, as before: an hour from this call.
      expect(again.expiry.toISOString()).toBe('2026-03-01T11:00:00.876Z');
    } finally {
      sign.mockRestore();
    }
  });

  it('gives an address that expires as before: an hour after the second it is handed out in', async () => {
    now = new Date('2026-03-01T10:00:05.100Z');
    const before = await storage.downloadUrl(key, thumbnail('Photo 001.jpg'));
    now = new Date('2026-03-01T10:00:06.100Z');
    const next = await storage.downloadUrl(key, thumbnail('Photo 001.jpg'));
    expect(new URL(before.url).searchParams.get('X-Goog-Date')).toBe('20260301T100005Z');
    expect(new URL(next.url).searchParams.get('X-Goog-Date')).toBe('20260301T100006Z');
    expect(next.url).toBe(await signedAnew(key, thumbnail('Photo 001.jpg')));
    expect(verifies(next.url, new Date('2026-03-01T11:00:05.999Z'))).toBe(true);
    expect(verifies(next.url, new Date('2026-03-01T11:00:06.000Z'))).toBe(false);
    expect(verifies(before.url, new Date('2026-03-01T11:00:05.000Z'))).toBe(false);
  });

  it('signs anew for a clock set back to an earlier second', async () => {
    now = new Date('2026-03-01T10:00:09.000Z');
    await storage.downloadUrl(key, thumbnail('Photo 001.jpg'));
    now = new Date('2026-03-01T10:00:08.500Z');
    const back = await storage.downloadUrl(key, thumbnail('Photo 001.jpg'));
    expect(new URL(back.url).searchParams.get('X-Goog-Date')).toBe('20260301T100008Z');
    expect(back.url).toBe(await signedAnew(key, thumbnail('Photo 001.jpg')));
  });

  it('gives a changed file a new address: another key, name, type or lifetime', async () => {
    now = new Date('2026-03-01T10:00:20.000Z');
    const downloads: [string, Parameters<LocalStorage['downloadUrl']>[1]][] = [
      [key, thumbnail('Photo 001.jpg')],
      [otherKey, thumbnail('Photo 001.jpg')],
      [key, thumbnail('Photo 002.jpg')],
      [key, { fileName: 'Photo 001.jpg thumbnail', contentType: 'image/png' }],
      [key, { fileName: 'Photo 001.jpg thumbnail', contentType: 'image/jpeg' }],
      [key, { ...thumbnail('Photo 001.jpg'), expiresInSeconds: 60 }],
      // A type and a name that would run into each other if the memo did not keep them apart.
      [key, { fileName: 'b\nc', contentType: 'a' }],
      [key, { fileName: 'c', contentType: 'a\nb' }],
    ];
    const urls: string[] = [];
    for (const [k, opts] of downloads) {
      const url = (await storage.downloadUrl(k, opts)).url;
      expect(url).toBe(await signedAnew(k, opts));
      urls.push(url);
    }
    expect(new Set(urls).size).toBe(downloads.length);
    // Asked again in the same second, each is its own address still.
    for (const [i, [k, opts]] of downloads.entries()) {
      expect((await storage.downloadUrl(k, opts)).url).toBe(urls[i]);
    }
  });

  it('holds one second and at most its bound of addresses', async () => {
    const memo = new SignedThisSecond(3);
    memo.get(100, 'a');
    for (const id of ['a', 'b', 'c', 'd']) memo.set(100, id, `url ${id}`);
    expect(memo.size).toBe(3);
    expect(memo.get(100, 'c')).toBe('url c');
    expect(memo.get(100, 'd')).toBeUndefined();
    // An address of another second is never kept, and a call in another second empties it.
    memo.set(99, 'e', 'url e');
    expect(memo.get(100, 'e')).toBeUndefined();
    expect(memo.get(101, 'a')).toBeUndefined();
    expect(memo.size).toBe(0);
    expect(memo.get(100, 'a')).toBeUndefined();

    // Past the bound, addresses are still signed, each as a fresh signing writes it.
    now = new Date('2026-03-01T10:00:30.000Z');
    const bounded = await freshStorage();
    const max = bounded.signedThisSecond.max;
    for (let i = 0; i < max + 10; i++) {
      await bounded.downloadUrl(key, thumbnail(`Photo ${i}`));
    }
    expect(bounded.signedThisSecond.size).toBe(max);
    const past = await bounded.downloadUrl(key, thumbnail(`Photo ${max + 5}`));
    expect(past.url).toBe(await signedAnew(key, thumbnail(`Photo ${max + 5}`)));
    await bounded.close();
  });
});

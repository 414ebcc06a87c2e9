import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { security } from '@roomscale/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Remembered } from '../../remembered.ts';
import { LocalStorage, steadyKey } from './local-storage.ts';
import { storageSecret, UrlSigner } from './signing.ts';

/**
 * Download addresses steady for a few minutes (`security.downloadUrlSteadySeconds`): dated to the
 * start of those minutes, the same download is the same address within them, signed once and
 * looked up after that (`steadyKey`). Each address must be the one a fresh signing writes,
 * work its lifetime from its date, and change with the file and the next minutes; the addresses
 * kept are bounded.
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

describe('download addresses steady for a few minutes', () => {
  it('is the same address within the steady minutes, signed once, as a fresh signing writes it', async () => {
    now = new Date('2026-03-01T10:00:00.123Z');
    const sign = vi.spyOn(signer, 'sign');
    try {
      const first = await storage.downloadUrl(key, thumbnail('Photo 001.jpg'));
      now = new Date('2026-03-01T10:04:59.876Z');
      const again = await storage.downloadUrl(key, thumbnail('Photo 001.jpg'));
      expect(sign).toHaveBeenCalledTimes(1);
      expect(again.url).toBe(first.url);
      expect(again.url).toBe(await signedAnew(key, thumbnail('Photo 001.jpg')));
      expect(new URL(again.url).searchParams.get('X-Goog-Date')).toBe('20260301T100000Z');
      // It works an hour from the start of the steady minutes: the expiry says so.
      expect(again.expiry.toISOString()).toBe('2026-03-01T11:00:00.000Z');
    } finally {
      sign.mockRestore();
    }
  });

  it('works its lifetime from the start of its minutes, and the next minutes get a new address', async () => {
    now = new Date('2026-03-01T10:07:30.000Z');
    const handed = await storage.downloadUrl(key, thumbnail('Photo 001.jpg'));
    expect(new URL(handed.url).searchParams.get('X-Goog-Date')).toBe('20260301T100500Z');
    expect(new URL(handed.url).searchParams.get('X-Goog-Expires')).toBe(
      String(security.downloadUrlSeconds),
    );
    expect(verifies(handed.url, new Date('2026-03-01T11:04:59.999Z'))).toBe(true);
    expect(verifies(handed.url, new Date('2026-03-01T11:05:00.000Z'))).toBe(false);
    // At least the lifetime less the steady minutes from when it is handed out.
    const left = handed.expiry.getTime() - now.getTime();
    expect(left).toBeGreaterThan(
      (security.downloadUrlSeconds - security.downloadUrlSteadySeconds) * 1000,
    );
    expect(left).toBeLessThanOrEqual(security.downloadUrlSeconds * 1000);

    now = new Date('2026-03-01T10:10:00.000Z');
    const next = await storage.downloadUrl(key, thumbnail('Photo 001.jpg'));
    expect(next.url).not.toBe(handed.url);
    expect(new URL(next.url).searchParams.get('X-Goog-Date')).toBe('20260301T101000Z');
    expect(next.url).toBe(await signedAnew(key, thumbnail('Photo 001.jpg')));
  });

  it('keeps a short lifetime steady for a twelfth of it', async () => {
    now = new Date('2026-03-01T10:00:07.500Z');
    const short = await storage.downloadUrl(key, {
      ...thumbnail('Photo 001.jpg'),
      expiresInSeconds: 60,
    });
    expect(new URL(short.url).searchParams.get('X-Goog-Date')).toBe('20260301T100005Z');
    expect(short.expiry.toISOString()).toBe('2026-03-01T10:01:05.000Z');
  });

  it('dates by the earlier minutes again for a clock set back', async () => {
    now = new Date('2026-03-01T10:20:00.000Z');
    await storage.downloadUrl(key, thumbnail('Photo 001.jpg'));
    now = new Date('2026-03-01T10:14:59.500Z');
    const back = await storage.downloadUrl(key, thumbnail('Photo 001.jpg'));
    expect(new URL(back.url).searchParams.get('X-Goog-Date')).toBe('20260301T101000Z');
    expect(back.url).toBe(await signedAnew(key, thumbnail('Photo 001.jpg')));
  });

  it('gives a changed file a new address: another key, name, type or lifetime', async () => {
    now = new Date('2026-03-01T10:30:20.000Z');
    const downloads: [string, Parameters<LocalStorage['downloadUrl']>[1]][] = [
      [key, thumbnail('Photo 001.jpg')],
      [otherKey, thumbnail('Photo 001.jpg')],
      [key, thumbnail('Photo 002.jpg')],
      [key, { fileName: 'Photo 001.jpg thumbnail', contentType: 'image/png' }],
      [key, { fileName: 'Photo 001.jpg thumbnail', contentType: 'image/jpeg' }],
      [key, { ...thumbnail('Photo 001.jpg'), expiresInSeconds: 1200 }],
      // A type and a name that would run into each other if they were not kept apart.
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
    // Asked again in the same minutes, each is its own address still.
    for (const [i, [k, opts]] of downloads.entries()) {
      expect((await storage.downloadUrl(k, opts)).url).toBe(urls[i]);
    }
  });

  it('keeps at most its bound of addresses, the oldest going first', async () => {
    const kept = new Remembered<string>(3, security.downloadUrlSteadySeconds);
    const at = new Date('2026-03-01T10:00:00.000Z');
    const later = new Date('2026-03-01T10:05:00.000Z');
    const ms = at.getTime();
    for (const id of ['a', 'b', 'c', 'd']) kept.set(steadyKey(at, id), `url ${id}`, ms);
    expect(kept.size).toBe(3);
    expect(kept.get(steadyKey(at, 'a'), ms)).toBeNull();
    expect(kept.get(steadyKey(at, 'd'), ms)).toBe('url d');
    // An address kept for one date is never the answer for another.
    expect(kept.get(steadyKey(later, 'd'), ms)).toBeNull();
    // Nor is it kept past the steady minutes' length.
    const past = ms + security.downloadUrlSteadySeconds * 1000;
    expect(kept.get(steadyKey(at, 'd'), past)).toBeNull();

    // Past the bound, addresses are still signed, each as a fresh signing writes it.
    now = new Date('2026-03-01T10:40:00.000Z');
    const bounded = await freshStorage();
    const max = bounded.steadyAddresses.max;
    for (let i = 0; i < max + 10; i++) {
      await bounded.downloadUrl(key, thumbnail(`Photo ${i}`));
    }
    expect(bounded.steadyAddresses.size).toBe(max);
    const gone = await bounded.downloadUrl(key, thumbnail('Photo 0'));
    expect(gone.url).toBe(await signedAnew(key, thumbnail('Photo 0')));
    await bounded.close();
  });
});

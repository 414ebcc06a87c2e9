import { security } from '@roomscale/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytes, type LiveApp, putRange, sha256, startLiveApp, startSession } from './testing.ts';

let t: LiveApp;
const data = bytes(700_001);
let key: string;

beforeAll(async () => {
  t = await startLiveApp();
  const started = await startSession(t, { contentType: 'video/mp4' });
  key = started.key;
  const res = await putRange(started.session, `bytes 0-${data.length - 1}/${data.length}`, data);
  if (res.status !== 200) throw new Error(`upload answered ${res.status}`);
});
afterAll(() => t.close());

const downloadUrl = async (fileName = 'Site walk') =>
  t.local((await t.ctx.storage.downloadUrl(key, { fileName })).url);

describe('downloads', () => {
  it('serves the object byte for byte as a named, unsniffable attachment', async () => {
    const { url, expiry } = await t.ctx.storage.downloadUrl(key, { fileName: 'Site walk' });
    const lifetime = expiry.getTime() - t.clock.now().getTime();
    // Dated to the start of its steady minutes, it works the rest of the hour from then.
    expect(lifetime).toBeLessThanOrEqual(security.downloadUrlSeconds * 1000);
    expect(lifetime).toBeGreaterThan(
      (security.downloadUrlSeconds - security.downloadUrlSteadySeconds) * 1000,
    );
    expect(url.split('?')[0]).toBe(t.ctx.storage.blobUriFor(key));
    const res = await fetch(t.local(url));
    expect(res.status).toBe(200);
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(data));
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-length')).toBe(String(data.length));
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Site walk.mp4"');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('private');
  });

  it('writes non-ASCII names as filename* and keeps an extension the name has', async () => {
    const res = await fetch(await downloadUrl('Überblick 2024.MP4'));
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toBe(
      `attachment; filename="Uberblick 2024.MP4"; filename*=UTF-8''%C3%9Cberblick%202024.MP4`,
    );
    await res.arrayBuffer();
  });

  it('serves one byte range with 206 (video seeking)', async () => {
    const url = await downloadUrl();
    const res = await fetch(url, { headers: { range: 'bytes=1000-265143' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1000-265143/${data.length}`);
    expect(res.headers.get('content-length')).toBe('264144');
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(
      sha256(data.subarray(1000, 265144)),
    );

    const tail = await fetch(url, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect([...new Uint8Array(await tail.arrayBuffer())]).toEqual([...data.subarray(-10)]);
  });

  it('answers 416 for a range past the end, and the whole file for a malformed one', async () => {
    const url = await downloadUrl();
    const past = await fetch(url, { headers: { range: `bytes=${data.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${data.length}`);
    await past.arrayBuffer();
    const malformed = await fetch(url, { headers: { range: 'bytes=banana' } });
    expect(malformed.status).toBe(200);
    expect((await malformed.arrayBuffer()).byteLength).toBe(data.length);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(await downloadUrl(), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(data.length));
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('refuses a tampered, expired or unsigned address with 403', async () => {
    const url = await downloadUrl();
    const renamed = url.replace(
      /response-content-disposition=[^&]+/,
      'response-content-disposition=inline',
    );
    expect((await fetch(renamed)).status).toBe(403);
    expect((await fetch(url.split('?')[0]!)).status).toBe(403);
    // Another object's address under the same signature (the key's last character changed).
    const other = url.replace(key, `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`);
    expect(other).not.toBe(url);
    expect((await fetch(other)).status).toBe(403);
    t.clock.advance(security.downloadUrlSeconds + 1);
    expect((await fetch(url)).status).toBe(403);
  });

  it('answers 404 for a signed address of a missing object', async () => {
    const { url } = await t.ctx.storage.downloadUrl('org/none/missing', {
      fileName: 'x',
      contentType: 'image/png',
    });
    const res = await fetch(t.local(url));
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });
});

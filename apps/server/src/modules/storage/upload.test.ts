import { readdir, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { limits, security } from '@roomscale/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStorage } from '../../platform/storage/local/local-storage.ts';
import {
  bytes,
  type LiveApp,
  md5Base64,
  putRange,
  sha256,
  startLiveApp,
  startSession,
} from './testing.ts';

const CHUNK = limits.uploadChunkBytes;
let t: LiveApp;
beforeAll(async () => {
  t = await startLiveApp();
});
afterAll(() => t.close());

const objectFile = (key: string) => join(t.config.dataDir, 'files', 'objects', key);

describe('starting an upload', () => {
  it('answers 201 with the session URL: the signed address plus a 256-bit upload id', async () => {
    const { uploadUrl, location } = await startSession(t);
    expect(location.startsWith(`${uploadUrl}&upload_id=`)).toBe(true);
    const id = new URL(location).searchParams.get('upload_id')!;
    expect(Buffer.from(id, 'base64url')).toHaveLength(32);
  });

  it('needs x-goog-resumable: start', async () => {
    const { url } = await t.ctx.storage.createUploadUrl('org/team-a/file-1');
    const res = await fetch(t.local(url), {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('refuses a changed or expired signature with 403', async () => {
    const { url } = await t.ctx.storage.createUploadUrl('org/team-a/file-2');
    const start = (address: string) =>
      fetch(t.local(address), { method: 'POST', headers: { 'x-goog-resumable': 'start' } });
    const tampered = url.replace(/X-Goog-Signature=([0-9a-f])/, (_m, c: string) => {
      return `X-Goog-Signature=${c === '0' ? '1' : '0'}`;
    });
    expect((await start(tampered)).status).toBe(403);
    expect((await start(url.replace('file-2', 'file-3'))).status).toBe(403);
    expect((await start(url.split('?')[0]!)).status).toBe(403);
    t.clock.advance(security.uploadUrlSeconds + 1);
    expect((await start(url)).status).toBe(403);
  });

  it('holds an upload to the content type it was signed for', async () => {
    const { url } = await t.ctx.storage.createUploadUrl('org/team-a/file-4', {
      contentType: 'video/mp4',
    });
    const start = (type: string) =>
      fetch(t.local(url), {
        method: 'POST',
        headers: { 'x-goog-resumable': 'start', 'content-type': type },
      });
    expect((await start('image/png')).status).toBe(403);
    expect((await start('video/mp4')).status).toBe(201);
  });

  it('refuses a declared size at or above the limit', async () => {
    const { url } = await t.ctx.storage.createUploadUrl('org/team-a/file-5');
    const res = await fetch(t.local(url), {
      method: 'POST',
      headers: {
        'x-goog-resumable': 'start',
        'x-upload-content-length': String(limits.maxUploadBytes),
      },
    });
    expect(res.status).toBe(413);
  });
});

describe('uploading in chunks', () => {
  it('stores a multi-chunk upload byte for byte, answering 308 with the range until the end', async () => {
    const data = bytes(3 * CHUNK + 1000);
    const total = data.length;
    const { key, session } = await startSession(t, { contentType: 'image/png' });

    const before = await putRange(session, `bytes */${total}`);
    expect(before.status).toBe(308);
    expect(before.headers.get('range')).toBeNull();
    expect(before.headers.get('location')).toBeNull();

    for (let i = 0; i < 3; i++) {
      const chunk = data.subarray(i * CHUNK, (i + 1) * CHUNK);
      // The total is not known yet for the first chunks, as a streaming client sends them.
      const res = await putRange(session, `bytes ${i * CHUNK}-${(i + 1) * CHUNK - 1}/*`, chunk);
      expect(res.status).toBe(308);
      expect(res.headers.get('range')).toBe(`bytes=0-${(i + 1) * CHUNK - 1}`);
      expect(res.headers.get('location')).toBeNull();
    }
    const between = await putRange(session, 'bytes */*');
    expect(between.status).toBe(308);
    expect(between.headers.get('range')).toBe(`bytes=0-${3 * CHUNK - 1}`);

    const last = await putRange(
      session,
      `bytes ${3 * CHUNK}-${total - 1}/${total}`,
      data.subarray(3 * CHUNK),
    );
    expect(last.status).toBe(200);
    const meta = (await last.json()) as Record<string, string>;
    expect(meta).toMatchObject({
      name: key,
      bucket: 'roomscale-local',
      size: String(total),
      contentType: 'image/png',
      md5Hash: md5Base64(data),
    });
    expect(Number.isNaN(Date.parse(meta.timeCreated!))).toBe(false);

    const after = await putRange(session, `bytes */${total}`);
    expect(after.status).toBe(200);
    expect(((await after.json()) as { md5Hash: string }).md5Hash).toBe(md5Base64(data));

    const { readFile } = await import('node:fs/promises');
    expect(sha256(await readFile(objectFile(key)))).toBe(sha256(data));
    expect(await t.ctx.storage.stat(key)).toEqual({ size: total, contentType: 'image/png' });
    expect([...(await t.ctx.storage.readHead(key, 8))]).toEqual([...data.subarray(0, 8)]);
  });

  it('resumes a chunk cut off mid-body from the range that reached the disk', async () => {
    const data = bytes(4 * CHUNK);
    const total = data.length;
    const { key, session } = await startSession(t);
    expect(
      (await putRange(session, `bytes 0-${CHUNK - 1}/${total}`, data.subarray(0, CHUNK))).status,
    ).toBe(308);

    // Declare three chunks, send a chunk and a half, then drop the connection.
    const sent = CHUNK + CHUNK / 2;
    await new Promise<void>((resolve) => {
      const req = request(session, {
        method: 'PUT',
        headers: {
          'content-range': `bytes ${CHUNK}-${total - 1}/${total}`,
          'content-length': String(total - CHUNK),
        },
      });
      req.on('error', () => resolve());
      req.write(data.subarray(CHUNK, CHUNK + sent));
      req.on('close', () => resolve());
      // Cut once the server has stored part of it (the session's file has grown past a chunk).
      const part = join(
        t.config.dataDir,
        'files',
        'uploads',
        `${new URL(session).searchParams.get('upload_id')}.part`,
      );
      void expect
        .poll(async () => (await stat(part)).size, { timeout: 10_000 })
        .toBeGreaterThan(CHUNK)
        .then(
          () => req.destroy(),
          (e: unknown) => req.destroy(e as Error),
        );
    });

    // The server finishes with the cut-off body before answering the next request.
    const status = await putRange(session, `bytes */${total}`);
    expect(status.status).toBe(308);
    const stored = Number(/^bytes=0-(\d+)$/.exec(status.headers.get('range') ?? '')![1]) + 1;
    expect(stored).toBeGreaterThan(CHUNK);
    expect(stored).toBeLessThanOrEqual(CHUNK + sent);

    const rest = await putRange(
      session,
      `bytes ${stored}-${total - 1}/${total}`,
      data.subarray(stored),
    );
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as { md5Hash: string }).md5Hash).toBe(md5Base64(data));
    const { readFile } = await import('node:fs/promises');
    expect(sha256(await readFile(objectFile(key)))).toBe(sha256(data));
  });

  it('rewinds when a client resends bytes it already sent', async () => {
    const data = bytes(2 * CHUNK);
    const { key, session } = await startSession(t);
    await putRange(session, `bytes 0-${2 * CHUNK - 11}/*`, data.subarray(0, 2 * CHUNK - 10));
    const res = await putRange(
      session,
      `bytes ${CHUNK}-${2 * CHUNK - 1}/${2 * CHUNK}`,
      data.subarray(CHUNK),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { md5Hash: string }).md5Hash).toBe(md5Base64(data));
    const { readFile } = await import('node:fs/promises');
    expect(sha256(await readFile(objectFile(key)))).toBe(sha256(data));
  });

  it('serializes concurrent chunks of one session', async () => {
    const data = bytes(2 * CHUNK);
    const { key, session } = await startSession(t);
    const [a, b] = await Promise.all([
      putRange(session, `bytes 0-${CHUNK - 1}/${2 * CHUNK}`, data.subarray(0, CHUNK)),
      putRange(session, `bytes 0-${CHUNK - 1}/${2 * CHUNK}`, data.subarray(0, CHUNK)),
    ]);
    expect([a.status, b.status]).toEqual([308, 308]);
    expect(
      (
        await putRange(
          session,
          `bytes ${CHUNK}-${2 * CHUNK - 1}/${2 * CHUNK}`,
          data.subarray(CHUNK),
        )
      ).status,
    ).toBe(200);
    expect((await t.ctx.storage.stat(key))?.size).toBe(2 * CHUNK);
  });

  it('honours X-GUploader-No-308 with 200 and X-HTTP-Status-Code-Override', async () => {
    const { session } = await startSession(t);
    const res = await putRange(session, `bytes 0-${CHUNK - 1}/*`, bytes(CHUNK), {
      'x-guploader-no-308': 'yes',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-http-status-code-override')).toBe('308');
    expect(res.headers.get('range')).toBe(`bytes=0-${CHUNK - 1}`);
    const query = await putRange(session, 'bytes */*', undefined, { 'x-guploader-no-308': 'yes' });
    expect(query.status).toBe(200);
    expect(query.headers.get('x-http-status-code-override')).toBe('308');
  });

  it('takes a whole object in one request, as the GCS client sends it', async () => {
    const data = bytes(1234);
    const { key, session } = await startSession(t, { contentType: 'application/pdf' });
    const res = await putRange(session, 'bytes 0-*/*', data);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { size: string }).size).toBe('1234');
    expect((await t.ctx.storage.stat(key))?.contentType).toBe('application/pdf');
  });

  it('finishes an empty object on a status query with total 0', async () => {
    const { key, session } = await startSession(t);
    const res = await putRange(session, 'bytes */0');
    expect(res.status).toBe(200);
    expect(await t.ctx.storage.stat(key)).toEqual({
      size: 0,
      contentType: 'application/octet-stream',
    });
  });
});

describe('refusing bad chunks', () => {
  it('refuses a gap with 400 and keeps what was stored', async () => {
    const { session } = await startSession(t);
    await putRange(session, `bytes 0-${CHUNK - 1}/*`, bytes(CHUNK));
    const res = await putRange(session, `bytes ${2 * CHUNK}-${3 * CHUNK - 1}/*`, bytes(CHUNK));
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const status = await putRange(session, 'bytes */*');
    expect(status.headers.get('range')).toBe(`bytes=0-${CHUNK - 1}`);
  });

  it('refuses totals at or above 2147483648 bytes with 413', async () => {
    const { session } = await startSession(t);
    const max = limits.maxUploadBytes;
    expect((await putRange(session, `bytes 0-9/${max}`, bytes(10))).status).toBe(413);
    expect((await putRange(session, `bytes */${max}`)).status).toBe(413);
    expect((await putRange(session, `bytes 0-${max - 1}/*`, bytes(10))).status).toBe(413);
    expect((await putRange(session, `bytes 0-9/${max - 1}`, bytes(10))).status).toBe(308);
  });

  it.each([
    'bytes 0-9',
    'bytes=0-9/10',
    'bytes 9-0/10',
    'bytes -1-9/10',
    'bytes 0-9/ten',
    'items 0-9/10',
    'bytes 0x0-9/10',
    '',
  ])('refuses the malformed range %j with 400', async (range) => {
    const { session } = await startSession(t);
    expect((await putRange(session, range, bytes(10))).status).toBe(400);
  });

  it('refuses a range beyond the total, a changed total and a body of the wrong length', async () => {
    const { session } = await startSession(t);
    expect((await putRange(session, 'bytes 0-9/5', bytes(10))).status).toBe(400);
    expect((await putRange(session, 'bytes 0-9/20', bytes(10))).status).toBe(308);
    expect((await putRange(session, 'bytes 10-19/30', bytes(10))).status).toBe(400);
    expect((await putRange(session, 'bytes 10-19/20', bytes(9))).status).toBe(400);
    expect((await putRange(session, 'bytes 10-19/20', bytes(11))).status).toBe(400);
    expect((await putRange(session, 'bytes */*', bytes(3))).status).toBe(400);
    const status = await putRange(session, 'bytes */20');
    expect(status.headers.get('range')).toBe('bytes=0-9');
  });

  it('refuses a chunked body longer than its range with 400', async () => {
    const { session } = await startSession(t);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes(CHUNK));
        controller.enqueue(bytes(CHUNK));
        controller.close();
      },
    });
    const res = await fetch(session, {
      method: 'PUT',
      headers: { 'content-range': `bytes 0-${CHUNK - 1}/*` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(400);
  });

  it('answers 404 for an unknown session and a session of another object', async () => {
    const { session, key } = await startSession(t);
    const unknown = session.replace(/upload_id=[^&]+/, `upload_id=${'A'.repeat(43)}`);
    expect((await putRange(unknown, 'bytes */*')).status).toBe(404);
    expect(
      (await putRange(session.replace(/upload_id=[^&]+/, 'upload_id=x'), 'bytes */*')).status,
    ).toBe(404);
    const otherKey = session.replace(key, 'org/other/file');
    expect((await putRange(otherKey, 'bytes */*')).status).toBe(404);
  });

  it('expires a session after a week: 404, and the sweep removes its bytes', async () => {
    const storage = t.ctx.storage as LocalStorage;
    const { session } = await startSession(t);
    await putRange(session, `bytes 0-${CHUNK - 1}/*`, bytes(CHUNK));
    const id = new URL(session).searchParams.get('upload_id')!;
    const uploads = join(t.config.dataDir, 'files', 'uploads');
    expect((await stat(join(uploads, `${id}.part`))).size).toBe(CHUNK);

    t.clock.advance(security.uploadSessionSeconds - 60);
    await storage.sweep(t.clock.now());
    expect((await stat(join(uploads, `${id}.part`))).size).toBe(CHUNK);
    expect((await putRange(session, 'bytes */*')).status).toBe(308);

    t.clock.advance(61);
    expect((await putRange(session, 'bytes */*')).status).toBe(404);
    expect(await storage.sweep(t.clock.now())).toBeGreaterThanOrEqual(1);
    expect((await readdir(uploads)).filter((n) => n.startsWith(id))).toEqual([]);
    expect((await putRange(session, 'bytes */*')).status).toBe(404);
  });
});

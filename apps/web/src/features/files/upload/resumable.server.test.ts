import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { security, uploadMessages } from '@roomscale/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  metadataKey,
  ResumableUpload,
  type ResumableUploadOptions,
  type ResumeMetadata,
  UploadError,
} from './resumable.ts';

/**
 * The browser uploader against the real storage endpoint of a listening test server: what the
 * dashboard does, with `fetch` pointed at the loopback port and an in-memory browser storage.
 */

/** The parts of the server's storage test kit used here (apps/server/src/modules/storage). */
type LiveApp = {
  config: { dataDir: string };
  clock: { advance(seconds: number): void; now(): Date };
  ctx: {
    storage: {
      createUploadUrl(key: string): Promise<{ url: string }>;
      keyFromBlobUri(uri: string): string | null | Promise<string | null>;
      stat(key: string): Promise<{ size: number; contentType: string } | null>;
      sweep(now: Date): Promise<unknown>;
    };
  };
  local(url: string): string;
  close(): Promise<void>;
};

// Loaded by address so the web type check stays out of the server's sources.
const server = (path: string) => new URL(`../../../../../server/src/${path}`, import.meta.url).href;

const CHUNK = 262144;
let t: LiveApp;
let teamKey: () => string;
beforeAll(async () => {
  const testing = (await import(/* @vite-ignore */ server('modules/storage/testing.ts'))) as {
    startLiveApp(): Promise<LiveApp>;
  };
  const keys = (await import(/* @vite-ignore */ server('platform/storage/keys.ts'))) as {
    newObjectKey(prefix: string): string;
    teamKeyPrefix(teamId: string): string;
  };
  teamKey = () => keys.newObjectKey(keys.teamKeyPrefix(randomUUID()));
  t = await testing.startLiveApp();
});
afterAll(() => t.close());

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

type Call = { method: string; range: string | null };

/** fetch to the listening app, recording each request's method and Content-Range. */
function recordingFetch(calls: Call[], before?: (call: Call) => Response | undefined) {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call = { method: init?.method ?? 'GET', range: headers.get('content-range') };
    calls.push(call);
    const fake = before?.(call);
    if (fake) return fake;
    return fetch(t.local(String(input)), init);
  }) as typeof fetch;
}

async function slot() {
  const key = teamKey();
  const { url } = await t.ctx.storage.createUploadUrl(key);
  return { key, url };
}

const bytes = (n: number) => new Uint8Array(randomBytes(n));
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const stored = (key: string) => readFile(join(t.config.dataDir, 'files', 'objects', key));
const chunkStarts = (calls: Call[]) =>
  calls
    .filter((c) => c.method === 'PUT' && c.range && !c.range.startsWith('bytes */'))
    .map((c) => Number(/^bytes (\d+)-/.exec(c.range!)![1]));

/** An upload paused once two chunks are stored, as a reload would leave it. */
async function interruptAfterTwoChunks(
  url: string,
  data: Uint8Array<ArrayBuffer>,
  storage: MemoryStorage,
) {
  const first: ResumableUpload = uploader(
    {
      url,
      file: new Blob([data]),
      onProgress: (p) => {
        if (p.uploadedBytes === 2 * CHUNK) first.pause();
      },
    },
    storage,
  );
  void first.start();
  await expect.poll(() => metadata(storage)?.checksums.length).toBe(2);
}

function uploader(
  options: Partial<ResumableUploadOptions> & { url: string; file: Blob },
  storage: MemoryStorage,
  calls: Call[] = [],
) {
  return new ResumableUpload({
    id: 'upload-1',
    storage,
    fetch: recordingFetch(calls),
    retryDelaysMs: [0, 0],
    ...options,
  });
}

const metadata = (storage: MemoryStorage, id = 'upload-1') => {
  const raw = storage.getItem(metadataKey(id));
  return raw ? (JSON.parse(raw) as ResumeMetadata) : null;
};

async function rejection(p: Promise<unknown>): Promise<UploadError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof UploadError) return e;
    throw e;
  }
  throw new Error('expected the upload to fail');
}

describe('ResumableUpload against the storage endpoint', () => {
  it('uploads several chunks byte for byte, reports progress and clears its metadata', async () => {
    const data = bytes(3 * CHUNK + 1234);
    const { key, url } = await slot();
    const storage = new MemoryStorage();
    const calls: Call[] = [];
    const progress: number[] = [];
    const seen: (ResumeMetadata | null)[] = [];
    const upload = uploader(
      {
        url,
        file: new Blob([data]),
        contentType: 'image/png',
        onProgress: (p) => {
          progress.push(p.uploadedBytes);
          seen.push(metadata(storage));
          expect(p.totalBytes).toBe(data.length);
        },
      },
      storage,
      calls,
    );
    const blobUri = await upload.start();

    expect(blobUri).toBe(url.split('?')[0]);
    expect(await t.ctx.storage.keyFromBlobUri(blobUri)).toBe(key);
    expect(sha256(await stored(key))).toBe(sha256(data));
    expect((await t.ctx.storage.stat(key))?.contentType).toBe('image/png');
    expect(chunkStarts(calls)).toEqual([0, CHUNK, 2 * CHUNK, 3 * CHUNK]);
    expect(progress).toEqual([0, CHUNK, 2 * CHUNK, 3 * CHUNK, data.length]);
    // While it ran, the resume metadata named the session and one checksum per stored chunk.
    expect(seen[2]).toMatchObject({ chunkSize: CHUNK, fileSize: data.length, started: true });
    expect(seen[2]?.checksums).toHaveLength(2);
    expect(seen[2]?.sessionUrl).toContain('upload_id=');
    expect(metadata(storage)).toBeNull();

    const again = await rejection(upload.start());
    expect(again.code).toBe('alreadyFinished');
    expect(again.message).toBe(uploadMessages.alreadyFinished);
  });

  it('pauses between chunks and goes on from the stored bytes after unpause', async () => {
    const data = bytes(3 * CHUNK);
    const { key, url } = await slot();
    const storage = new MemoryStorage();
    const calls: Call[] = [];
    let upload!: ResumableUpload;
    let pausedAt = -1;
    let resolvePaused: () => void = () => {};
    const paused = new Promise<void>((r) => {
      resolvePaused = r;
    });
    upload = uploader(
      {
        url,
        file: new Blob([data]),
        onProgress: (p) => {
          if (p.uploadedBytes === CHUNK && pausedAt < 0) {
            pausedAt = p.uploadedBytes;
            upload.pause();
            resolvePaused();
          }
        },
      },
      storage,
      calls,
    );
    const done = upload.start();
    await paused;
    expect(upload.isPaused).toBe(true);
    const session = t.local(metadata(storage)!.sessionUrl);
    const status = await fetch(session, {
      method: 'PUT',
      headers: { 'content-range': `bytes */${data.length}` },
    });
    expect(status.status).toBe(308);
    expect(status.headers.get('range')).toBe(`bytes=0-${CHUNK - 1}`);
    expect(chunkStarts(calls)).toEqual([0]);

    upload.unpause();
    await done;
    expect(chunkStarts(calls)).toEqual([0, CHUNK, 2 * CHUNK]);
    expect(sha256(await stored(key))).toBe(sha256(data));
  });

  it('pausing during a chunk request sends that chunk again after unpause', async () => {
    const data = bytes(2 * CHUNK + 10);
    const { key, url } = await slot();
    const storage = new MemoryStorage();
    const calls: Call[] = [];
    let upload!: ResumableUpload;
    let paused = false;
    const fetchWithPause = recordingFetch(calls, (call) => {
      if (!paused && call.range?.startsWith(`bytes ${CHUNK}-`)) {
        paused = true;
        upload.pause();
        queueMicrotask(() => upload.unpause());
      }
      return undefined;
    });
    upload = new ResumableUpload({
      id: 'upload-mid',
      url,
      file: new Blob([data]),
      storage,
      fetch: fetchWithPause,
    });
    await upload.start();
    expect(chunkStarts(calls)).toEqual([0, CHUNK, CHUNK, 2 * CHUNK]);
    expect(sha256(await stored(key))).toBe(sha256(data));
  });

  it('resumes in a fresh instance (a reload) from the stored metadata without resending chunks', async () => {
    const data = bytes(4 * CHUNK);
    const { key, url } = await slot();
    const storage = new MemoryStorage();
    await interruptAfterTwoChunks(url, data, storage);

    const calls: Call[] = [];
    const { url: otherSlot } = await slot();
    const second = uploader({ url: otherSlot, file: new Blob([data]) }, storage, calls);
    const blobUri = await second.start();

    // It status-queried the stored session, sent only the missing chunks, never started anew.
    expect(calls[0]).toEqual({ method: 'PUT', range: `bytes */${data.length}` });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(chunkStarts(calls)).toEqual([2 * CHUNK, 3 * CHUNK]);
    expect(blobUri).toBe(url.split('?')[0]);
    expect(sha256(await stored(key))).toBe(sha256(data));
    expect(metadata(storage)).toBeNull();
  });

  it('starts from scratch when an already sent chunk no longer matches the file', async () => {
    const original = bytes(3 * CHUNK);
    const changed = new Uint8Array(original);
    changed[CHUNK + 5] = changed[CHUNK + 5]! ^ 0xff;
    const { key, url } = await slot();
    const storage = new MemoryStorage();
    await interruptAfterTwoChunks(url, original, storage);

    const calls: Call[] = [];
    const second = uploader({ url, file: new Blob([changed]) }, storage, calls);
    await second.start();
    expect(chunkStarts(calls)).toEqual([0, CHUNK, 2 * CHUNK]);
    expect(sha256(await stored(key))).toBe(sha256(changed));
  });

  it('starts a new session when the stored one is unknown to the server', async () => {
    const data = bytes(CHUNK + 1);
    const { key, url } = await slot();
    const storage = new MemoryStorage();
    const stale: ResumeMetadata = {
      checksums: ['00000000000000000000000000000000'],
      chunkSize: CHUNK,
      started: true,
      fileSize: data.length,
      sessionUrl: `${url}&upload_id=${'A'.repeat(43)}`,
    };
    storage.setItem(metadataKey('upload-1'), JSON.stringify(stale));
    const calls: Call[] = [];
    await uploader({ url, file: new Blob([data]) }, storage, calls).start();
    expect(calls.map((c) => c.method)).toEqual(['PUT', 'POST', 'PUT', 'PUT']);
    expect(sha256(await stored(key))).toBe(sha256(data));
  });

  it('fails with the expired message when the session is gone (404)', async () => {
    const data = bytes(2 * CHUNK);
    const { url } = await slot();
    const storage = new MemoryStorage();
    let upload!: ResumableUpload;
    let resolvePaused: () => void = () => {};
    const paused = new Promise<void>((r) => {
      resolvePaused = r;
    });
    upload = uploader(
      {
        url,
        file: new Blob([data]),
        onProgress: (p) => {
          if (p.uploadedBytes === CHUNK) {
            upload.pause();
            resolvePaused();
          }
        },
      },
      storage,
    );
    const done = upload.start();
    await paused;
    t.clock.advance(security.uploadSessionSeconds + 60);
    await t.ctx.storage.sweep(t.clock.now());
    upload.unpause();
    const error = await rejection(done);
    expect(error.code).toBe('urlNotFound');
    expect(error.status).toBe(404);
    expect(error.message).toBe(uploadMessages.urlNotFound);
  });

  it('refuses an expired start address with the same message', async () => {
    const { url } = await slot();
    t.clock.advance(security.uploadUrlSeconds + 60);
    const error = await rejection(
      uploader({ url, file: new Blob([bytes(10)]) }, new MemoryStorage()).start(),
    );
    expect(error.code).toBe('urlNotFound');
    expect(error.message).toBe(uploadMessages.urlNotFound);
  });

  it('refuses chunk sizes that are not a non-zero multiple of 262144, and missing options', () => {
    const file = new Blob([bytes(10)]);
    for (const chunkSize of [0, 1000, CHUNK + 1, CHUNK * 1.5, -CHUNK]) {
      expect(() => uploader({ url: 'x', file, chunkSize }, new MemoryStorage())).toThrow(
        uploadMessages.invalidChunkSize(CHUNK),
      );
    }
    expect(() =>
      uploader({ url: 'x', file, chunkSize: 4 * CHUNK }, new MemoryStorage()),
    ).not.toThrow();
    expect(() => uploader({ url: '', file, id: '' }, new MemoryStorage())).toThrow(
      uploadMessages.missingOptions(['id', 'url']),
    );
  });

  it('retries 503 answers with backoff, then gives up with the retry advice', async () => {
    const data = bytes(CHUNK + 5);
    const { key, url } = await slot();
    let failures = 2;
    const calls: Call[] = [];
    const flaky = new ResumableUpload({
      id: 'flaky',
      url,
      file: new Blob([data]),
      storage: new MemoryStorage(),
      retryDelaysMs: [0, 0],
      fetch: recordingFetch(calls, (call) => {
        if (call.range?.startsWith(`bytes ${CHUNK}-`) && failures > 0) {
          failures--;
          return new Response('busy', { status: 503 });
        }
        return undefined;
      }),
    });
    await flaky.start();
    expect(chunkStarts(calls)).toEqual([0, CHUNK, CHUNK, CHUNK]);
    expect(sha256(await stored(key))).toBe(sha256(data));

    const { url: url2 } = await slot();
    const down = new ResumableUpload({
      id: 'down',
      url: url2,
      file: new Blob([data]),
      storage: new MemoryStorage(),
      retryDelaysMs: [0, 0],
      fetch: recordingFetch([], (call) =>
        call.method === 'PUT' ? new Response('', { status: 502 }) : undefined,
      ),
    });
    const error = await rejection(down.start());
    expect(error.code).toBe('retryAdvised');
    expect(error.message).toBe(uploadMessages.retryAdvised(502));
  });

  it('reports a 200 before the last chunk as already uploaded and a 308 after it as incomplete', async () => {
    const data = bytes(2 * CHUNK);
    const earlyFetch = recordingFetch([], (call) =>
      call.range?.startsWith('bytes 0-') ? new Response('{}', { status: 200 }) : undefined,
    );
    const e1 = await rejection(
      new ResumableUpload({
        id: 'early',
        url: (await slot()).url,
        file: new Blob([data]),
        storage: new MemoryStorage(),
        fetch: earlyFetch,
      }).start(),
    );
    expect(e1.code).toBe('alreadyUploaded');
    expect(e1.message).toBe(uploadMessages.alreadyUploaded);

    const lateFetch = recordingFetch([], (call) =>
      call.range?.startsWith(`bytes ${CHUNK}-`)
        ? new Response(null, { status: 308, headers: { range: `bytes=0-${2 * CHUNK - 1}` } })
        : undefined,
    );
    const e2 = await rejection(
      new ResumableUpload({
        id: 'late',
        url: (await slot()).url,
        file: new Blob([data]),
        storage: new MemoryStorage(),
        fetch: lateFetch,
      }).start(),
    );
    expect(e2.code).toBe('uploadIncomplete');
    expect(e2.message).toBe(uploadMessages.uploadIncomplete);

    const odd = recordingFetch([], (call) =>
      call.method === 'POST' ? new Response('', { status: 418 }) : undefined,
    );
    const e3 = await rejection(
      new ResumableUpload({
        id: 'odd',
        url: (await slot()).url,
        file: new Blob([data]),
        storage: new MemoryStorage(),
        fetch: odd,
      }).start(),
    );
    expect(e3.code).toBe('unknownResponse');
    expect(e3.message).toBe(uploadMessages.unknownResponse(418));
  });

  it('cancel rejects the upload and clears its metadata; the instance cannot run again', async () => {
    const data = bytes(3 * CHUNK);
    const storage = new MemoryStorage();
    let upload!: ResumableUpload;
    upload = uploader(
      {
        url: (await slot()).url,
        file: new Blob([data]),
        onProgress: (p) => {
          if (p.uploadedBytes === CHUNK) upload.cancel();
        },
      },
      storage,
    );
    const error = await rejection(upload.start());
    expect(error.code).toBe('cancelled');
    expect(metadata(storage)).toBeNull();
    expect((await rejection(upload.start())).code).toBe('alreadyFinished');
  });

  it('refuses to go on when a chunk sent before changed under it', async () => {
    const data = bytes(2 * CHUNK);
    let reads = 0;
    // A file whose first chunk reads differently the second time, as a file edited mid-upload.
    const file = new Blob([data]);
    const shifty = {
      size: file.size,
      type: '',
      slice: (start = 0, end?: number) => {
        if (start === 0 && ++reads > 1) return new Blob([bytes((end ?? file.size) - start)]);
        return file.slice(start, end);
      },
    } as unknown as Blob;
    const calls: Call[] = [];
    let paused = false;
    const upload = new ResumableUpload({
      id: 'shifty',
      url: (await slot()).url,
      file: shifty,
      storage: new MemoryStorage(),
      fetch: recordingFetch(calls, (call) => {
        // The server lost the first chunk: it answers 308 with nothing stored, so it is resent.
        if (!paused && call.range?.startsWith(`bytes ${CHUNK}-`)) {
          paused = true;
          return new Response(null, { status: 308 });
        }
        return undefined;
      }),
    });
    const error = await rejection(upload.start());
    expect(error.code).toBe('differentChunk');
    expect(error.message).toBe(uploadMessages.differentChunk);
  });
});

import { generateKeyPairSync } from 'node:crypto';
import { Readable } from 'node:stream';
import { type Bucket, type File, Storage as GcsClient } from '@google-cloud/storage';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../context.ts';
import { startBlackHole } from '../../test/blackHole.ts';
import { postgresPass } from '../../test/pass.ts';
import { installErrorHandling } from '../http/errors.ts';
import { GCS_MAX_RETRIES, GcsStorage, gcsClientOptions, isUnreachable } from './gcs-storage.ts';
import { keyBelongsTo, newObjectKey, teamKeyPrefix } from './keys.ts';
import { StorageUnavailable } from './types.ts';
import { uploadSlotFor } from './upload-slot.ts';

// Signing is local with a service-account key, so URLs can be checked without reaching Google.
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const client = new GcsClient({
  projectId: 'roomscale-test',
  credentials: {
    client_email: 'uploader@roomscale-test.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  },
});
const storage = new GcsStorage({ bucket: 'rs-files', clock: systemClock, client });
const team = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';

describe('GcsStorage addresses', () => {
  it('maps keys to blob URIs of the bucket and back', () => {
    const key = newObjectKey(teamKeyPrefix(team));
    const uri = storage.blobUriFor(key);
    expect(uri).toBe(`https://storage.googleapis.com/rs-files/${key}`);
    expect(storage.keyFromBlobUri(uri)).toBe(key);
  });

  it.each([
    'https://storage.googleapis.com/other-bucket/org/a/b',
    'https://storage.googleapis.com/rs-files/org/a/b?x=1',
    'https://storage.googleapis.com/rs-files/org/a/../b',
    'https://storage.googleapis.com/rs-files/',
    'http://storage.googleapis.com/rs-files/org/a/b',
    'https://evil.example/rs-files/org/a/b',
    'https://storage.googleapis.com.evil.example/rs-files/org/a/b',
    'http://roomscale.test/api/Storage/b/org/a/b',
    'not a url',
  ])('accepts no foreign address: %s', (uri) => {
    expect(storage.keyFromBlobUri(uri)).toBeNull();
  });

  it('signs a V4 resumable upload address whose path is the blob URI', async () => {
    const slot = await uploadSlotFor(storage, team);
    const url = new URL(slot.fileUploadUri);
    const key = storage.keyFromBlobUri(`${url.origin}${url.pathname}`);
    expect(key).not.toBeNull();
    expect(keyBelongsTo(key!, teamKeyPrefix(team))).toBe(true);
    expect(url.searchParams.get('X-Goog-Algorithm')).toBe('GOOG4-RSA-SHA256');
    expect(url.searchParams.get('X-Goog-Signature')).toMatch(/^[0-9a-f]+$/);
    expect(url.searchParams.get('X-Goog-SignedHeaders')).toContain('x-goog-resumable');
    expect(Date.parse(slot.expiry) - Date.now()).toBeGreaterThan(3500_000);
  });

  it('signs a download address with the attachment name and type', async () => {
    const key = newObjectKey(teamKeyPrefix(team));
    const { url } = await storage.downloadUrl(key, {
      fileName: 'Plan',
      contentType: 'application/pdf',
    });
    const q = new URL(url).searchParams;
    expect(q.get('response-content-disposition')).toBe('attachment; filename="Plan.pdf"');
    expect(q.get('response-content-type')).toBe('application/pdf');
    expect(Number(q.get('X-Goog-Expires'))).toBe(3600);
  });

  it('signs a thumbnail address under the name as given, without asking the bucket', async () => {
    const key = newObjectKey(teamKeyPrefix(team));
    const stat = vi.spyOn(storage, 'stat');
    const { url } = await storage.downloadUrl(key, {
      fileName: 'Plan thumbnail',
      nameAsGiven: true,
    });
    expect(stat).not.toHaveBeenCalled();
    stat.mockRestore();
    const q = new URL(url).searchParams;
    expect(q.get('response-content-disposition')).toBe('attachment; filename="Plan thumbnail"');
    expect(q.get('response-content-type')).toBeNull();
  });
});

describe('GcsStorage server-side writes', () => {
  it('uploads a local file to the key, resumable and MD5-checked, with its content type', async () => {
    const calls: { path: string; options: Record<string, unknown> }[] = [];
    // Offline: the bucket's upload is replaced, the rest of the client is Google's own.
    const spying = {
      bucket(name: string) {
        const bucket: Bucket = client.bucket(name);
        bucket.upload = (async (path: string, options: Record<string, unknown>) => {
          calls.push({ path, options });
          const file = options.destination as File;
          file.metadata = { size: '1234', contentType: 'video/mp4' };
          return [file];
        }) as unknown as Bucket['upload'];
        return bucket;
      },
    } as unknown as GcsClient;
    const gcs = new GcsStorage({ bucket: 'rs-files', clock: systemClock, client: spying });
    const key = newObjectKey(teamKeyPrefix(team));
    expect(await gcs.put(key, '/tmp/out.mp4', 'video/mp4')).toEqual({
      size: 1234,
      contentType: 'video/mp4',
    });
    expect(calls).toHaveLength(1);
    const { path, options } = calls[0]!;
    expect(path).toBe('/tmp/out.mp4');
    expect((options.destination as File).name).toBe(key);
    expect((options.destination as File).bucket.name).toBe('rs-files');
    expect(options).toMatchObject({
      contentType: 'video/mp4',
      resumable: true,
      validation: 'md5',
      metadata: { contentType: 'video/mp4' },
    });
    await expect(gcs.put('../escape', '/tmp/out.mp4', 'video/mp4')).rejects.toThrow();
    expect(calls).toHaveLength(1);
  });
});

describe('GcsStorage bounded reads and content types', () => {
  it('reads a byte range with a ranged stream and records a content type as metadata', async () => {
    const calls: unknown[] = [];
    const fake = {
      bucket(name: string) {
        const bucket: Bucket = client.bucket(name);
        bucket.file = ((key: string) => ({
          createReadStream: (opts: unknown) => {
            calls.push({ key, read: opts });
            return Readable.from([Buffer.from('0123456789')]);
          },
          setMetadata: async (metadata: unknown) => {
            calls.push({ key, metadata });
            return [{}];
          },
        })) as unknown as Bucket['file'];
        return bucket;
      },
    } as unknown as GcsClient;
    const gcs = new GcsStorage({ bucket: 'rs-files', clock: systemClock, client: fake });
    const key = newObjectKey(teamKeyPrefix(team));
    expect((await gcs.readRange(key, 100, 4)).toString()).toBe('0123');
    await gcs.setContentType(key, 'model/stl');
    expect(calls).toEqual([
      { key, read: { start: 100, end: 103, validation: false } },
      { key, metadata: { contentType: 'model/stl' } },
    ]);
    expect((await gcs.readRange('../escape', 0, 4)).length).toBe(0);
    expect(calls).toHaveLength(2);
  });
});

describe('GcsStorage listing', () => {
  it('lists objects under a prefix with their creation time, skipping what it cannot date', async () => {
    const prefixes: unknown[] = [];
    const listing = {
      bucket(name: string) {
        const bucket: Bucket = client.bucket(name);
        bucket.getFilesStream = ((query: { prefix: string }) => {
          prefixes.push(query.prefix);
          return Readable.from([
            { name: 'org/a/one', metadata: { timeCreated: '2026-01-02T03:04:05.000Z' } },
            { name: 'org/a/undated', metadata: {} },
            { name: 'org/a/../bad', metadata: { timeCreated: '2026-01-02T03:04:05.000Z' } },
          ]);
        }) as unknown as Bucket['getFilesStream'];
        return bucket;
      },
    } as unknown as GcsClient;
    const gcs = new GcsStorage({ bucket: 'rs-files', clock: systemClock, client: listing });
    const listed = [];
    for await (const o of gcs.listObjects('org/')) listed.push(o);
    expect(prefixes).toEqual(['org/']);
    expect(listed).toEqual([{ key: 'org/a/one', created: new Date('2026-01-02T03:04:05.000Z') }]);
  });
});

// No database: the PGlite pass runs these waits, the PostgreSQL pass would repeat them (test/pass.ts).
describe.skipIf(postgresPass)('GcsStorage bounded waits', () => {
  it('gives up on a Cloud Storage that accepts and never answers, after the timeout and its retries', async () => {
    const hole = await startBlackHole();
    try {
      const timeoutMs = 200;
      const bounded = new GcsClient({
        ...gcsClientOptions(timeoutMs),
        apiEndpoint: `http://127.0.0.1:${hole.port}`,
        projectId: 'roomscale-test',
      });
      const gcs = new GcsStorage({ bucket: 'rs-files', clock: systemClock, client: bounded });
      const key = newObjectKey(teamKeyPrefix(team));
      // Not a missing object (null): an outage the caller reports as one.
      await expect(gcs.stat(key)).rejects.toBeInstanceOf(StorageUnavailable);
      // The first request and each retry reached the server, and then no more were sent.
      expect(hole.accepted()).toBe(GCS_MAX_RETRIES + 1);

      // In an API call: 503 with Retry-After, as for a database outage, not a 500.
      const app = Fastify();
      installErrorHandling(app);
      app.get('/object', async () => gcs.stat(key));
      const res = await app.inject({ url: '/object' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      await app.close();
    } finally {
      await hole.close();
    }
  });

  it('reports a refused connection as an outage too', async () => {
    const gcs = new GcsStorage({
      bucket: 'rs-files',
      clock: systemClock,
      client: new GcsClient({
        ...gcsClientOptions(200),
        apiEndpoint: 'http://127.0.0.1:1',
        projectId: 'roomscale-test',
      }),
    });
    await expect(gcs.stat(newObjectKey(teamKeyPrefix(team)))).rejects.toBeInstanceOf(
      StorageUnavailable,
    );
  });

  it('tells an outage (timeout, network, 5xx, 429) from a refusal (403) and a missing object', () => {
    const status = (code: number) => Object.assign(new Error(`status ${code}`), { code });
    expect(isUnreachable(status(503))).toBe(true);
    expect(isUnreachable(status(500))).toBe(true);
    expect(isUnreachable(status(429))).toBe(true);
    expect(isUnreachable(status(403))).toBe(false);
    expect(isUnreachable(status(404))).toBe(false);
    expect(isUnreachable(Object.assign(new Error('t'), { type: 'request-timeout' }))).toBe(true);
    expect(isUnreachable(Object.assign(new Error('r'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isUnreachable(new Error('Invalid storage key'))).toBe(false);
  });
});

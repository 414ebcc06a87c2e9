import type { Readable } from 'node:stream';
import { type Bucket, Storage as GcsClient } from '@google-cloud/storage';
import { security } from '@roomscale/shared';
import type { Clock } from '../../context.ts';
import { attachmentDisposition, downloadFileName } from './download-name.ts';
import { isValidKey } from './keys.ts';
import {
  type DownloadOptions,
  type ObjectInfo,
  type SignedUrl,
  type Storage,
  StorageUnavailable,
} from './types.ts';

export const GCS_ORIGIN = 'https://storage.googleapis.com';

/** Retries of a failed request to Cloud Storage (rate limits, 5xx, a timeout), after the first. */
export const GCS_MAX_RETRIES = 2;

/**
 * The client's bounds (docs/deployment.md "Outgoing calls"): each request gives up after
 * `timeoutMs` without an answer (GCS_TIMEOUT_MS; the bytes of a stream that has started are not
 * bound by it), at most `GCS_MAX_RETRIES` retries, and all of them within three timeouts and
 * the backoff between them, where the library's default total is ten minutes.
 */
export function gcsClientOptions(timeoutMs: number) {
  return {
    timeout: timeoutMs,
    retryOptions: {
      maxRetries: GCS_MAX_RETRIES,
      // Seconds, as the library counts them.
      totalTimeout: Math.ceil(((GCS_MAX_RETRIES + 1) * timeoutMs) / 1000) + 10,
      maxRetryDelay: 4,
    },
  };
}

/**
 * Google Cloud Storage. The browser talks to GCS directly through V4 signed URLs (resumable
 * start, then the session URL GCS returns), so upload bytes never pass through this server.
 * Credentials come from GOOGLE_APPLICATION_CREDENTIALS (a service account that may sign URLs);
 * the bucket needs a CORS rule for the dashboard's origin (see docs/storage.md).
 */
export class GcsStorage implements Storage {
  readonly driver = 'gcs' as const;
  private readonly bucket: Bucket;
  private readonly base: string;
  private readonly clock: Clock;

  constructor(opts: {
    bucket: string;
    clock: Clock;
    client?: GcsClient;
    projectId?: string;
    timeoutMs?: number;
  }) {
    const client =
      opts.client ??
      new GcsClient({
        ...gcsClientOptions(opts.timeoutMs ?? 30_000),
        ...(opts.projectId ? { projectId: opts.projectId } : {}),
      });
    this.bucket = client.bucket(opts.bucket);
    this.base = `${GCS_ORIGIN}/${opts.bucket}/`;
    this.clock = opts.clock;
  }

  async createUploadUrl(
    key: string,
    opts: { contentType?: string; expiresInSeconds?: number } = {},
  ): Promise<SignedUrl> {
    const expiry = this.after(opts.expiresInSeconds ?? security.uploadUrlSeconds);
    const [url] = await guarded(
      this.file(key).getSignedUrl({
        version: 'v4',
        action: 'resumable',
        expires: expiry,
        ...(opts.contentType ? { contentType: opts.contentType } : {}),
      }),
    );
    return { url, expiry };
  }

  blobUriFor(key: string): string {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return `${this.base}${key}`;
  }

  keyFromBlobUri(uri: string): string | null {
    if (!uri.startsWith(this.base)) return null;
    const key = uri.slice(this.base.length);
    return isValidKey(key) ? key : null;
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    if (!isValidKey(key)) return null;
    try {
      const [meta] = await guarded(this.bucket.file(key).getMetadata());
      return {
        size: Number(meta.size ?? 0),
        contentType: meta.contentType ?? 'application/octet-stream',
      };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  readHead(key: string, bytes: number): Promise<Buffer> {
    return this.readRange(key, 0, bytes);
  }

  async setContentType(key: string, contentType: string): Promise<void> {
    if (!isValidKey(key)) return;
    try {
      await guarded(this.bucket.file(key).setMetadata({ contentType }));
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }

  async readRange(key: string, start: number, bytes: number): Promise<Buffer> {
    if (!isValidKey(key) || bytes <= 0) return Buffer.alloc(0);
    const parts: Buffer[] = [];
    try {
      const stream = this.bucket
        .file(key)
        .createReadStream({ start, end: start + bytes - 1, validation: false });
      for await (const chunk of stream) parts.push(chunk as Buffer);
    } catch (e) {
      // 416: the object is empty, or shorter than `start`.
      if (isNotFound(e) || statusOf(e) === 416) return Buffer.alloc(0);
      throw isUnreachable(e) ? new StorageUnavailable(e) : e;
    }
    return Buffer.concat(parts).subarray(0, bytes);
  }

  async openRead(key: string): Promise<Readable | null> {
    if (!(await this.stat(key))) return null;
    return this.bucket.file(key).createReadStream();
  }

  /** Objects live in the bucket: stream them with `openRead`. */
  async localPath(): Promise<string | null> {
    return null;
  }

  async downloadUrl(key: string, opts: DownloadOptions): Promise<SignedUrl> {
    const expiry = this.after(opts.expiresInSeconds ?? security.downloadUrlSeconds);
    const type =
      opts.contentType ?? (opts.nameAsGiven ? undefined : (await this.stat(key))?.contentType);
    const [url] = await guarded(
      this.file(key).getSignedUrl({
        version: 'v4',
        action: 'read',
        expires: expiry,
        responseDisposition: attachmentDisposition(downloadFileName(opts.fileName, type)),
        ...(opts.contentType ? { responseType: opts.contentType } : {}),
      }),
    );
    return { url, expiry };
  }

  /** A resumable upload streamed from the file, checked by GCS against its MD5. */
  async put(key: string, filePath: string, contentType: string): Promise<ObjectInfo> {
    const [file] = await guarded(
      this.bucket.upload(filePath, {
        destination: this.file(key),
        contentType,
        resumable: true,
        validation: 'md5',
        metadata: { contentType },
      }),
    );
    return {
      size: Number(file.metadata.size ?? 0),
      contentType: file.metadata.contentType ?? contentType,
    };
  }

  async *listObjects(prefix: string): AsyncIterable<{ key: string; created: Date }> {
    for await (const file of this.bucket.getFilesStream({ prefix })) {
      const f = file as { name: string; metadata: { timeCreated?: string } };
      // Without a creation time an object is never taken for an old one.
      if (isValidKey(f.name) && f.metadata.timeCreated) {
        yield { key: f.name, created: new Date(f.metadata.timeCreated) };
      }
    }
  }

  async delete(key: string): Promise<void> {
    if (!isValidKey(key)) return;
    await guarded(this.bucket.file(key).delete({ ignoreNotFound: true }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith('/') || !isValidKey(`${prefix}x`)) {
      throw new Error(`Invalid storage prefix: ${prefix}`);
    }
    await guarded(this.bucket.deleteFiles({ prefix, force: true }));
  }

  /** GCS itself discards resumable sessions (and their bytes) a week after they started. */
  async sweep(): Promise<number> {
    return 0;
  }

  async close(): Promise<void> {}

  private file(key: string) {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return this.bucket.file(key);
  }

  private after(seconds: number): Date {
    return new Date(this.clock.now().getTime() + seconds * 1000);
  }
}

/** Network failures of the HTTP client under `@google-cloud/storage` (node-fetch's `FetchError`). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** True when Cloud Storage did not answer, or answered that it cannot now (5xx, 429). */
export function isUnreachable(e: unknown): boolean {
  const status = statusOf(e);
  if (status !== undefined) return status >= 500 || status === 429;
  const err = e as { name?: unknown; type?: unknown; code?: unknown } | null;
  if (err?.name === 'AbortError' || err?.type === 'request-timeout') return true;
  return typeof err?.code === 'string' && NETWORK_CODES.has(err.code);
}

/** `work`, with an unreachable Cloud Storage reported as `StorageUnavailable`. */
async function guarded<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    throw isUnreachable(e) ? new StorageUnavailable(e) : e;
  }
}

function statusOf(e: unknown): number | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

const isNotFound = (e: unknown) => statusOf(e) === 404;

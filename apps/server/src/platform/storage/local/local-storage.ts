import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { security } from '@roomscale/shared';
import type { Clock } from '../../../context.ts';
import { Remembered } from '../../remembered.ts';
import { attachmentDisposition, downloadFileName } from '../download-name.ts';
import { isValidKey } from '../keys.ts';
import type { DownloadOptions, ObjectInfo, SignedUrl, Storage } from '../types.ts';
import { LocalObjects } from './objects.ts';
import { SessionFiles } from './session-files.ts';
import type { UrlSigner } from './signing.ts';
import { LocalUploads } from './uploads.ts';

/** Where the local driver's HTTP endpoint lives, under the public URL. */
export const LOCAL_STORAGE_PATH = '/api/Storage/b/';

/**
 * The default storage: files on this server's disk under `root` (DATA_DIR/files), served at
 * `${publicUrl}/api/Storage/b/{key}` with the Google Cloud Storage resumable-upload protocol and
 * V4-style signed addresses (see modules/storage/routes.ts). For one server process; a fleet
 * of servers uses the GCS driver.
 */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  readonly objects: LocalObjects;
  readonly uploads: LocalUploads;
  private readonly base: string;
  private readonly uploadsDir: string;
  /**
   * The download addresses signed lately, by `steadyKey`: an address is signed once for its
   * steady minutes and looked up after that (a list page signs one address per thumbnail).
   */
  readonly steadyAddresses = new Remembered<string>(4096, security.downloadUrlSteadySeconds);

  constructor(
    root: string,
    publicUrl: string,
    readonly signer: UrlSigner,
    private readonly clock: Clock,
  ) {
    const objectsDir = join(root, 'objects');
    const uploadsDir = join(root, 'uploads');
    mkdirSync(objectsDir, { recursive: true });
    mkdirSync(uploadsDir, { recursive: true });
    this.uploadsDir = uploadsDir;
    this.objects = new LocalObjects(objectsDir);
    this.uploads = new LocalUploads(new SessionFiles(uploadsDir), this.objects);
    this.base = `${publicUrl.replace(/\/+$/, '')}${LOCAL_STORAGE_PATH}`;
  }

  async createUploadUrl(
    key: string,
    opts: { contentType?: string; expiresInSeconds?: number } = {},
  ): Promise<SignedUrl> {
    assertKey(key);
    const now = this.clock.now();
    const expiresInSeconds = opts.expiresInSeconds ?? security.uploadUrlSeconds;
    const query = this.signer.sign({
      method: 'POST',
      key,
      now,
      expiresInSeconds,
      contentType: opts.contentType,
    });
    return { url: `${this.blobUriFor(key)}?${query}`, expiry: after(now, expiresInSeconds) };
  }

  blobUriFor(key: string): string {
    assertKey(key);
    return `${this.base}${key}`;
  }

  keyFromBlobUri(uri: string): string | null {
    if (!uri.startsWith(this.base)) return null;
    const key = uri.slice(this.base.length);
    return isValidKey(key) ? key : null;
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const meta = await this.objects.meta(key);
    return meta ? { size: meta.size, contentType: meta.contentType } : null;
  }

  readHead(key: string, bytes: number): Promise<Buffer> {
    return this.readRange(key, 0, bytes);
  }

  async readRange(key: string, start: number, bytes: number): Promise<Buffer> {
    if (bytes <= 0 || !(await this.objects.meta(key))) return Buffer.alloc(0);
    const file = await open(this.objects.dataPath(key), 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await file.read(buffer, 0, bytes, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  setContentType(key: string, contentType: string): Promise<void> {
    return this.objects.setContentType(key, contentType);
  }

  async openRead(key: string): Promise<Readable | null> {
    if (!(await this.objects.meta(key))) return null;
    return createReadStream(this.objects.dataPath(key));
  }

  async localPath(key: string): Promise<string | null> {
    return (await this.objects.meta(key)) ? this.objects.dataPath(key) : null;
  }

  async downloadUrl(key: string, opts: DownloadOptions): Promise<SignedUrl> {
    assertKey(key);
    const now = this.clock.now();
    const expiresInSeconds = opts.expiresInSeconds ?? security.downloadUrlSeconds;
    const type =
      opts.contentType ?? (opts.nameAsGiven ? undefined : (await this.stat(key))?.contentType);
    const dated = steadyStart(now, expiresInSeconds);
    const signedFor = downloadSigned(key, expiresInSeconds, opts, type);
    const steady = steadyKey(dated, signedFor);
    let url = this.steadyAddresses.get(steady, now.getTime());
    if (url === null) {
      const query = this.signer.sign({
        method: 'GET',
        key,
        now: dated,
        expiresInSeconds,
        params: {
          'response-content-disposition': attachmentDisposition(
            downloadFileName(opts.fileName, type),
          ),
          ...(opts.contentType ? { 'response-content-type': opts.contentType } : {}),
        },
      });
      // The key was checked above: a list page signs one address per thumbnail.
      url = `${this.base}${key}?${query}`;
      this.steadyAddresses.set(steady, url, now.getTime());
    }
    return { url, expiry: after(dated, expiresInSeconds) };
  }

  async put(key: string, filePath: string, contentType: string): Promise<ObjectInfo> {
    assertKey(key);
    // Copied next to the objects (same disk), hashed on the way, then moved into place.
    const temp = join(this.uploadsDir, `put-${randomUUID()}.tmp`);
    const md5 = createHash('md5');
    let size = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _enc, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(createReadStream(filePath), hashing, createWriteStream(temp));
      await this.objects.put(key, temp, {
        contentType,
        size,
        md5: md5.digest('base64'),
        created: this.clock.now().toISOString(),
      });
    } finally {
      await rm(temp, { force: true });
    }
    return { size, contentType };
  }

  listObjects(prefix: string) {
    return this.objects.list(prefix);
  }

  delete(key: string): Promise<void> {
    return this.objects.delete(key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    await this.uploads.sweep(this.clock.now(), (key) => key.startsWith(prefix));
    await this.objects.deletePrefix(prefix);
  }

  sweep(now: Date): Promise<number> {
    return this.uploads.sweep(now);
  }

  close(): Promise<void> {
    return this.uploads.close();
  }
}

/**
 * The start of the steady minutes `now` falls in (`security.downloadUrlSteadySeconds`, at most a
 * twelfth of the lifetime): a download address is dated to it, so within those minutes the same
 * download is the same address, byte for byte, and works `expiresInSeconds` from their start
 * (55 to 60 minutes of the hour from when it is handed out). A browser that has the thumbnail of
 * that address cached may show it again from its cache; the server looks the address up instead
 * of signing it again (`steadyKey`).
 */
function steadyStart(now: Date, expiresInSeconds: number): Date {
  const steady = Math.max(
    1,
    Math.min(security.downloadUrlSteadySeconds, Math.floor(expiresInSeconds / 12)),
  );
  const second = Math.floor(now.getTime() / 1000);
  return new Date((second - (second % steady)) * 1000);
}

/**
 * What a download address is signed for, besides its date: the key, the lifetime, the
 * `response-content-type` asked for and the type the saved name takes its extension from, and the
 * name. The key has no line break (keys.ts) and the type is written with its length, so no two
 * downloads share the text; the name, which may hold anything, comes last.
 */
function downloadSigned(
  key: string,
  expiresInSeconds: number,
  opts: DownloadOptions,
  type: string | undefined,
): string {
  const asked = opts.contentType ? 'T' : 'N';
  const named = type === undefined ? '-' : `${type.length}:${type}`;
  return `${key}\n${expiresInSeconds}\n${asked}${named}\n${opts.fileName}`;
}

/**
 * What a download address is kept by (`LocalStorage.steadyAddresses`): its date and what it was
 * signed for. An address is the HMAC of its key, its name, its lifetime and its date
 * (`steadyStart`), so the same download dated the same is the same address; one of an earlier
 * date is never handed out again, its date being part of what it is kept by; none is kept longer
 * than the steady minutes last.
 */
export const steadyKey = (dated: Date, signedFor: string) => `${dated.getTime()}\n${signedFor}`;

function assertKey(key: string) {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
}

const after = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000);

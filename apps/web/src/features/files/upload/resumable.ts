import { security, uploadLimits, uploadMessages } from '@roomscale/shared';
import SparkMD5 from 'spark-md5';

/**
 * A resumable chunked upload to a Google Cloud Storage style address (part2 §4 Upload flow,
 * §7 Cloud storage upload, docs/storage.md): our local storage speaks the same protocol.
 *
 * Each chunk's MD5 is kept with the session URL in browser storage under the upload id, so a
 * later instance (after a reload) resumes where the storage server stopped, once the chunks
 * already sent are shown to still match the file; otherwise it starts again from byte 0.
 */

export type UploadErrorCode =
  | 'differentChunk'
  | 'alreadyUploaded'
  | 'urlNotFound'
  | 'retryAdvised'
  | 'unknownResponse'
  | 'missingOptions'
  | 'uploadIncomplete'
  | 'invalidChunkSize'
  | 'alreadyFinished'
  | 'cancelled';

/** A failed upload: `code` says which of the spec's storage errors (§8), `message` the text. */
export class UploadError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    message: string,
    /** The storage server's HTTP status, when one answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export type UploadProgress = { uploadedBytes: number; totalBytes: number };

/** What is kept per upload id between page loads. */
export type ResumeMetadata = {
  checksums: string[];
  chunkSize: number;
  started: boolean;
  fileSize: number;
  sessionUrl: string;
  /** When it was last written (ms); storage sessions end a week after they start. */
  savedAt?: number;
};

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type ResumableUploadOptions = {
  /** Names the upload in browser storage; the same id resumes the same upload. */
  id: string;
  /** The signed start address (`fileUploadUri`). */
  url: string;
  file: Blob;
  /** A non-zero multiple of 262144; 262144 by default. */
  chunkSize?: number;
  contentType?: string;
  onProgress?: (progress: UploadProgress) => void;
  /** `window.localStorage` by default. */
  storage?: KeyValueStorage;
  /** Waits before each retry of a 500/502/503/504 or unreachable server. */
  retryDelaysMs?: readonly number[];
  /** The HTTP client; `fetch` by default. */
  fetch?: typeof fetch;
};

const metadataPrefix = 'roomscale.upload.';
export const metadataKey = (id: string) => `${metadataPrefix}${id}`;

/** Upload sessions live a week (docs/storage.md); older metadata can never resume. */
const metadataMaxAgeMs = security.uploadSessionSeconds * 1000;

/** Drops resume metadata of uploads nobody resumed within a week. */
export function sweepResumeMetadata(storage: Storage = window.localStorage, now = Date.now()) {
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(metadataPrefix)) keys.push(key);
    }
    for (const key of keys) {
      let savedAt: unknown;
      try {
        savedAt = (JSON.parse(storage.getItem(key) ?? 'null') as ResumeMetadata | null)?.savedAt;
      } catch {
        savedAt = undefined;
      }
      if (typeof savedAt !== 'number' || now - savedAt > metadataMaxAgeMs) storage.removeItem(key);
    }
  } catch {
    // Storage disabled: nothing kept, nothing to sweep.
  }
}

const retryStatuses = new Set([500, 502, 503, 504]);
/** Unknown or expired session (GCS answers 404 or 410) or a bad or expired signature (403). */
const gone = new Set([403, 404, 410]);

/** `Range: bytes=0-N` → N + 1 bytes stored; no header → none. */
function storedBytes(res: Response): number {
  const range = res.headers.get('range');
  const m = range ? /^bytes=0-(\d+)$/.exec(range.trim()) : null;
  return m ? Number(m[1]) + 1 : 0;
}

function isAbort(e: unknown) {
  return e instanceof DOMException && e.name === 'AbortError';
}

export class ResumableUpload {
  private readonly id: string;
  private readonly url: string;
  private readonly file: Blob;
  private readonly chunkSize: number;
  private readonly contentType: string;
  private readonly onProgress?: (progress: UploadProgress) => void;
  private readonly storage: KeyValueStorage;
  private readonly retryDelaysMs: readonly number[];
  private readonly fetch: typeof fetch;

  private running: Promise<string> | null = null;
  private finished = false;
  private paused = false;
  private cancelled = false;
  private inFlight: AbortController | null = null;
  private wake: (() => void) | null = null;

  constructor(options: ResumableUploadOptions) {
    const missing = (['id', 'url', 'file'] as const).filter((k) => !options?.[k]);
    if (missing.length > 0) {
      throw new UploadError('missingOptions', uploadMessages.missingOptions(missing));
    }
    const chunkSize = options.chunkSize ?? uploadLimits.defaultChunkBytes;
    if (!Number.isInteger(chunkSize) || chunkSize <= 0 || chunkSize % uploadLimits.chunkUnit) {
      throw new UploadError(
        'invalidChunkSize',
        uploadMessages.invalidChunkSize(uploadLimits.chunkUnit),
      );
    }
    this.id = options.id;
    this.url = options.url;
    this.file = options.file;
    this.chunkSize = chunkSize;
    this.contentType = options.contentType || options.file.type || 'application/octet-stream';
    this.onProgress = options.onProgress;
    this.storage = options.storage ?? window.localStorage;
    this.retryDelaysMs = options.retryDelaysMs ?? uploadLimits.retryDelaysMs;
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** Uploads (or resumes) the file; resolves with its blobUri, the session URL without query. */
  start(): Promise<string> {
    if (this.finished || this.cancelled) {
      return Promise.reject(new UploadError('alreadyFinished', uploadMessages.alreadyFinished));
    }
    if (!this.running) {
      this.running = this.run().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  get isPaused() {
    return this.paused;
  }

  /** Stops sending; the bytes the storage server holds stay, `unpause()` goes on from them. */
  pause() {
    if (this.finished || this.cancelled) return;
    this.paused = true;
    this.inFlight?.abort();
  }

  unpause() {
    if (!this.paused) return;
    this.paused = false;
    this.wake?.();
  }

  /** Gives the upload up: the promise of `start()` rejects and the resume metadata is gone. */
  cancel() {
    if (this.finished || this.cancelled) return;
    this.cancelled = true;
    this.clearMetadata();
    this.inFlight?.abort();
    this.wake?.();
  }

  private async run(): Promise<string> {
    const size = this.file.size;
    let meta = this.loadMetadata();
    let offset = 0;
    let resumed = false;
    if (meta?.started && meta.chunkSize === this.chunkSize && meta.fileSize === size) {
      const remote = await this.status(meta.sessionUrl, true);
      if (remote !== 'notFound') {
        const validated = await this.validatedChunks(meta, remote);
        if (remote === 'finished') {
          if (validated === meta.checksums.length && validated * this.chunkSize >= size) {
            return this.succeed(meta.sessionUrl);
          }
        } else {
          resumed = true;
          offset = validated * this.chunkSize;
          // Anything beyond the validated chunks is sent again (the server rewinds to it).
          meta.checksums = meta.checksums.slice(0, validated);
          if (validated === 0) meta.checksums = [];
          this.saveMetadata(meta);
        }
      }
    }
    if (!resumed || !meta) {
      this.clearMetadata();
      const sessionUrl = await this.startSession();
      meta = {
        checksums: [],
        chunkSize: this.chunkSize,
        started: true,
        fileSize: size,
        sessionUrl,
      };
      this.saveMetadata(meta);
      offset = 0;
    }
    this.report(offset);

    const sessionUrl = meta.sessionUrl;
    for (;;) {
      this.throwIfCancelled();
      if (this.paused) await this.untilUnpaused();
      if (size === 0 || offset >= size) {
        const remote = await this.status(sessionUrl, false);
        if (remote === 'finished') return this.succeed(sessionUrl);
        throw new UploadError('uploadIncomplete', uploadMessages.uploadIncomplete, 308);
      }
      const end = Math.min(offset + this.chunkSize, size);
      const index = offset / this.chunkSize;
      const bytes = await this.file.slice(offset, end).arrayBuffer();
      const checksum = SparkMD5.ArrayBuffer.hash(bytes);
      const known = meta.checksums[index];
      if (known && known !== checksum) {
        throw new UploadError('differentChunk', uploadMessages.differentChunk);
      }
      const res = await this.send(sessionUrl, {
        method: 'PUT',
        headers: { 'content-range': `bytes ${offset}-${end - 1}/${size}` },
        body: bytes,
      });
      const isLast = end === size;
      if (res.status === 308) {
        const stored = storedBytes(res);
        if (stored >= end) {
          meta.checksums[index] = checksum;
          this.saveMetadata(meta);
          offset = end;
          if (isLast) {
            throw new UploadError('uploadIncomplete', uploadMessages.uploadIncomplete, 308);
          }
        } else {
          // Part of the chunk did not arrive: send it again from its start.
          offset = Math.floor(stored / this.chunkSize) * this.chunkSize;
        }
        this.report(offset);
        continue;
      }
      if (res.status === 200 || res.status === 201) {
        if (!isLast) {
          throw new UploadError('alreadyUploaded', uploadMessages.alreadyUploaded, res.status);
        }
        this.report(size);
        return this.succeed(sessionUrl);
      }
      throw this.statusError(res.status);
    }
  }

  /** How many leading chunks the storage server holds that still match the file. */
  private async validatedChunks(meta: ResumeMetadata, remote: number | 'finished') {
    const size = this.file.size;
    const remoteChunks =
      remote === 'finished'
        ? meta.checksums.length
        : remote >= size
          ? meta.checksums.length
          : Math.floor(remote / this.chunkSize);
    const count = Math.min(remoteChunks, meta.checksums.length);
    for (let i = 0; i < count; i++) {
      this.throwIfCancelled();
      const start = i * this.chunkSize;
      const bytes = await this.file
        .slice(start, Math.min(start + this.chunkSize, size))
        .arrayBuffer();
      if (SparkMD5.ArrayBuffer.hash(bytes) !== meta.checksums[i]) return 0;
    }
    return count;
  }

  private async startSession(): Promise<string> {
    const res = await this.send(this.url, {
      method: 'POST',
      headers: { 'x-goog-resumable': 'start', 'content-type': this.contentType },
    });
    const location = res.headers.get('location');
    if ((res.status === 200 || res.status === 201) && location) return location;
    throw this.statusError(res.status);
  }

  /** Status query: bytes stored, 'finished', or (when allowed) 'notFound' for a 404 or 410. */
  private async status(
    sessionUrl: string,
    allowNotFound: true,
  ): Promise<number | 'finished' | 'notFound'>;
  private async status(sessionUrl: string, allowNotFound: false): Promise<number | 'finished'>;
  private async status(sessionUrl: string, allowNotFound: boolean) {
    const res = await this.send(sessionUrl, {
      method: 'PUT',
      headers: { 'content-range': `bytes */${this.file.size}` },
    });
    if (res.status === 308) return storedBytes(res);
    if (res.status === 200 || res.status === 201) return 'finished';
    if (gone.has(res.status) && allowNotFound) return 'notFound';
    throw this.statusError(res.status);
  }

  /** One request, retried after the configured waits on 500/502/503/504 or no answer. */
  private async send(url: string, init: RequestInit): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      this.throwIfCancelled();
      const controller = new AbortController();
      this.inFlight = controller;
      let status = 0;
      try {
        const res = await this.fetch(url, { ...init, signal: controller.signal });
        if (!retryStatuses.has(res.status)) return res;
        status = res.status;
        await res.body?.cancel().catch(() => {});
      } catch (e) {
        if (isAbort(e) || controller.signal.aborted) {
          // Paused mid-request: wait, then send the same request again (a resent chunk
          // replaces whatever part of it arrived).
          await this.untilUnpaused();
          attempt--;
          continue;
        }
      } finally {
        if (this.inFlight === controller) this.inFlight = null;
      }
      const wait = this.retryDelaysMs[attempt];
      if (wait === undefined) {
        throw new UploadError('retryAdvised', uploadMessages.retryAdvised(status), status);
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  private statusError(status: number) {
    if (gone.has(status)) {
      return new UploadError('urlNotFound', uploadMessages.urlNotFound, status);
    }
    if (retryStatuses.has(status)) {
      return new UploadError('retryAdvised', uploadMessages.retryAdvised(status), status);
    }
    return new UploadError('unknownResponse', uploadMessages.unknownResponse(status), status);
  }

  private async untilUnpaused() {
    while (this.paused && !this.cancelled) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
    this.throwIfCancelled();
  }

  private throwIfCancelled() {
    if (this.cancelled) throw new UploadError('cancelled', uploadMessages.cancelled);
  }

  private succeed(sessionUrl: string) {
    this.finished = true;
    this.clearMetadata();
    return sessionUrl.split('?')[0] ?? sessionUrl;
  }

  private report(uploadedBytes: number) {
    this.onProgress?.({ uploadedBytes, totalBytes: this.file.size });
  }

  private loadMetadata(): ResumeMetadata | null {
    try {
      const raw = this.storage.getItem(metadataKey(this.id));
      const v = raw ? (JSON.parse(raw) as Partial<ResumeMetadata>) : null;
      if (!v || !Array.isArray(v.checksums) || typeof v.sessionUrl !== 'string') return null;
      return v as ResumeMetadata;
    } catch {
      return null;
    }
  }

  private saveMetadata(meta: ResumeMetadata) {
    try {
      this.storage.setItem(metadataKey(this.id), JSON.stringify({ ...meta, savedAt: Date.now() }));
    } catch {
      // Storage full or disabled: the upload goes on, it just cannot resume after a reload.
    }
  }

  private clearMetadata() {
    try {
      this.storage.removeItem(metadataKey(this.id));
    } catch {
      // Nothing to clear.
    }
  }
}

import { createWriteStream, type WriteStream } from 'node:fs';
import { truncate } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { limits, security, storageMessages } from '@roomscale/shared';
import { badRequest, HttpError, notFound } from '../../http/problem.ts';
import type { ContentRange } from '../content-range.ts';
import { ChunkMeter, streamBody } from './chunk-meter.ts';
import { HashBehind } from './hash-behind.ts';
import { KeyedLock } from './keyed-lock.ts';
import type { LocalObjects, ObjectMeta } from './objects.ts';
import { newSessionId, type SessionFiles, type SessionRecord } from './session-files.ts';

export type PutRequest = {
  range: ContentRange;
  /** The request's Content-Length; null for a chunked body. */
  contentLength: number | null;
  body: Readable | null;
};

export type PutOutcome =
  | { state: 'incomplete'; stored: number }
  | { state: 'complete'; key: string; object: ObjectMeta };

type WriteRange = Exclude<ContentRange, { kind: 'query' }>;

const tooLarge = () => new HttpError(413, storageMessages.tooLarge);
const sessionGone = () => notFound(storageMessages.sessionNotFound);

/**
 * Resumable upload sessions of the local driver, with the semantics of Google Cloud Storage:
 * chunks stream to disk at their offset, a rewind overwrites, a gap is refused, and a chunk cut
 * off mid-body leaves exactly the bytes that reached the disk. One request per session runs at
 * a time.
 */
export class LocalUploads {
  private readonly lock = new KeyedLock();
  private readonly md5 = new HashBehind();

  constructor(
    private readonly files: SessionFiles,
    private readonly objects: LocalObjects,
  ) {}

  async start(opts: {
    key: string;
    contentType: string;
    total: number | null;
    now: Date;
  }): Promise<string> {
    if (opts.total !== null && opts.total >= limits.maxUploadBytes) throw tooLarge();
    const id = newSessionId();
    const expires = new Date(opts.now.getTime() + security.uploadSessionSeconds * 1000);
    await this.files.create(id, {
      key: opts.key,
      contentType: opts.contentType,
      created: opts.now.toISOString(),
      expires: expires.toISOString(),
      total: opts.total,
      complete: null,
    });
    return id;
  }

  /** A chunk or a status query (`bytes *\/…`) for session `id` of object `key`. */
  put(id: string, key: string, req: PutRequest, now: Date): Promise<PutOutcome> {
    return this.lock.run(id, async () => {
      const session = await this.files.load(id);
      if (!session || session.key !== key || Date.parse(session.expires) <= now.getTime()) {
        throw sessionGone();
      }
      if (session.complete) return { state: 'complete', key, object: session.complete };
      const stored = await this.files.storedBytes(id);
      if (stored === null) throw sessionGone();
      const range = req.range;
      if (range.kind === 'query') return this.query(id, session, stored, req, now);
      return this.write(id, session, stored, { ...req, range }, now);
    });
  }

  /** Unfinished sessions on disk (expired ones too, until the sweep drops them): the metrics. */
  openSessions(): Promise<number> {
    return this.files.openCount();
  }

  /** Drops sessions that expired at `now`, or whose key `also` selects; returns how many. */
  async sweep(now: Date, also: (key: string) => boolean = () => false): Promise<number> {
    let dropped = 0;
    for (const id of await this.files.ids()) {
      await this.lock.run(id, async () => {
        const session = await this.files.load(id);
        if (session && Date.parse(session.expires) > now.getTime() && !also(session.key)) return;
        await this.files.remove(id);
        this.md5.drop(id);
        dropped += 1;
      });
    }
    return dropped;
  }

  close(): Promise<void> {
    return this.md5.close();
  }

  private async query(
    id: string,
    session: SessionRecord,
    stored: number,
    req: PutRequest,
    now: Date,
  ): Promise<PutOutcome> {
    if (req.contentLength !== null && req.contentLength > 0) {
      throw badRequest(storageMessages.lengthMismatch);
    }
    const total = checkedTotal(session, req.range.total);
    if (total !== null) {
      if (stored > total) throw badRequest(storageMessages.storedBeyondTotal);
      // As in GCS, `bytes */TOTAL` finishes an upload whose bytes have all arrived.
      if (stored === total) return this.finish(id, session, total, now);
    }
    return { state: 'incomplete', stored };
  }

  private async write(
    id: string,
    session: SessionRecord,
    stored: number,
    req: PutRequest & { range: WriteRange },
    now: Date,
  ): Promise<PutOutcome> {
    const range = req.range;
    const total = checkedTotal(session, range.total);
    const start = range.start;
    if (start > stored) throw badRequest(storageMessages.gap(start, stored));

    let length: number | null;
    if (range.kind === 'chunk') {
      if (total !== null && range.end >= total) throw badRequest(storageMessages.rangeBeyondTotal);
      length = range.end - start + 1;
    } else {
      if (total !== null && start > total) throw badRequest(storageMessages.rangeBeyondTotal);
      length = total !== null ? total - start : req.contentLength;
    }
    if (length !== null && start + length >= limits.maxUploadBytes) throw tooLarge();
    if (req.contentLength !== null && length !== null && req.contentLength !== length) {
      throw badRequest(storageMessages.lengthMismatch);
    }

    if (total !== null && session.total === null) {
      session.total = total;
      await this.files.save(id, session);
    }
    const partPath = this.files.partPath(id);
    if (start < stored) {
      await truncate(partPath, start);
      this.md5.truncate(id, start);
    }
    // Bytes that passed the meter may still be on their way to disk; the hasher reads up to
    // the end of the file and catches up later.
    const meter = new ChunkMeter(length ?? limits.maxUploadBytes - 1 - start, (received) =>
      this.md5.progress(id, partPath, start + received),
    );
    const out = createWriteStream(partPath, { flags: 'r+', start });
    let failure: unknown = null;
    try {
      await streamBody(req.body, meter, out);
    } catch (e) {
      failure = e;
    }
    await closed(out);
    const nowStored = start + out.bytesWritten;
    this.md5.progress(id, partPath, nowStored);

    if (failure) {
      if (meter.overflow) {
        throw length === null ? tooLarge() : badRequest(storageMessages.lengthMismatch);
      }
      if (isDiskFull(failure)) throw new HttpError(507, storageMessages.storageFull);
      // The client went away mid-body; what reached the disk stays, for it to resume from.
      throw failure;
    }
    if (length !== null && meter.received !== length) {
      throw badRequest(storageMessages.lengthMismatch);
    }
    const finalTotal = total ?? (range.kind === 'rest' ? nowStored : null);
    if (finalTotal !== null && nowStored === finalTotal) {
      return this.finish(id, session, finalTotal, now);
    }
    return { state: 'incomplete', stored: nowStored };
  }

  private async finish(
    id: string,
    session: SessionRecord,
    total: number,
    now: Date,
  ): Promise<PutOutcome> {
    const partPath = this.files.partPath(id);
    const md5 = await this.md5.digest(id, partPath, total);
    const object: ObjectMeta = {
      contentType: session.contentType,
      size: total,
      md5,
      created: now.toISOString(),
    };
    // Two sessions of one key finish one at a time, so an object's bytes and metadata match.
    await this.lock.run(`object:${session.key}`, () =>
      this.objects.put(session.key, partPath, object),
    );
    await this.files.save(id, { ...session, total, complete: object });
    return { state: 'complete', key: session.key, object };
  }
}

/** The declared total, checked against the limit and against what was declared before. */
function checkedTotal(session: SessionRecord, declared: number | null): number | null {
  if (declared !== null && declared >= limits.maxUploadBytes) throw tooLarge();
  if (declared !== null && session.total !== null && declared !== session.total) {
    throw badRequest(storageMessages.totalChanged);
  }
  return declared ?? session.total;
}

function closed(stream: WriteStream): Promise<void> {
  if (stream.closed) return Promise.resolve();
  return new Promise((resolve) => stream.once('close', () => resolve()));
}

function isDiskFull(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

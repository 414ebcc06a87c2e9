import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  fileLimits,
  limits,
  type ProfileImageType,
  profileImageExtensions,
  profileImageMessages,
} from '@roomscale/shared';
import { type FormatId, type Sample, sniffContent } from '../../platform/content/sniff.ts';
import { HttpError } from '../../platform/http/problem.ts';

const notSupported = () => new HttpError(400, profileImageMessages.typeNotSupported);
const tooBig = () => new HttpError(413, profileImageMessages.tooBig);
const drainBound = 2 * limits.profileImageMaxBytes;

const sniffedImageTypes: Partial<Record<FormatId, ProfileImageType>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/** The picture type the bytes prove (the detector file uploads use), or null. */
export async function sniffImageType(sample: Sample): Promise<ProfileImageType | null> {
  const sniffed = await sniffContent(sample);
  return (sniffed && sniffedImageTypes[sniffed.id]) ?? null;
}

const extensionTypes: Record<string, ProfileImageType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
};

/** A received image on this machine's disk; `dispose` removes it. */
export type ReceivedImage = { path: string; contentType: ProfileImageType; size: number };

/**
 * Streams an uploaded image to a temporary file (memory stays flat), refusing it as soon as it
 * reaches the size limit, then checks that its name's extension, its declared type and its first
 * bytes agree on one of the allowed image types.
 */
export async function receiveImage<T>(
  body: Readable,
  meta: { fileName: string; declaredType: string | undefined; declaredLength: number | undefined },
  use: (image: ReceivedImage) => Promise<T>,
): Promise<T> {
  const ext = meta.fileName.includes('.') ? meta.fileName.split('.').pop()!.toLowerCase() : '';
  if (!(profileImageExtensions as readonly string[]).includes(ext)) throw notSupported();
  if (meta.declaredLength !== undefined && meta.declaredLength >= limits.profileImageMaxBytes) {
    body.resume();
    throw tooBig();
  }
  const dir = await mkdtemp(join(tmpdir(), 'roomscale-image-'));
  const path = join(dir, 'image');
  try {
    // Past the limit the rest is read and dropped (up to a bound), so the client still gets the
    // 413 answer instead of a reset connection; beyond the bound the connection is cut.
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > drainBound) done(tooBig());
        else if (size >= limits.profileImageMaxBytes) done();
        else done(null, chunk);
      },
    });
    const file = createWriteStream(path);
    await pipeline(body, counter, file).catch(async (e) => {
      if (!file.closed) await once(file, 'close');
      throw e;
    });
    if (size >= limits.profileImageMaxBytes) throw tooBig();
    const head = Buffer.alloc(Math.min(size, fileLimits.sniffBytes));
    const handle = await open(path, 'r');
    const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close());
    const sniffed = await sniffImageType({ head: head.subarray(0, bytesRead), tail: head, size });
    const declared = meta.declaredType?.split(';')[0]?.trim().toLowerCase();
    const declaredOk = !declared || declared === 'application/octet-stream' || declared === sniffed;
    if (!sniffed || sniffed !== extensionTypes[ext] || !declaredOk) throw notSupported();
    return await use({ path, contentType: sniffed, size });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import { type fileUploadSlot, uploadLimits } from '@roomscale/shared';
import { filesApi } from '@roomscale/shared/contract';
import type { z } from 'zod';
import { call } from '../../../api/client.ts';
import { ResumableUpload, type ResumableUploadOptions } from './resumable.ts';

/**
 * Uploading bytes for a team's file item (part2 §7): a slot from the API, then the resumable
 * upload. The returned blobUri is what `PUT …/File` (or a PATCH replacing content) takes.
 */

export type FileUploadSlot = z.infer<typeof fileUploadSlot>;

/** A signed start address for a fresh object of the team. */
export function requestUploadSlot(teamId: string, signal?: AbortSignal) {
  return call(filesApi.uploadSlot, { params: { organizationId: teamId }, signal });
}

const isFile = (blob: Blob): blob is File => typeof File !== 'undefined' && blob instanceof File;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

/**
 * The resume id of a picked file: the same file picked again (even after a reload) continues
 * the stored upload instead of starting over. Other blobs get a fresh id.
 */
export function uploadIdFor(teamId: string, blob: Blob): string {
  if (isFile(blob)) {
    return `${teamId}:${blob.name}:${blob.size}:${blob.lastModified}`;
  }
  return `${teamId}:${randomId()}`;
}

/**
 * 128 random bits as hex. `crypto.randomUUID` exists only in secure contexts (https or
 * localhost); `getRandomValues` also on an installation reached over plain http.
 */
function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

export type UploadBlobOptions = {
  /** 0..1 as chunks are stored. */
  onProgress?: (fraction: number) => void;
  /** Aborting cancels the upload; the promise rejects with an UploadError 'cancelled'. */
  signal?: AbortSignal;
  /** The resume id; see `uploadIdFor`. */
  id?: string;
  /** Receives the uploader, for pause and unpause. */
  onUploader?: (upload: ResumableUpload) => void;
  chunkSize?: number;
  /** Test hooks: the HTTP client and storage of the uploader. */
  fetch?: ResumableUploadOptions['fetch'];
  storage?: ResumableUploadOptions['storage'];
};

/** Uploads `blob` for the team and resolves with its blobUri. */
export async function uploadBlob(
  teamId: string,
  blob: Blob,
  contentType: string,
  opts: UploadBlobOptions = {},
): Promise<string> {
  opts.signal?.throwIfAborted();
  const slot = await requestUploadSlot(teamId, opts.signal);
  const upload = new ResumableUpload({
    id: opts.id ?? uploadIdFor(teamId, blob),
    url: slot.fileUploadUri,
    file: blob,
    contentType,
    chunkSize: opts.chunkSize ?? uploadLimits.queueChunkBytes,
    onProgress: opts.onProgress
      ? ({ uploadedBytes, totalBytes }) =>
          opts.onProgress?.(totalBytes > 0 ? uploadedBytes / totalBytes : 1)
      : undefined,
    fetch: opts.fetch,
    // A blob that is not a picked file can never be picked again: nothing to resume later.
    storage: opts.storage ?? (opts.id || isFile(blob) ? undefined : memoryStorage()),
  });
  opts.onUploader?.(upload);
  const onAbort = () => upload.cancel();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await upload.start();
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

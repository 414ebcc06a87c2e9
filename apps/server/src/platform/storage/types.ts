import type { Readable } from 'node:stream';

/**
 * The object storage could not be reached: it timed out, refused the connection, or answered
 * 5xx or 429 after the client's retries. An outage, not a bug: API calls answer 503 with
 * `Retry-After`, as for the database (platform/http/errors.ts).
 */
export class StorageUnavailable extends Error {
  constructor(cause: unknown) {
    super('object storage unavailable', { cause });
    this.name = 'StorageUnavailable';
  }
}

/** A stored object as a listing shows it. */
export type ListedObject = { key: string; created: Date };

/** What is known of a stored object. */
export type ObjectInfo = { size: number; contentType: string };

export type SignedUrl = { url: string; expiry: Date };

export type DownloadOptions = {
  /** The name the browser saves the file under; the type's extension is added when missing. */
  fileName: string;
  /** Served instead of the stored type when given. */
  contentType?: string;
  expiresInSeconds?: number;
  /**
   * Use `fileName` as it is, without looking up the stored type for its extension: saves a
   * storage call where the name hardly matters (thumbnails shown in a page).
   */
  nameAsGiven?: boolean;
};

/**
 * Object storage for uploaded files. Keys look like `org/{organizationId}/{uuid}` (see keys.ts);
 * a blob URI is the public address of an object without query, as file items store it.
 *
 * Both drivers speak the Google Cloud Storage resumable-upload protocol at the address
 * `createUploadUrl` returns, so browser code is the same for both.
 */
export interface Storage {
  readonly driver: 'local' | 'gcs';
  /** A signed, expiring address that accepts `POST` with `x-goog-resumable: start`. */
  createUploadUrl(
    key: string,
    opts?: { contentType?: string; expiresInSeconds?: number },
  ): Promise<SignedUrl>;
  /** The address of an object without query: what a file item stores as `blobUri`. */
  blobUriFor(key: string): string;
  /** The key of a blob URI of this storage; null for any other address. */
  keyFromBlobUri(uri: string): string | null;
  stat(key: string): Promise<ObjectInfo | null>;
  /** Up to `bytes` first bytes of an object (for magic-byte checks); empty when it is missing. */
  readHead(key: string, bytes: number): Promise<Buffer>;
  /** Up to `bytes` bytes from offset `start` (a bounded read: the end of a 3D model, say). */
  readRange(key: string, start: number, bytes: number): Promise<Buffer>;
  /**
   * Records the content type an object is served with (the type its bytes proved when a file
   * item took it, whatever its uploader declared); a missing object is not an error.
   */
  setContentType(key: string, contentType: string): Promise<void>;
  /** The whole object as a stream (server-side processing); null when it is missing. */
  openRead(key: string): Promise<Readable | null>;
  /**
   * A path on this machine holding the object's bytes, for tools such as ffprobe that read
   * files; null when the driver keeps objects elsewhere (then stream with `openRead`).
   */
  localPath(key: string): Promise<string | null>;
  /** A short-lived signed address that downloads the object as an attachment. */
  downloadUrl(key: string, opts: DownloadOptions): Promise<SignedUrl>;
  /**
   * Stores a file of this machine as the object `key` (server-side writes such as a transcoded
   * video), streaming it; replaces an object of the same key.
   */
  put(key: string, filePath: string, contentType: string): Promise<ObjectInfo>;
  /** Every finished object whose key starts with `prefix` (`org/`, `guest/`…), in no order. */
  listObjects(prefix: string): AsyncIterable<ListedObject>;
  /** Removes an object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a whole team's files, say). */
  deletePrefix(prefix: string): Promise<void>;
  /** Drops upload sessions that expired at `now`, with their bytes; returns how many. */
  sweep(now: Date): Promise<number>;
  /** Stops background work (the local driver's hashing thread). */
  close(): Promise<void>;
}

import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from './types.ts';

/**
 * A path on this machine with the object's bytes, for tools that read files (ffprobe, ffmpeg):
 * the local driver's own file, or a streamed copy at `dir/input` for a remote driver. Memory
 * stays flat whatever the size. Null when the object is missing.
 */
export async function localFileOf(storage: Storage, key: string, dir: string) {
  const own = await storage.localPath(key);
  if (own) return own;
  const stream = await storage.openRead(key);
  if (!stream) return null;
  const path = join(dir, 'input');
  await pipeline(stream, createWriteStream(path));
  return path;
}

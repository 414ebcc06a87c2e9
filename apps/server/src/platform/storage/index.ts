import type { Config } from '../../config.ts';
import type { Clock } from '../../context.ts';
import { GcsStorage } from './gcs-storage.ts';
import { LocalStorage } from './local/local-storage.ts';
import { storageSecret, UrlSigner } from './local/signing.ts';
import type { Storage } from './types.ts';

export { downloadFileName } from './download-name.ts';
export { guestKeyPrefix, keyBelongsTo, newObjectKey, teamKeyPrefix } from './keys.ts';
export type { DownloadOptions, ObjectInfo, SignedUrl, Storage } from './types.ts';
export { type UploadSlot, uploadSlotFor, uploadSlotUnder } from './upload-slot.ts';

/** The storage driver the configuration names. */
export function createStorage(config: Config, clock: Clock): Storage {
  const s = config.storage;
  if (s.driver === 'gcs') {
    return new GcsStorage({
      bucket: s.bucket,
      projectId: s.projectId,
      clock,
      timeoutMs: config.outgoingTimeouts.gcsMs,
    });
  }
  return new LocalStorage(
    s.dir,
    config.publicUrl,
    new UrlSigner(storageSecret(config.jwtSecret)),
    clock,
  );
}

/** Runs `sweep` now and every hour, without keeping the process alive; returns a stop function. */
export function scheduleSweep(
  sweep: () => Promise<unknown>,
  onError: (e: unknown) => void,
  everyMs = 3600_000,
): () => void {
  const run = () => void sweep().catch(onError);
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

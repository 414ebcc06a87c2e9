import { useSyncExternalStore } from 'react';
import type { UploadQueue } from './uploadQueue.ts';
import { uploadQueue } from './uploads.ts';

/** The queued uploads and their actions, re-rendering as they progress. */
export function useUploads(queue: UploadQueue = uploadQueue) {
  const entries = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  return {
    entries,
    pause: (key: string) => queue.pause(key),
    resume: (key: string) => queue.resume(key),
    cancel: (key: string) => queue.cancel(key),
  };
}

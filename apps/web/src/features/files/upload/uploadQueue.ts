import { type FileItem, FileProperties, type FileType, uploadMessages } from '@roomscale/shared';
import { filesApi } from '@roomscale/shared/contract';
import { ApiError, type CallInput, call } from '../../../api/client.ts';
import { serverMessage } from '../../../api/errors.ts';
import type { makeThumbnail } from '../thumbnails/makeThumbnail.ts';
import { checkUpload } from './fileKinds.ts';
import type { ResumableUpload } from './resumable.ts';
import { UploadError } from './resumable.ts';
import type { uploadBlob } from './uploadBlob.ts';
import { uploadIdFor } from './uploadBlob.ts';

/**
 * The upload queue of the files area (part2 §4 Upload flow): per file Preparing → Uploading
 * (percent) → Processing (thumbnail, then the file item) → 'Upload completed', or an error
 * modal. A small external store; React reads it with `useUploads()`.
 */

export type UploadTarget = {
  teamId: string;
  scope: 'Organization' | 'User';
  parentFileId?: string | null;
};

export type UploadState = 'Preparing' | 'Uploading' | 'Paused' | 'Processing';

export type UploadEntry = {
  readonly key: string;
  readonly name: string;
  readonly size: number;
  readonly state: UploadState;
  /** 0..1 of the bytes stored. */
  readonly progress: number;
};

/** What the queue needs from the outside world; the app's defaults are in `uploads.ts`. */
export type UploadQueueDeps = {
  uploadBlob: typeof uploadBlob;
  makeThumbnail: typeof makeThumbnail;
  createFile: (teamId: string, body: FileCreateBody, signal: AbortSignal) => Promise<FileItem>;
  /** Reload the views that list the team's files. */
  refresh: (teamId: string) => void;
  completed: (file: File) => void;
  /** Show the error modal. */
  failed: (message: string) => void;
  /** The same file picked while it is still uploading. */
  duplicate: (message: string) => void;
  /** Uploads running at the same time; the others wait in Preparing. */
  concurrency?: number;
  /** Where the leave-page warning is registered; none in tests that do not need it. */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
};

type Job = {
  entry: UploadEntry;
  file: File;
  target: UploadTarget;
  type: FileType;
  mimeType: string;
  controller: AbortController;
  uploader?: ResumableUpload;
  wantsPause: boolean;
};

let sequence = 0;

/** The message of a failed upload, with the file name in front (§5 'An error occured'). */
export function uploadFailureText(name: string, error: unknown): string {
  let message: string;
  if (error instanceof UploadError) message = error.message;
  else if (error instanceof ApiError) {
    const fields = Object.values(error.problem?.errors ?? {}).flat();
    message = fields.length > 0 && error.status < 500 ? fields.join(' ') : serverMessage(error);
  } else if (error instanceof Error && error.message) message = error.message;
  else message = String(error);
  // The server's content checks already name the file.
  return message.startsWith(`${name}: `) ? message : uploadMessages.failed(name, message);
}

export class UploadQueue {
  private jobs: Job[] = [];
  private snapshot: readonly UploadEntry[] = [];
  private readonly listeners = new Set<() => void>();
  private warningOn = false;

  constructor(private readonly deps: UploadQueueDeps) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  get active() {
    return this.jobs.length > 0;
  }

  /**
   * Checks and queues `files` for the folder `target`. Files failing the §5 checks get the
   * error modal; a File object already in the queue is not queued again.
   */
  enqueue(files: File[], target: UploadTarget) {
    for (const file of files) {
      if (this.jobs.some((j) => j.file === file)) {
        this.deps.duplicate(uploadMessages.alreadyQueued(file.name));
        continue;
      }
      const check = checkUpload(file);
      if (!check.ok) {
        this.deps.failed(check.message);
        continue;
      }
      this.jobs.push({
        entry: {
          key: `upload-${++sequence}`,
          name: file.name,
          size: file.size,
          state: 'Preparing',
          progress: 0,
        },
        file,
        target,
        type: check.type,
        mimeType: check.mimeType,
        controller: new AbortController(),
        wantsPause: false,
      });
    }
    this.changed();
    this.pump();
  }

  pause(key: string) {
    const job = this.find(key);
    if (job?.entry.state !== 'Uploading') return;
    job.wantsPause = true;
    job.uploader?.pause();
    this.update(job, { state: 'Paused' });
  }

  resume(key: string) {
    const job = this.find(key);
    if (job?.entry.state !== 'Paused') return;
    job.wantsPause = false;
    job.uploader?.unpause();
    this.update(job, { state: 'Uploading' });
  }

  cancel(key: string) {
    const job = this.find(key);
    if (!job) return;
    job.controller.abort();
    // A job that has not started yet simply leaves the queue.
    if (!this.running.has(job)) this.remove(job);
  }

  /** Cancels every upload (signing out, leaving the team). */
  cancelAll() {
    for (const job of [...this.jobs]) this.cancel(job.entry.key);
  }

  private readonly running = new Set<Job>();

  private pump() {
    const limit = this.deps.concurrency ?? 2;
    for (const job of this.jobs) {
      if (this.running.size >= limit) break;
      if (this.running.has(job)) continue;
      this.running.add(job);
      void this.run(job).finally(() => {
        this.running.delete(job);
        this.remove(job);
        this.pump();
      });
    }
  }

  private async run(job: Job) {
    const { file, target, controller } = job;
    const signal = controller.signal;
    try {
      const blobUri = await this.deps.uploadBlob(target.teamId, file, job.mimeType, {
        id: uploadIdFor(target.teamId, file),
        signal,
        onUploader: (uploader) => {
          job.uploader = uploader;
          if (job.wantsPause) uploader.pause();
        },
        onProgress: (fraction) => {
          const state = job.entry.state === 'Paused' ? 'Paused' : 'Uploading';
          this.update(job, { state, progress: fraction });
        },
      });
      signal.throwIfAborted();
      this.update(job, { state: 'Processing', progress: 1 });

      const thumb = await this.deps.makeThumbnail(file, job.type);
      let thumbnailBlobUri: string | undefined;
      if (thumb.blob) {
        try {
          thumbnailBlobUri = await this.deps.uploadBlob(
            target.teamId,
            thumb.blob,
            thumb.blob.type || 'image/jpeg',
            { signal },
          );
        } catch (e) {
          if (signal.aborted) throw e;
          console.warn(`Thumbnail of ${file.name} not uploaded`, e);
        }
      }
      signal.throwIfAborted();
      const properties: Record<string, number> = {};
      if (thumb.duration !== undefined) {
        properties[FileProperties.duration] = Math.round(thumb.duration * 1000) / 1000;
      }
      await this.deps.createFile(
        target.teamId,
        {
          name: file.name,
          type: job.type,
          blobUri,
          thumbnailBlobUri,
          parentFileId: target.parentFileId ?? null,
          scope: target.scope,
          source: 'WebPlatform',
          properties,
        },
        signal,
      );
      this.deps.refresh(target.teamId);
      this.deps.completed(file);
    } catch (e) {
      if (signal.aborted || (e instanceof UploadError && e.code === 'cancelled')) return;
      console.warn(`Upload of ${file.name} failed`, e);
      this.deps.failed(uploadFailureText(file.name, e));
    }
  }

  private find(key: string) {
    return this.jobs.find((j) => j.entry.key === key);
  }

  private update(job: Job, change: Partial<UploadEntry>) {
    if (!this.jobs.includes(job)) return;
    job.entry = { ...job.entry, ...change };
    this.changed();
  }

  private remove(job: Job) {
    if (!this.jobs.includes(job)) return;
    this.jobs = this.jobs.filter((j) => j !== job);
    this.changed();
  }

  private changed() {
    this.snapshot = this.jobs.map((j) => j.entry);
    this.toggleLeaveWarning();
    for (const listener of this.listeners) listener();
  }

  private readonly onBeforeUnload = (e: BeforeUnloadEvent) => {
    e.preventDefault();
    e.returnValue = uploadMessages.activeUploadsWarning;
    return uploadMessages.activeUploadsWarning;
  };

  /** 'Active uploads will be cancelled.' while anything is queued. */
  private toggleLeaveWarning() {
    const w = this.deps.window;
    if (!w || this.warningOn === this.active) return;
    this.warningOn = this.active;
    if (this.active) w.addEventListener('beforeunload', this.onBeforeUnload);
    else w.removeEventListener('beforeunload', this.onBeforeUnload);
  }
}

/** `PUT /api/Organizations/{teamId}/File`: the file item for an uploaded blob. */
type FileCreateBody = CallInput<typeof filesApi.create>['body'];

export function createFileItem(teamId: string, body: FileCreateBody, signal: AbortSignal) {
  return call(filesApi.create, { params: { organizationId: teamId }, body, signal });
}

// @vitest-environment happy-dom
import { type FileItem, uploadMessages } from '@roomscale/shared';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client.ts';
import { UploadError } from './resumable.ts';
import type { UploadBlobOptions } from './uploadBlob.ts';
import { UploadQueue, type UploadQueueDeps, uploadFailureText } from './uploadQueue.ts';
import { refreshTeamFiles } from './uploads.ts';

const team = 'team-1';
const target = { teamId: team, scope: 'Organization' as const, parentFileId: 'folder-1' };

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type BlobCall = {
  blob: Blob;
  contentType: string;
  opts: UploadBlobOptions;
  done: ReturnType<typeof deferred<string>>;
};

/** A queue whose uploads the test finishes by hand. */
function setup(overrides: Partial<UploadQueueDeps> = {}) {
  const blobCalls: BlobCall[] = [];
  const deps = {
    uploadBlob: vi.fn(
      (_team: string, blob: Blob, contentType: string, opts: UploadBlobOptions = {}) => {
        const done = deferred<string>();
        blobCalls.push({ blob, contentType, opts, done });
        opts.signal?.addEventListener('abort', () =>
          done.reject(new UploadError('cancelled', uploadMessages.cancelled)),
        );
        return done.promise;
      },
    ),
    makeThumbnail: vi.fn(async () => ({}) as { blob?: Blob; duration?: number }),
    createFile: vi.fn(
      async (_t: string, body: Record<string, unknown>) => ({ ...body }) as unknown as FileItem,
    ),
    refresh: vi.fn(),
    completed: vi.fn(),
    failed: vi.fn(),
    duplicate: vi.fn(),
    window: new EventTarget() as Window,
    ...overrides,
  } satisfies UploadQueueDeps;
  const queue = new UploadQueue(deps);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  return { queue, deps, blobCalls, win: deps.window };
}

const png = (name = 'photo.png', size = 100) =>
  new File([new Uint8Array(size)], name, { type: 'image/png', lastModified: 1 });
const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => vi.restoreAllMocks());

describe('UploadQueue', () => {
  it('goes Preparing → Uploading with percent → Processing, creates the item and reports completion', async () => {
    const thumb = new Blob([new Uint8Array(3)], { type: 'image/jpeg' });
    const { queue, deps, blobCalls } = setup({
      makeThumbnail: vi.fn(async () => ({ blob: thumb, duration: 12.34567 })),
    });
    const file = new File([new Uint8Array(10)], 'clip.mp4', { type: 'video/mp4' });
    queue.enqueue([file], target);
    expect(queue.getSnapshot()).toMatchObject([
      { name: 'clip.mp4', state: 'Preparing', progress: 0 },
    ]);
    await settle();
    expect(blobCalls[0]?.contentType).toBe('video/mp4');
    expect(blobCalls[0]?.opts.id).toBe(`${team}:clip.mp4:10:${file.lastModified}`);

    blobCalls[0]?.opts.onProgress?.(0.5);
    expect(queue.getSnapshot()[0]).toMatchObject({ state: 'Uploading', progress: 0.5 });

    blobCalls[0]?.done.resolve('https://files.test/api/Storage/b/org/team-1/a');
    await settle();
    expect(queue.getSnapshot()[0]?.state).toBe('Processing');
    expect(deps.makeThumbnail).toHaveBeenCalledWith(file, 'Video');
    expect(blobCalls[1]?.blob).toBe(thumb);
    expect(blobCalls[1]?.contentType).toBe('image/jpeg');
    blobCalls[1]?.done.resolve('https://files.test/api/Storage/b/org/team-1/thumb');
    await settle();

    expect(deps.createFile).toHaveBeenCalledWith(
      team,
      {
        name: 'clip.mp4',
        type: 'Video',
        blobUri: 'https://files.test/api/Storage/b/org/team-1/a',
        thumbnailBlobUri: 'https://files.test/api/Storage/b/org/team-1/thumb',
        parentFileId: 'folder-1',
        scope: 'Organization',
        source: 'WebPlatform',
        properties: { Duration: 12.346 },
      },
      expect.any(AbortSignal),
    );
    expect(deps.refresh).toHaveBeenCalledWith(team);
    expect(deps.completed).toHaveBeenCalledWith(file);
    expect(deps.failed).not.toHaveBeenCalled();
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('shows the check messages and queues nothing for refused files', () => {
    const { queue, deps } = setup();
    queue.enqueue(
      [
        new File(['x'], 'notes.txt', { type: 'text/plain' }),
        new File([], 'empty.png', { type: 'image/png' }),
      ],
      target,
    );
    expect(vi.mocked(deps.failed).mock.calls.map((c) => c[0])).toEqual([
      'notes.txt: File type not supported.',
      'empty.png: File is empty.',
    ]);
    expect(queue.getSnapshot()).toEqual([]);
    expect(deps.uploadBlob).not.toHaveBeenCalled();
  });

  it('does not queue the same file object twice at once, but again once it is done', async () => {
    const { queue, deps, blobCalls } = setup();
    const file = png();
    queue.enqueue([file], target);
    queue.enqueue([file], target);
    expect(queue.getSnapshot()).toHaveLength(1);
    expect(deps.duplicate).toHaveBeenCalledWith(uploadMessages.alreadyQueued('photo.png'));

    // Another File with the same name is another pick: it is queued.
    queue.enqueue([png()], target);
    expect(queue.getSnapshot()).toHaveLength(2);

    await settle();
    blobCalls[0]?.done.resolve('blob-a');
    await settle();
    await settle();
    expect(queue.getSnapshot()).toHaveLength(1);
    queue.enqueue([file], target);
    expect(queue.getSnapshot()).toHaveLength(2);
    expect(deps.duplicate).toHaveBeenCalledTimes(1);
  });

  it('shows the message extracted from the error, with the file name', async () => {
    const { queue, deps, blobCalls } = setup();
    queue.enqueue([png('a.png')], target);
    await settle();
    blobCalls[0]?.done.reject(new UploadError('urlNotFound', uploadMessages.urlNotFound, 404));
    await settle();
    expect(deps.failed).toHaveBeenCalledWith(
      `a.png: An error occured: ${uploadMessages.urlNotFound}`,
    );
    expect(queue.getSnapshot()).toEqual([]);
    expect(deps.completed).not.toHaveBeenCalled();
  });

  it("passes the server's own content message on as it is", async () => {
    const problem = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      errors: { blobUri: ['b.png: The content is not a valid image file.'] },
    };
    const { queue, deps, blobCalls } = setup({
      createFile: vi.fn(async () => {
        throw new ApiError(400, problem);
      }),
    });
    queue.enqueue([png('b.png')], target);
    await settle();
    blobCalls[0]?.done.resolve('blob-b');
    await settle();
    await settle();
    expect(deps.failed).toHaveBeenCalledWith('b.png: The content is not a valid image file.');
  });

  it('goes on without a thumbnail when the thumbnail upload fails', async () => {
    const { queue, deps, blobCalls } = setup({
      makeThumbnail: vi.fn(async () => ({ blob: new Blob(['j'], { type: 'image/jpeg' }) })),
    });
    queue.enqueue([png()], target);
    await settle();
    blobCalls[0]?.done.resolve('blob-c');
    await settle();
    blobCalls[1]?.done.reject(
      new UploadError('retryAdvised', uploadMessages.retryAdvised(503), 503),
    );
    await settle();
    await settle();
    expect(vi.mocked(deps.createFile).mock.calls[0]?.[1]).toMatchObject({
      blobUri: 'blob-c',
      thumbnailBlobUri: undefined,
      properties: {},
    });
    expect(deps.completed).toHaveBeenCalled();
    expect(deps.failed).not.toHaveBeenCalled();
  });

  it('pauses and resumes through the uploader, and cancels without an error modal', async () => {
    const { queue, deps, blobCalls } = setup();
    queue.enqueue([png()], target);
    await settle();
    const uploader = { pause: vi.fn(), unpause: vi.fn() };
    blobCalls[0]?.opts.onUploader?.(uploader as never);
    blobCalls[0]?.opts.onProgress?.(0.25);
    const key = queue.getSnapshot()[0]!.key;

    queue.pause(key);
    expect(uploader.pause).toHaveBeenCalled();
    expect(queue.getSnapshot()[0]).toMatchObject({ state: 'Paused', progress: 0.25 });
    blobCalls[0]?.opts.onProgress?.(0.25);
    expect(queue.getSnapshot()[0]?.state).toBe('Paused');

    queue.resume(key);
    expect(uploader.unpause).toHaveBeenCalled();
    expect(queue.getSnapshot()[0]?.state).toBe('Uploading');

    queue.cancel(key);
    expect(blobCalls[0]?.opts.signal?.aborted).toBe(true);
    // An upload after it: once that one is done, the cancelled one has been handled too.
    queue.enqueue([png('after.png')], target);
    await vi.waitFor(() => expect(blobCalls).toHaveLength(2));
    blobCalls[1]?.done.resolve('blob-after');
    await vi.waitFor(() => expect(deps.completed).toHaveBeenCalled());
    expect(queue.getSnapshot()).toEqual([]);
    expect(deps.failed).not.toHaveBeenCalled();
    expect(vi.mocked(deps.createFile).mock.calls.map(([, body]) => body.name)).toEqual([
      'after.png',
    ]);
  });

  it('runs two uploads at a time; a waiting one can be cancelled before it starts', async () => {
    const { queue, blobCalls } = setup();
    queue.enqueue([png('1.png'), png('2.png'), png('3.png')], target);
    await settle();
    expect(blobCalls).toHaveLength(2);
    const third = queue.getSnapshot()[2]!;
    expect(third.state).toBe('Preparing');
    queue.cancel(third.key);
    expect(queue.getSnapshot().map((e) => e.name)).toEqual(['1.png', '2.png']);
    // A fourth one queued after it takes the slot the first one frees, the cancelled one never.
    queue.enqueue([png('4.png')], target);
    blobCalls[0]?.done.resolve('blob-1');
    await vi.waitFor(() => expect(blobCalls).toHaveLength(3));
    expect(blobCalls.map((c) => (c.blob as File).name)).toEqual(['1.png', '2.png', '4.png']);
  });

  it("warns 'Active uploads will be cancelled.' on leaving while uploads are active", async () => {
    const { queue, blobCalls, win } = setup();
    const leave = () => {
      const e = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
      (win as EventTarget).dispatchEvent(e);
      return e;
    };
    expect(leave().defaultPrevented).toBe(false);
    queue.enqueue([png()], target);
    const e = leave();
    expect(e.defaultPrevented).toBe(true);
    expect(e.returnValue).toBe(uploadMessages.activeUploadsWarning);
    await settle();
    blobCalls[0]?.done.resolve('blob');
    await settle();
    await settle();
    expect(queue.active).toBe(false);
    expect(leave().defaultPrevented).toBe(false);
  });
});

describe('uploadFailureText', () => {
  it('wraps other errors in the spec text', () => {
    expect(uploadFailureText('a.pdf', new Error('boom'))).toBe('a.pdf: An error occured: boom');
    expect(uploadFailureText('a.pdf', new ApiError(0, null))).toMatch(
      /^a\.pdf: An error occured: /,
    );
  });
});

describe('refreshTeamFiles', () => {
  it("invalidates the team's library and recent lists, not other teams'", () => {
    const client = new QueryClient();
    const keys = [
      ['files', team, 'list', 'Organization', null, 'NameAscending'],
      ['recentFiles', team, 'files', 24],
      ['files', 'team-2', 'list'],
      ['rooms', team],
    ];
    for (const key of keys) client.setQueryData(key, 1);
    refreshTeamFiles(client, team);
    expect(keys.map((k) => client.getQueryState(k)?.isInvalidated)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

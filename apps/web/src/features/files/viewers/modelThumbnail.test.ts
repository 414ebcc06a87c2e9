// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, resetBrowser, signedInBrowser } from '../../../test/harness.tsx';
import { fileFixture } from '../testing.tsx';
import { saveModelThumbnail } from './modelThumbnail.ts';
import { teamId } from './testing.ts';

const upload = vi.hoisted(() => vi.fn());
vi.mock('../upload/uploadBlob.ts', () => ({ uploadBlob: upload }));

const fileId = '33333333-3333-4333-8333-333333333333';

beforeEach(async () => {
  await signedInBrowser();
  upload.mockReset();
});
afterEach(() => {
  resetBrowser();
});

describe('saveModelThumbnail', () => {
  it('uploads the snapshot as JPEG, then points the file at it', async () => {
    upload.mockResolvedValue('https://storage.test/org/team/t1');
    const fetch = mockApi((method, _url, body) =>
      method === 'PATCH' ? { body: fileFixture({ fileId, ...(body as object) }) } : { status: 404 },
    );
    const blob = new Blob(['jpeg'], { type: 'image/jpeg' });
    const saved = await saveModelThumbnail(teamId, fileId, async () => blob);
    expect(upload).toHaveBeenCalledWith(teamId, blob, 'image/jpeg');
    expect(saved).toMatchObject({ thumbnailBlobUri: 'https://storage.test/org/team/t1' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe(`/api/Organizations/${teamId}/File/${fileId}`);
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({
      thumbnailBlobUri: 'https://storage.test/org/team/t1',
    });
  });

  it('only logs a failure: no PATCH after a failed snapshot', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = mockApi(() => ({ status: 404 }));
    const saved = await saveModelThumbnail(teamId, fileId, async () => {
      throw new Error('WebGL lost');
    });
    expect(saved).toBeNull();
    expect(upload).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkFixture } from '../../../test/contractCheck.ts';
import { storeValidTokens } from '../../../test/harness.tsx';
import { metadataKey } from './resumable.ts';
import { uploadBlob, uploadIdFor } from './uploadBlob.ts';

const team = 'team-1';
const start = 'http://localhost/api/Storage/b/org/team-1/abc?X-Goog-Signature=s';
const session = `${start}&upload_id=u1`;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The slot call and a one-chunk upload; `puts` records each PUT's Content-Range. */
function fakeServer(opts: { failPut?: boolean } = {}) {
  const puts: string[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith(`/api/Organizations/${team}/File/Upload`)) {
      expect(new Headers(init?.headers).get('authorization')).toBe('Bearer a');
      const slot = { fileUploadUri: start, expiry: '2030-01-01T00:00:00.000Z' };
      checkFixture('GET', new URL(url, 'http://localhost'), 200, slot);
      return Response.json(slot);
    }
    if (init?.method === 'POST' && url === start) {
      return new Response(null, { status: 201, headers: { location: session } });
    }
    if (init?.method === 'PUT' && url === session) {
      puts.push(new Headers(init.headers).get('content-range') ?? '');
      if (opts.failPut) return new Response('', { status: 400 });
      return Response.json({ size: '5' }, { status: 200 });
    }
    return new Response('', { status: 404 });
  });
  vi.stubGlobal('fetch', fn);
  return { puts, fn };
}

describe('uploadBlob', () => {
  it('gets a slot, uploads and resolves with the session address without its query', async () => {
    storeValidTokens();
    const { puts } = fakeServer();
    const progress: number[] = [];
    const uri = await uploadBlob(team, new Blob(['hello']), 'application/json', {
      onProgress: (f) => progress.push(f),
    });
    expect(uri).toBe('http://localhost/api/Storage/b/org/team-1/abc');
    expect(puts).toEqual(['bytes 0-4/5']);
    expect(progress.at(-1)).toBe(1);
  });

  it('keeps no resume metadata for a blob that is not a picked file', async () => {
    storeValidTokens();
    fakeServer({ failPut: true });
    await expect(uploadBlob(team, new Blob(['hello']), 'image/jpeg')).rejects.toThrow();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('roomscale.upload.'))).toEqual([]);
  });

  it('keeps resume metadata under the file id for a picked file', async () => {
    storeValidTokens();
    fakeServer({ failPut: true });
    const file = new File(['hello'], 'a.png', { type: 'image/png', lastModified: 7 });
    await expect(uploadBlob(team, file, 'image/png')).rejects.toThrow();
    expect(uploadIdFor(team, file)).toBe(`${team}:a.png:5:7`);
    expect(
      JSON.parse(localStorage.getItem(metadataKey(`${team}:a.png:5:7`)) ?? 'null'),
    ).toMatchObject({
      sessionUrl: session,
      fileSize: 5,
    });
  });

  it('cancels when its signal aborts', async () => {
    storeValidTokens();
    fakeServer();
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadBlob(team, new Blob(['x']), 'image/jpeg', { signal: controller.signal }),
    ).rejects.toThrow();
  });

  it('gives a blob a fresh id also where randomUUID is missing (plain http)', () => {
    vi.stubGlobal('crypto', {
      getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto),
    });
    try {
      const a = uploadIdFor('team', new Blob(['x']));
      const b = uploadIdFor('team', new Blob(['x']));
      expect(a).toMatch(/^team:[0-9a-f]{32}$/);
      expect(a).not.toBe(b);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

import { vi } from 'vitest';

export type PictureRequest = { path: string; search: string; authorization: string | null };

/**
 * Answers the pictures' GET /api/ProfileImage/{slug} (binary, so outside the JSON fetch mock and
 * its contract check) with a few PNG bytes, and hands every other call to the fetch mocked
 * before. Call it after `mockFetch`/`mockApi`; returns the picture requests seen.
 */
export function mockPictures(): PictureRequest[] {
  const seen: PictureRequest[] = [];
  const rest = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if ((init?.method ?? 'GET') === 'GET' && url.pathname.startsWith('/api/ProfileImage/')) {
      seen.push({
        path: url.pathname,
        search: url.search,
        authorization: new Headers(init?.headers).get('authorization'),
      });
      return new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
        headers: { 'content-type': 'image/png' },
      });
    }
    return rest(input, init);
  });
  return seen;
}

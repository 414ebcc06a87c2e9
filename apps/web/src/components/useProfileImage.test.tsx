// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBrowser, signedInBrowser } from '../test/harness.tsx';
import { useProfileImage } from './useProfileImage.ts';

const ID = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';
const WHEN = '2026-11-22T07:00:00.000Z';

let client: QueryClient;
let requests: { url: string; authorization: string | null }[];
let status: number;
const revoked: string[] = [];

function render(imageUpdated: string | null) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useProfileImage('user', ID, imageUpdated), { wrapper });
}

beforeEach(async () => {
  await signedInBrowser();
  client = new QueryClient();
  requests = [];
  status = 200;
  revoked.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({
      url: String(input),
      authorization: new Headers(init?.headers).get('authorization'),
    });
    return new Response(status === 200 ? new Uint8Array([0x89, 0x50]) : null, { status });
  });
  const revoke = URL.revokeObjectURL.bind(URL);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => {
    revoked.push(url);
    revoke(url);
  });
});
afterEach(() => {
  client.clear();
  vi.restoreAllMocks();
  resetBrowser();
});

describe('useProfileImage', () => {
  it('loads the picture with the token and shows it from memory', async () => {
    const { result } = render(WHEN);
    expect(result.current).toEqual({ src: null, loading: true });
    await waitFor(() => expect(result.current.src).toMatch(/^blob:/));
    expect(result.current.loading).toBe(false);
    expect(requests).toEqual([
      {
        url: `/api/ProfileImage/user-${ID}?updateDate=${encodeURIComponent(WHEN)}`,
        authorization: 'Bearer a',
      },
    ]);
    // A second picture of the same version shares the load and the address.
    const second = render(WHEN);
    expect(second.result.current.src).toBe(result.current.src);
    expect(requests).toHaveLength(1);
  });

  it('asks for nothing without a picture', () => {
    const { result } = render(null);
    expect(result.current).toEqual({ src: null, loading: false });
    expect(requests).toEqual([]);
  });

  it('gives up at once on a refusal, so the initial shows', async () => {
    status = 404;
    const { result } = render(WHEN);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.src).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it('frees the address when the cache drops the picture (the session ends)', async () => {
    const { result, unmount } = render(WHEN);
    await waitFor(() => expect(result.current.src).toMatch(/^blob:/));
    const src = result.current.src;
    unmount();
    // Unused, the picture stays cached. Another one dropped after it marks the moment: its
    // address is freed, the first one's is not.
    const other = render('2026-11-23T07:00:00.000Z');
    await waitFor(() => expect(other.result.current.src).toMatch(/^blob:/));
    const marker = other.result.current.src;
    other.unmount();
    client.removeQueries({ predicate: (query) => query.state.data === marker });
    await waitFor(() => expect(revoked).toContain(marker));
    expect(revoked).toEqual([marker]);
    client.clear();
    await waitFor(() => expect(revoked).toEqual([marker, src]));
  });

  it('frees the old address when everything is invalidated and the picture loaded again', async () => {
    const { result } = render(WHEN);
    await waitFor(() => expect(result.current.src).toMatch(/^blob:/));
    const first = result.current.src;
    await client.invalidateQueries();
    await waitFor(() => expect(result.current.src).not.toBe(first));
    expect(result.current.src).toMatch(/^blob:/);
    expect(requests).toHaveLength(2);
    await waitFor(() => expect(revoked).toEqual([first]));
  });
});

import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import type { FileDownload, FileItem, FilePage } from '@roomscale/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach } from 'vitest';
import { appRoutes } from '../../app/routes.tsx';
import { session } from '../../session/session.ts';
import {
  LocationProbe,
  resetBrowser,
  signedInBrowser,
  stubFonts,
  teamFixture,
} from '../../test/harness.tsx';

export const team = teamFixture();
export const filesPath = `/api/Organizations/${team.id}/File`;

let seq = 0;
export const fileId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A file item as the list call answers it; override what a test is about. */
export function fileFixture(overrides: Partial<FileItem> = {}): FileItem {
  seq += 1;
  return {
    fileId: fileId(1000 + seq),
    organizationId: team.id,
    name: `File ${seq}`,
    type: 'Image',
    scope: 'Organization',
    source: 'WebPlatform',
    parentFileId: null,
    parentFileName: null,
    parentFileType: null,
    childFileCount: 0,
    mimeType: 'image/png',
    contentLength: 1234,
    blobUri: null,
    thumbnailBlobUri: null,
    thumbnailUri: null,
    properties: {},
    created: '2025-03-01T10:00:00.000Z',
    lastModified: null,
    createdBy: null,
    lastModifiedBy: null,
    createdByName: 'Ada Lovelace',
    lastModifiedByName: null,
    fileExtension: '.png',
    ...overrides,
  };
}

export const folderFixture = (overrides: Partial<FileItem> = {}) =>
  fileFixture({
    type: 'Folder',
    mimeType: null,
    contentLength: null,
    fileExtension: null,
    ...overrides,
  });

export function filePage(results: FileItem[], currentPage = 1, pageCount = 1): FilePage {
  return {
    currentPage,
    pageCount,
    pageSize: 18,
    entryCount: results.length,
    firstRowOnPage: 1,
    lastRowOnPage: results.length,
    results,
  };
}

/** Download info of a file, as `GET /api/File/{id}` answers it. */
export function downloadFixture(
  item: FileItem,
  overrides: Partial<FileDownload> = {},
): FileDownload {
  return {
    fileId: item.fileId,
    type: item.type,
    mimeType: item.mimeType,
    contentLength: item.contentLength,
    expiry: '2025-03-01T11:00:00.000Z',
    blobUri: `/storage/${item.fileId}?sig=abc`,
    thumbnailUri: item.thumbnailUri,
    properties: item.properties,
    created: item.created,
    lastModified: item.lastModified,
    fileExtension: item.fileExtension,
    ...overrides,
  };
}

/**
 * A `mockApi` handler answering the library's reads over `items` as the server would: every list
 * shows them, one item, its breadcrumb and its download info; anything else is a 404.
 */
export function libraryAnswers(items: FileItem[]) {
  const byId = (id: string | undefined) => items.find((i) => i.fileId === id);
  return (method: string, url: URL) => {
    if (method === 'POST' && url.pathname === filesPath) return { body: filePage(items) };
    const [, id, tail] = url.pathname.match(/\/File\/([^/]+)(\/Breadcrumb)?$/) ?? [];
    const item = method === 'GET' ? byId(id) : undefined;
    if (!item) return { status: 404 };
    if (url.pathname.startsWith('/api/File/')) return { body: downloadFixture(item) };
    if (tail)
      return {
        body: { nodes: [{ name: item.name, fileId: item.fileId, order: 0 }], hasMore: false },
      };
    return { body: item };
  };
}

const filesRoute = appRoutes.find((r) => r.path === 'files');

/** The files area of the route table at `url`, with the app's providers and a location probe. */
export function renderFiles(url: string) {
  if (!filesRoute?.children) throw new Error('no files route');
  // Toasts live in a global store: start each screen without the last test's.
  notifications.clean();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications />
          <MemoryRouter initialEntries={[url]}>
            {/* The screens load lazily, as in the app (app/lazyScreens.ts). */}
            <Suspense fallback={null}>
              <Routes>
                <Route path="/files" element={filesRoute.element}>
                  {filesRoute.children.map((c) =>
                    c.path === '' ? (
                      <Route key="index" index element={c.element} />
                    ) : (
                      <Route key={c.path} path={c.path} element={c.element} />
                    ),
                  )}
                </Route>
                <Route path="*" element={null} />
              </Routes>
            </Suspense>
            <LocationProbe />
          </MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The list calls' bodies, in order. */
export const listBodies = (fetch: { mock: { calls: unknown[][] } }) =>
  fetch.mock.calls
    .filter(
      ([u, init]) =>
        new URL(String(u), 'http://x').pathname === filesPath &&
        (init as RequestInit)?.method === 'POST',
    )
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

/** A DataTransfer stand-in for drag-and-drop events. */
export function dataTransfer() {
  const data = new Map<string, string>();
  return {
    data,
    setData: (k: string, v: string) => data.set(k, v),
    getData: (k: string) => data.get(k) ?? '',
    get types() {
      return [...data.keys()];
    },
    effectAllowed: 'all',
    dropEffect: 'none',
  };
}

/** Each test of a files screen: a signed-in browser with the fixture team selected. */
export function signedInFilesSession() {
  beforeEach(async () => {
    await signedInBrowser();
    stubFonts();
    session.selectTeam(team);
  });
  afterEach(() => {
    resetBrowser();
  });
}

/** The PATCH calls made, with their paths and bodies. */
export const patchBodies = (fetch: { mock: { calls: unknown[][] } }) =>
  fetch.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH')
    .map(([u, init]) => ({
      path: new URL(String(u), 'http://x').pathname,
      body: JSON.parse(String((init as RequestInit).body)),
    }));

/** The path the screen navigated to (the harness's location probe). */
export const shownLocation = () => screen.getByTestId('location').textContent;

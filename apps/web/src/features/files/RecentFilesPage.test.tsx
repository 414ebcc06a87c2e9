// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/harness.tsx';
import {
  fileFixture,
  filePage,
  filesPath,
  folderFixture,
  listBodies,
  renderFiles,
  shownLocation,
  signedInFilesSession,
} from './testing.tsx';

signedInFilesSession();

describe('recent views and the landing', () => {
  it('lists recent files flat, newest first, 24 a page', async () => {
    const fetch = mockApi(() => ({ body: filePage([fileFixture({ name: 'Lobby.png' })]) }));
    renderFiles('/files/recent');
    expect(await screen.findByRole('heading', { name: 'Recent files' })).toBeVisible();
    expect(await screen.findByText('Lobby.png')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Files' })).toBeNull();
    expect(listBodies(fetch)).toEqual([
      {
        pagination: { page: 1, pageSize: 24 },
        parentFileId: null,
        hierarchical: false,
        includedFileTypes: [],
        excludedFileTypes: ['Folder'],
        scopes: ['Organization', 'User'],
        sources: [],
        sortBy: 'CreatedDescending',
      },
    ]);
  });

  it("shows '- No files -' without recent files", async () => {
    mockApi(() => ({ body: filePage([], 1, 0) }));
    renderFiles('/files/recent');
    expect(await screen.findByText('- No files -')).toBeVisible();
  });

  it('lists the notes and pictures made in VR, and asks for some when there are none', async () => {
    const fetch = mockApi(() => ({ body: filePage([], 1, 0) }));
    renderFiles('/files/recent-vr');
    expect(await screen.findByText(/Create notes and take pictures in the VR app/)).toBeVisible();
    expect(listBodies(fetch)[0]).toMatchObject({
      pagination: { page: 1, pageSize: 24 },
      hierarchical: false,
      includedFileTypes: ['Note', 'Image'],
      sources: ['VR'],
      scopes: ['Organization', 'User'],
      sortBy: 'CreatedDescending',
    });
  });

  it('shows three cards on the landing and loads ten recent files without showing them', async () => {
    const fetch = mockApi(() => ({ body: filePage([fileFixture({ name: 'Hidden.png' })]) }));
    renderFiles('/files');
    const cards = await screen.findAllByRole('link', {
      name: /Personal files|Team files|Recent notes/,
    });
    const hrefs = cards.map((c) => c.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining(['/files/user', '/files/team', '/files/recent-vr']),
    );
    await waitFor(() => expect(listBodies(fetch)).toHaveLength(1));
    expect(listBodies(fetch)[0]).toMatchObject({
      pagination: { page: 1, pageSize: 10 },
      hierarchical: false,
      sortBy: 'CreatedDescending',
    });
    expect(screen.queryByText('Hidden.png')).toBeNull();
  });

  it('/files/{folderId} opens the folder under its scope', async () => {
    const folder = folderFixture({ name: 'Mine', scope: 'User' });
    mockApi((_method, url) => {
      if (url.pathname === `${filesPath}/${folder.fileId}`) return { body: folder };
      if (url.pathname.endsWith('/Breadcrumb')) return { body: { nodes: [], hasMore: false } };
      return { body: filePage([]) };
    });
    renderFiles(`/files/${folder.fileId}`);
    await waitFor(() => expect(shownLocation()).toBe(`/files/user/${folder.fileId}`));
    expect(await screen.findByText('- No Media -')).toBeVisible();
  });

  it("/files/{id} of something that is not a folder reports 'Files not found'", async () => {
    const image = fileFixture({ name: 'Photo' });
    mockApi((_method, url) =>
      url.pathname === `${filesPath}/${image.fileId}` ? { body: image } : { body: filePage([]) },
    );
    renderFiles(`/files/${image.fileId}`);
    expect(await screen.findByText('Files not found')).toBeVisible();
    await waitFor(() => expect(shownLocation()).toBe('/files'));
  });
});

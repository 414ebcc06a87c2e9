// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/harness.tsx';
import {
  fileFixture,
  fileId,
  filePage,
  filesPath,
  folderFixture,
  listBodies,
  renderFiles,
  shownLocation,
  signedInFilesSession,
} from './testing.tsx';

signedInFilesSession();

describe('file library', () => {
  it('lists folders then files, loads more, and a sort change starts again at page 1', async () => {
    const fetch = mockApi((method, url, body) => {
      if (method === 'POST' && url.pathname === filesPath) {
        const b = body as { pagination: { page: number }; sortBy: string };
        if (b.pagination.page === 1) {
          return {
            body: filePage(
              [folderFixture({ name: `Plans ${b.sortBy}` }), fileFixture({ name: 'Lobby.png' })],
              1,
              2,
            ),
          };
        }
        return { body: filePage([fileFixture({ name: 'Stage.png' })], 2, 2) };
      }
      return { status: 404 };
    });
    renderFiles('/files/team');

    const folders = await screen.findByRole('region', { name: 'Folders' });
    expect(within(folders).getByText('Plans NameAscending')).toBeVisible();
    const files = screen.getByRole('region', { name: 'Files' });
    expect(within(files).getByText('Lobby.png')).toBeVisible();
    expect(within(files).queryByText('Plans NameAscending')).toBeNull();
    // Folders come before files on the page.
    expect(folders.compareDocumentPosition(files) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(listBodies(fetch)[0]).toEqual({
      pagination: { page: 1, pageSize: 18 },
      parentFileId: null,
      hierarchical: true,
      includedFileTypes: [],
      excludedFileTypes: [],
      scopes: ['Organization'],
      sources: [],
      sortBy: 'NameAscending',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Stage.png')).toBeVisible();
    expect(listBodies(fetch).at(-1).pagination).toEqual({ page: 2, pageSize: 18 });

    fireEvent.click(screen.getByLabelText('Sort by', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Edited (newest first)' }));
    expect(await screen.findByText('Plans ModifiedDescending')).toBeVisible();
    expect(listBodies(fetch).at(-1)).toMatchObject({
      pagination: { page: 1, pageSize: 18 },
      sortBy: 'ModifiedDescending',
    });
  });

  it("shows '- No Media -' with the hint when a folder is empty", async () => {
    mockApi(() => ({ body: filePage([], 1, 0) }));
    renderFiles('/files/user');
    expect(await screen.findByText('- No Media -')).toBeVisible();
    expect(screen.getByText(/use the New button/)).toBeVisible();
  });

  it("reports 'Files not found' and goes to /files when the parent is not a folder", async () => {
    const image = fileFixture({ name: 'Photo' });
    const fetch = mockApi((method, url) => {
      if (method === 'GET' && url.pathname === `${filesPath}/${image.fileId}`) {
        return { body: image };
      }
      if (method === 'GET') return { body: { nodes: [], hasMore: false } };
      return { body: filePage([]) };
    });
    renderFiles(`/files/team/${image.fileId}`);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Error')).toBeVisible();
    expect(within(dialog).getByText('Files not found')).toBeVisible();
    await waitFor(() => expect(shownLocation()).toBe('/files'));
    // The folder's list is never asked for.
    expect(listBodies(fetch).some((b) => b.parentFileId === image.fileId)).toBe(false);
  });

  it("also reports 'Files not found' for a folder that does not exist", async () => {
    mockApi(() => ({ status: 404 }));
    renderFiles(`/files/user/${fileId(9)}`);
    expect(await screen.findByText('Files not found')).toBeVisible();
    await waitFor(() => expect(shownLocation()).toBe('/files'));
  });

  it('shows the breadcrumb with an ellipsis, ancestors and the current folder; links navigate', async () => {
    const deep = folderFixture({ name: 'Deep' });
    const fetch = mockApi((method, url) => {
      if (url.pathname === `${filesPath}/${deep.fileId}`) return { body: deep };
      if (url.pathname === `${filesPath}/${deep.fileId}/Breadcrumb`) {
        return {
          body: {
            nodes: [
              { name: 'Top', fileId: fileId(1), order: 2 },
              { name: 'Mid', fileId: fileId(2), order: 1 },
              { name: 'Deep', fileId: deep.fileId, order: 0 },
            ],
            hasMore: true,
          },
        };
      }
      if (method === 'POST') return { body: filePage([]) };
      return { status: 404 };
    });
    renderFiles(`/files/team/${deep.fileId}`);
    const nav = await screen.findByRole('navigation', { name: 'Folder path' });
    await within(nav).findByText('Mid');
    expect(nav.textContent?.replace(/\s+/g, '')).toBe(
      'Teamfiles/…/Top/Mid/Deep'.replace(/\s+/g, ''),
    );
    expect(within(nav).getByLabelText('More folders above')).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Team files' }).getAttribute('href')).toBe(
      '/files/team',
    );
    expect(within(nav).getByText('Deep').getAttribute('aria-current')).toBe('page');
    expect(listBodies(fetch)[0]).toMatchObject({
      parentFileId: deep.fileId,
      scopes: ['Organization'],
    });

    fireEvent.click(within(nav).getByRole('link', { name: 'Mid' }));
    await waitFor(() => expect(shownLocation()).toBe(`/files/team/${fileId(2)}`));
  });

  it('offers the menu entries of each type; one open menu at a time', async () => {
    const folder = folderFixture({ name: 'Plans' });
    const image = fileFixture({ name: 'Lobby.png' });
    const note = fileFixture({ name: 'Idea', type: 'Note', mimeType: 'application/json' });
    mockApi(() => ({ body: filePage([folder, image, note]) }));
    renderFiles('/files/team');

    const entries = async () =>
      (await screen.findByRole('menu')).querySelectorAll('[role="menuitem"]');
    const names = async () => Array.from(await entries()).map((e) => e.textContent);

    fireEvent.contextMenu(await screen.findByRole('group', { name: 'Plans' }));
    expect(await names()).toEqual(['Open', 'Details', 'Edit', 'Move to…', 'Delete']);

    fireEvent.contextMenu(screen.getByRole('group', { name: 'Lobby.png' }));
    await waitFor(async () =>
      expect(await names()).toEqual([
        'Preview',
        'Download',
        'Details',
        'Edit',
        'Move to…',
        'Delete',
      ]),
    );
    expect(screen.getAllByRole('menu')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Idea' }));
    await waitFor(async () => expect(await names()).not.toContain('Download'));
    expect(screen.getAllByRole('menu')).toHaveLength(1);
  });

  it("deletes after the confirmation, with 'Item removed' or 'Removal failed'", async () => {
    const image = fileFixture({ name: 'Lobby.png' });
    let deleteStatus = 500;
    const fetch = mockApi((method) => {
      if (method === 'DELETE') return { status: deleteStatus };
      return { body: filePage([image]) };
    });
    renderFiles('/files/team');

    const remove = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Actions for Lobby.png' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(/Delete "Lobby.png"\?/)).toBeVisible();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    };

    await remove();
    expect(await screen.findByText('Removal failed')).toBeVisible();

    deleteStatus = 204;
    await remove();
    expect(await screen.findByText('Item removed')).toBeVisible();
    const deletes = fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([u]) => new URL(String(u), 'http://x').pathname)).toEqual([
      `${filesPath}/${image.fileId}`,
      `${filesPath}/${image.fileId}`,
    ]);
  });

  it('creates a folder from New and opens it in its scope', async () => {
    const created = folderFixture({ name: 'Plans', scope: 'User' });
    const fetch = mockApi((method, url) => {
      if (method === 'PUT') return { body: created };
      if (url.pathname === `${filesPath}/${created.fileId}`) return { body: created };
      if (method === 'GET') return { body: { nodes: [], hasMore: false } };
      return { body: filePage([]) };
    });
    renderFiles('/files/user');
    await screen.findByText('- No Media -');

    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    const create = within(dialog).getByRole('button', {
      name: 'Create folder',
    }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: '   ' } });
    expect(create.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: ' Plans ' } });
    expect(create.disabled).toBe(false);
    fireEvent.click(create);

    await waitFor(() => expect(shownLocation()).toBe(`/files/user/${created.fileId}`));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      name: 'Plans',
      type: 'Folder',
      parentFileId: null,
      scope: 'User',
      source: 'WebPlatform',
    });
  });

  it("shows the server's message in an 'Error' modal when a folder cannot be created", async () => {
    mockApi((method) => {
      if (method === 'PUT') {
        return {
          status: 400,
          body: {
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: 'The folder does not exist.',
          },
        };
      }
      return { body: filePage([]) };
    });
    renderFiles('/files/team');
    await screen.findByText('- No Media -');
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'Plans' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(await screen.findByText('The folder does not exist.')).toBeVisible();
    expect(screen.getByText('Error')).toBeVisible();
    expect(shownLocation()).toBe('/files/team');
  });

  it('disables New outside a library view', async () => {
    mockApi(() => ({ body: filePage([]) }));
    renderFiles('/files');
    expect(await screen.findByRole('link', { name: /Only you can see/ })).toBeVisible();
    expect((screen.getByRole('button', { name: 'New' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

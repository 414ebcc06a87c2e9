// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/harness.tsx';
import {
  dataTransfer,
  fileFixture,
  filePage,
  filesPath,
  folderFixture,
  patchBodies,
  renderFiles,
  signedInFilesSession,
} from './testing.tsx';

signedInFilesSession();

function drag(source: HTMLElement, target: HTMLElement) {
  const dt = dataTransfer();
  fireEvent.dragStart(source, { dataTransfer: dt });
  fireEvent.dragEnter(target, { dataTransfer: dt });
  fireEvent.dragOver(target, { dataTransfer: dt });
  return () => {
    fireEvent.drop(target, { dataTransfer: dt });
    fireEvent.dragEnd(source, { dataTransfer: dt });
  };
}

describe('moving by drag and drop', () => {
  const folder = folderFixture({ name: 'Plans' });
  const image = fileFixture({ name: 'Lobby.png' });

  it("moves an item onto a folder: the PATCH, a highlight while hovering, 'Move succeeded'", async () => {
    const fetch = mockApi((method) =>
      method === 'PATCH' ? { body: image } : { body: filePage([folder, image]) },
    );
    renderFiles('/files/team');
    const target = await screen.findByRole('group', { name: 'Plans' });
    const drop = drag(screen.getByRole('group', { name: 'Lobby.png' }), target);
    expect(target.hasAttribute('data-drop-active')).toBe(true);
    drop();
    expect(target.hasAttribute('data-drop-active')).toBe(false);

    expect(await screen.findByText('Move succeeded')).toBeVisible();
    expect(screen.getAllByText('Lobby.png').length).toBeGreaterThan(1);
    expect(patchBodies(fetch)).toEqual([
      { path: `${filesPath}/${image.fileId}`, body: { parentFileId: folder.fileId } },
    ]);
  });

  it('ignores a folder dropped on itself', async () => {
    const fetch = mockApi((method) =>
      method === 'PATCH' ? { body: image } : { body: filePage([folder, image]) },
    );
    renderFiles('/files/team');
    const card = await screen.findByRole('group', { name: 'Plans' });
    drag(card, card)();
    // A move after it: once that one is announced, the drop before it has had its turn.
    drag(screen.getByRole('group', { name: 'Lobby.png' }), card)();
    expect(await screen.findByText('Move succeeded')).toBeVisible();
    expect(patchBodies(fetch)).toEqual([
      { path: `${filesPath}/${image.fileId}`, body: { parentFileId: folder.fileId } },
    ]);
    expect(screen.getAllByText('Move succeeded')).toHaveLength(1);
  });

  it("moves to the other scope's top level from the menu, and reports 'Move failed'", async () => {
    let status = 200;
    const fetch = mockApi((method) =>
      method === 'PATCH'
        ? status === 200
          ? { body: image }
          : {
              status,
              body: {
                type: 'about:blank',
                title: 'Bad Request',
                status,
                detail: 'A folder cannot be moved into itself or one of its subfolders.',
              },
            }
        : { body: filePage([folder, image]) },
    );
    renderFiles('/files/team');
    const card = await screen.findByRole('group', { name: 'Lobby.png' });
    const personal = screen.getByRole('link', { name: 'Personal files' });
    drag(card, personal)();
    expect(await screen.findByText('Move succeeded')).toBeVisible();
    expect(patchBodies(fetch).at(-1)?.body).toEqual({ parentFileId: null, scope: 'User' });

    status = 400;
    drag(screen.getByRole('group', { name: 'Plans' }), personal)();
    expect(await screen.findByText('Move failed')).toBeVisible();
    expect(
      screen.getByText('A folder cannot be moved into itself or one of its subfolders.'),
    ).toBeVisible();
    expect(patchBodies(fetch).at(-1)).toEqual({
      path: `${filesPath}/${folder.fileId}`,
      body: { parentFileId: null, scope: 'User' },
    });
  });

  it('moves onto a breadcrumb item: the top level of the same scope keeps the scope', async () => {
    const current = folderFixture({ name: 'Deep' });
    const inside = fileFixture({ name: 'Stage.png', parentFileId: current.fileId });
    const fetch = mockApi((method, url) => {
      if (method === 'PATCH') return { body: inside };
      if (url.pathname === `${filesPath}/${current.fileId}`) return { body: current };
      if (url.pathname.endsWith('/Breadcrumb')) {
        return {
          body: { nodes: [{ name: 'Deep', fileId: current.fileId, order: 0 }], hasMore: false },
        };
      }
      return { body: filePage([inside]) };
    });
    renderFiles(`/files/team/${current.fileId}`);
    const card = await screen.findByRole('group', { name: 'Stage.png' });
    const nav = await screen.findByRole('navigation', { name: 'Folder path' });
    const crumb = within(nav).getByRole('link', { name: 'Team files' });
    drag(card, crumb)();
    await waitFor(() =>
      expect(patchBodies(fetch)).toEqual([
        { path: `${filesPath}/${inside.fileId}`, body: { parentFileId: null } },
      ]),
    );
  });
});

// @vitest-environment happy-dom
import type { FileItem } from '@roomscale/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/harness.tsx';
import {
  fileFixture,
  filePage,
  filesPath,
  folderFixture,
  listBodies,
  patchBodies,
  renderFiles,
  signedInFilesSession,
} from './testing.tsx';

signedInFilesSession();

const cycle = 'A folder cannot be moved into itself or one of its subfolders.';

/**
 * The library of Team files shows `library`; the chooser's folder lists (includedFileTypes
 * Folder) answer from `folders` by scope and parent; PATCH answers `patchStatus()`.
 */
function serve(
  library: FileItem[],
  folders: Record<string, FileItem[]>,
  patchStatus: () => number = () => 200,
) {
  return mockApi((method, _url, body) => {
    if (method === 'PATCH') {
      const status = patchStatus();
      return status === 200
        ? { body: library[0] }
        : { status, body: { type: 'about:blank', title: 'Bad Request', status, detail: cycle } };
    }
    const b = body as { includedFileTypes?: string[]; scopes?: string[]; parentFileId?: string };
    if (b?.includedFileTypes?.includes('Folder')) {
      return { body: filePage(folders[`${b.scopes?.[0]}/${b.parentFileId ?? 'top'}`] ?? []) };
    }
    return { body: filePage(library) };
  });
}

async function openMoveTo(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Move to…' }));
  return screen.findByRole('dialog', { name: `Move "${name}"` });
}

describe("'Move to…'", () => {
  it('moves into a chosen folder of the other scope, browsing by name with a way up', async () => {
    const image = fileFixture({ name: 'Lobby.png' });
    const drafts = folderFixture({ name: 'Drafts', scope: 'User' });
    const old = folderFixture({ name: 'Old', scope: 'User', parentFileId: drafts.fileId });
    const fetch = serve([image], { 'User/top': [drafts], [`User/${drafts.fileId}`]: [old] });
    renderFiles('/files/team');
    const dialog = await openMoveTo('Lobby.png');

    // Starts where the item is: the top of Team files, where it already is.
    expect(within(dialog).getByText('The item is already here.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Move here' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Personal files' }));
    const open = await within(dialog).findByRole('button', { name: 'Open Drafts' });
    expect(open.tagName).toBe('BUTTON');
    const chooserLists = listBodies(fetch).filter((b) => b.includedFileTypes?.includes('Folder'));
    expect(chooserLists.at(-1)).toMatchObject({
      parentFileId: null,
      hierarchical: true,
      includedFileTypes: ['Folder'],
      scopes: ['User'],
      sortBy: 'NameAscending',
    });

    fireEvent.click(open);
    await within(dialog).findByRole('button', { name: 'Open Old' });
    const list = within(dialog).getByRole('group', { name: 'Folders in Drafts' });
    expect(document.activeElement).toBe(list);
    const path = within(dialog).getByRole('navigation', { name: 'Chosen folder' });
    expect(within(path).getByText('Drafts').getAttribute('aria-current')).toBe('location');

    // Up and back down again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Up one folder' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Open Drafts' }));
    await within(dialog).findByRole('button', { name: 'Open Old' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Move here' }));
    expect(await screen.findByText('Move succeeded')).toBeVisible();
    expect(patchBodies(fetch)).toEqual([
      { path: `${filesPath}/${image.fileId}`, body: { parentFileId: drafts.fileId } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("sends the scope when moving to the other scope's top level", async () => {
    const image = fileFixture({ name: 'Lobby.png' });
    const fetch = serve([image], {});
    renderFiles('/files/team');
    const dialog = await openMoveTo('Lobby.png');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Personal files' }));
    expect(await within(dialog).findByText('No folders here.')).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move here' }));
    expect(await screen.findByText('Move succeeded')).toBeVisible();
    expect(patchBodies(fetch).at(-1)?.body).toEqual({ parentFileId: null, scope: 'User' });
  });

  it('cannot pick the folder being moved, nor anything inside it', async () => {
    const plans = folderFixture({ name: 'Plans' });
    const archive = folderFixture({ name: 'Archive' });
    serve([plans, archive], { 'Organization/top': [archive, plans] });
    renderFiles('/files/team');
    const dialog = await openMoveTo('Plans');
    const itself = await within(dialog).findByText('The item being moved');
    expect(itself.closest('button')).toBeNull();
    expect(within(dialog).getByText('Plans')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Open Plans' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Open Archive' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it("reports the server's refusal with 'Move failed'", async () => {
    const plans = folderFixture({ name: 'Plans' });
    const inner = folderFixture({ name: 'Inner' });
    const fetch = serve([plans], { 'Organization/top': [inner] }, () => 400);
    renderFiles('/files/team');
    const dialog = await openMoveTo('Plans');
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Open Inner' }));
    await within(dialog).findByText('No folders here.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move here' }));
    expect(await screen.findByText('Move failed')).toBeVisible();
    expect(screen.getByText(cycle)).toBeVisible();
    expect(patchBodies(fetch)).toEqual([
      { path: `${filesPath}/${plans.fileId}`, body: { parentFileId: inner.fileId } },
    ]);
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../session/session.ts';
import { mockApi, resetBrowser, signedInBrowser, stubFonts } from '../../test/harness.tsx';
import {
  fileFixture,
  filePage,
  filesPath,
  folderFixture,
  renderFiles,
  shownLocation,
  team,
} from './testing.tsx';
import { enqueueUploads } from './upload/index.ts';

vi.mock('./upload/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./upload/index.ts')>()),
  enqueueUploads: vi.fn(),
}));

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
  session.selectTeam(team);
  vi.mocked(enqueueUploads).mockClear();
});
afterEach(() => {
  resetBrowser();
});

describe('New and opening items', () => {
  it('uploads the picked files into the folder on screen', async () => {
    const folder = folderFixture({ name: 'Plans', scope: 'User' });
    mockApi((_method, url) => {
      if (url.pathname === `${filesPath}/${folder.fileId}`) return { body: folder };
      if (url.pathname.endsWith('/Breadcrumb')) return { body: { nodes: [], hasMore: false } };
      return { body: filePage([]) };
    });
    renderFiles(`/files/user/${folder.fileId}`);
    await screen.findByText('- No Media -');
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    expect(await screen.findByRole('menuitem', { name: 'File upload' })).toBeVisible();

    const input = screen.getByTestId('upload-input') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    const files = [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.pdf')];
    fireEvent.change(input, { target: { files } });
    expect(enqueueUploads).toHaveBeenCalledWith(files, {
      teamId: team.id,
      scope: 'User',
      parentFileId: folder.fileId,
    });
  });

  it('opens the note editor for a new note from New', async () => {
    mockApi(() => ({ body: filePage([]) }));
    renderFiles('/files/team');
    await screen.findByText('- No Media -');
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Note' }));
    expect(await screen.findByRole('dialog')).toBeVisible();
  });

  it('opens a folder with Enter or a double-click, and a file in the lightbox', async () => {
    const folder = folderFixture({ name: 'Plans' });
    const image = fileFixture({ name: 'Lobby.png' });
    mockApi((method, url) => {
      if (url.pathname === `${filesPath}/${folder.fileId}`) return { body: folder };
      if (url.pathname.endsWith('/Breadcrumb')) return { body: { nodes: [], hasMore: false } };
      if (method === 'POST') return { body: filePage([folder, image]) };
      return { status: 404 };
    });
    renderFiles('/files/team');

    fireEvent.doubleClick(await screen.findByRole('button', { name: 'Open Lobby.png' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Lobby.png')).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.keyDown(screen.getByRole('button', { name: 'Open Plans' }), { key: 'Enter' });
    await waitFor(() => expect(shownLocation()).toBe(`/files/team/${folder.fileId}`));
  });

  it("opens 'Details' and 'Edit' from a card's menu", async () => {
    const image = fileFixture({ name: 'Lobby.png' });
    mockApi(() => ({ body: filePage([image]) }));
    renderFiles('/files/team');

    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Lobby.png' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Details' }));
    const details = await screen.findByRole('dialog', { name: 'Media detail' });
    expect(within(details).getByText('image')).toBeVisible();
    fireEvent.keyDown(details, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Lobby.png' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit media' });
    expect((within(edit).getByLabelText(/Name/) as HTMLInputElement).value).toBe('Lobby.png');
  });
});

// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/harness.tsx';
import {
  fileFixture,
  folderFixture,
  libraryAnswers,
  renderFiles,
  signedInFilesSession,
} from './testing.tsx';

signedInFilesSession();

const entries = (menu: HTMLElement) =>
  Array.from(menu.querySelectorAll('[role="menuitem"]')).map((e) => e.textContent);
const dots = (name: string) => screen.getByRole('button', { name: `Actions for ${name}` });

describe('the card menu on right-click', () => {
  const folder = folderFixture({ name: 'Plans' });
  const image = fileFixture({ name: 'Lobby.png' });

  it('opens at the pointer with the entries of the item; the ⋯ button still opens it there', async () => {
    mockApi(libraryAnswers([folder, image]));
    renderFiles('/files/team');
    const card = await screen.findByRole('group', { name: 'Lobby.png' });

    fireEvent.contextMenu(card, { clientX: 420, clientY: 260, button: 2 });
    const menu = await screen.findByRole('menu', { name: 'Actions for Lobby.png' });
    expect(entries(menu)).toEqual(['Preview', 'Download', 'Details', 'Edit', 'Move to…', 'Delete']);
    // Placed at the pointer, not under the '⋯' button.
    await waitFor(() => expect(menu.style.left).toBe('420px'));
    expect(dots('Lobby.png').getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(dots('Lobby.png'));
    await waitFor(() => expect(dots('Lobby.png').getAttribute('aria-expanded')).toBe('true'));
    await waitFor(() => expect(screen.getAllByRole('menu')).toHaveLength(1));
  });

  it('keeps one menu open: a right-click on another card closes the first', async () => {
    mockApi(libraryAnswers([folder, image]));
    renderFiles('/files/team');
    await screen.findByRole('group', { name: 'Lobby.png' });
    fireEvent.click(dots('Lobby.png'));
    await screen.findByRole('menu', { name: 'Actions for Lobby.png' });

    fireEvent.contextMenu(screen.getByRole('group', { name: 'Plans' }), {
      clientX: 200,
      clientY: 150,
      button: 2,
    });
    const menu = await screen.findByRole('menu', { name: 'Actions for Plans' });
    expect(entries(menu)).toEqual(['Open', 'Details', 'Edit', 'Move to…', 'Delete']);
    await waitFor(() => expect(screen.getAllByRole('menu')).toHaveLength(1));
  });

  it("opens at the '⋯' button for the keyboard's menu key (no pointer position)", async () => {
    mockApi(libraryAnswers([folder, image]));
    renderFiles('/files/team');
    fireEvent.contextMenu(await screen.findByRole('group', { name: 'Plans' }));
    await screen.findByRole('menu', { name: 'Actions for Plans' });
    expect(dots('Plans').getAttribute('aria-expanded')).toBe('true');
  });

  it("'Edit' on a note opens the note editor, not 'Edit media'", async () => {
    const note = fileFixture({ name: 'Idea', type: 'Note', mimeType: 'application/json' });
    mockApi(libraryAnswers([image, note]));
    renderFiles('/files/team');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Idea' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit note' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Edit media' })).toBeNull();
  });

  it("'Edit' on a file still opens 'Edit media'", async () => {
    mockApi(libraryAnswers([image]));
    renderFiles('/files/team');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Lobby.png' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit media' })).toBeVisible();
  });
});

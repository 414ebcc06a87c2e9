// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/harness.tsx';
import {
  fileFixture,
  folderFixture,
  libraryAnswers,
  renderFiles,
  shownLocation,
  signedInFilesSession,
} from './testing.tsx';

signedInFilesSession();

const folder = folderFixture({ name: 'Plans' });
const image = fileFixture({ name: 'Lobby.png' });
const card = (name: string) => screen.getByRole('button', { name: `Open ${name}` });
const pressed = (name: string) => card(name).getAttribute('aria-pressed');

describe('selecting and opening a card, as file managers do', () => {
  it('selects on one click and opens nothing; another click moves the selection', async () => {
    mockApi(libraryAnswers([folder, image]));
    renderFiles('/files/team');
    await screen.findByRole('button', { name: 'Open Lobby.png' });
    expect(pressed('Lobby.png')).toBe('false');

    fireEvent.click(card('Lobby.png'));
    expect(pressed('Lobby.png')).toBe('true');
    expect(screen.getByRole('group', { name: 'Lobby.png' }).dataset.selected).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(card('Plans'));
    expect(pressed('Plans')).toBe('true');
    expect(pressed('Lobby.png')).toBe('false');
    expect(shownLocation()).toBe('/files/team');
  });

  it('clears the selection with Escape and opens the selected item with Enter', async () => {
    mockApi(libraryAnswers([folder, image]));
    renderFiles('/files/team');
    fireEvent.click(await screen.findByRole('button', { name: 'Open Lobby.png' }));
    fireEvent.keyDown(card('Lobby.png'), { key: 'Escape' });
    expect(pressed('Lobby.png')).toBe('false');

    fireEvent.click(card('Plans'));
    fireEvent.keyDown(card('Plans'), { key: 'Enter' });
    await waitFor(() => expect(shownLocation()).toBe(`/files/team/${folder.fileId}`));
  });

  it('opens on a double click, and at once on a tap of a touch screen', async () => {
    mockApi(libraryAnswers([folder, image]));
    const first = renderFiles('/files/team');
    fireEvent.doubleClick(await screen.findByRole('button', { name: 'Open Plans' }));
    await waitFor(() => expect(shownLocation()).toBe(`/files/team/${folder.fileId}`));
    first.unmount();

    renderFiles('/files/team');
    const plans = await screen.findByRole('button', { name: 'Open Plans' });
    const tap = new PointerEvent('click', { bubbles: true, pointerType: 'touch' });
    fireEvent(plans, tap);
    await waitFor(() => expect(shownLocation()).toBe(`/files/team/${folder.fileId}`));
  });
});

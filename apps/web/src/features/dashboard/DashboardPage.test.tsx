// @vitest-environment happy-dom
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../session/session.ts';
import {
  mockApi,
  renderScreen,
  resetBrowser,
  signedInBrowser,
  stubFonts,
} from '../../test/harness.tsx';
import { fileFixture, filePage, filesPath, listBodies, team } from '../files/testing.tsx';
import { DashboardPage } from './DashboardPage.tsx';

function render() {
  return renderScreen(
    '/dashboard',
    '/dashboard',
    <ModalsProvider>
      <DashboardPage />
    </ModalsProvider>,
  );
}

const recentSection = () => screen.getByRole('region', { name: 'Recent files' });

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
  session.selectTeam(team);
});
afterEach(() => {
  resetBrowser();
});

describe('dashboard files', () => {
  it('links to the team and personal files', async () => {
    mockApi(() => ({ status: 404 }));
    render();
    expect((await screen.findByRole('link', { name: 'Team files' })).getAttribute('href')).toBe(
      '/files/team',
    );
    expect(screen.getByRole('link', { name: 'Personal files' }).getAttribute('href')).toBe(
      '/files/user',
    );
  });

  it('shows the twelve newest files, flat, of both scopes; a click opens the preview', async () => {
    const lobby = fileFixture({ name: 'Lobby.png' });
    const fetch = mockApi((method, url) => {
      if (method === 'POST' && url.pathname === filesPath) {
        return { body: filePage([lobby, fileFixture({ name: 'Stage.mp4', type: 'Video' })]) };
      }
      return { status: 404 };
    });
    render();
    const tile = await screen.findByRole('button', { name: 'Open Lobby.png' });
    expect(within(recentSection()).getByText('Stage.mp4')).toBeVisible();
    expect(listBodies(fetch)).toEqual([
      {
        pagination: { page: 1, pageSize: 12 },
        parentFileId: null,
        hierarchical: false,
        includedFileTypes: [],
        excludedFileTypes: ['Folder'],
        scopes: ['Organization', 'User'],
        sources: [],
        sortBy: 'CreatedDescending',
      },
    ]);

    fireEvent.click(tile);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeVisible();
    expect(within(dialog).getByText('Lobby.png')).toBeVisible();
  });

  it('shows a video still processing as such on its tile', async () => {
    mockApi((method, url) =>
      method === 'POST' && url.pathname === filesPath
        ? {
            body: filePage([
              fileFixture({
                name: 'Clip.mp4',
                type: 'Video',
                properties: { TranscodingStatus: 20 },
              }),
              fileFixture({
                name: 'Bad.mp4',
                type: 'Video',
                properties: { TranscodingStatus: 50 },
              }),
            ]),
          }
        : { status: 404 },
    );
    render();
    const clip = await screen.findByRole('button', { name: 'Open Clip.mp4' });
    expect(within(clip).getByText('Processing video')).toBeVisible();
    const bad = screen.getByRole('button', { name: 'Open Bad.mp4' });
    expect(within(bad).getByText('Processing failed')).toBeVisible();
  });

  it('shows the empty state, and a failed load with a retry', async () => {
    let fail = true;
    mockApi((method, url) => {
      if (method === 'POST' && url.pathname === filesPath) {
        return fail ? { status: 503 } : { body: filePage([], 1, 0) };
      }
      return { status: 404 };
    });
    render();
    expect(await screen.findByText('The recent files could not be loaded.')).toBeVisible();
    fail = false;
    fireEvent.click(within(recentSection()).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No files yet')).toBeVisible();
  });
});

describe('dashboard dialogs', () => {
  it('opens the tutorials, whose code loads on the first opening, and closes them', async () => {
    mockApi(() => ({ status: 404 }));
    render();
    const tile = await screen.findByRole('button', { name: /Tutorials/ });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.pointerEnter(tile);
    fireEvent.click(tile);
    const dialog = await screen.findByRole('dialog', { name: 'Tutorials' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

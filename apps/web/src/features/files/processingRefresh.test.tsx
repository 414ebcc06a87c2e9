// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/harness.tsx';
import { fileFixture, filePage, filesPath, renderFiles, signedInFilesSession } from './testing.tsx';

signedInFilesSession();

describe('a video still processing', () => {
  it('makes the library ask again until the media job has finished', async () => {
    const running = fileFixture({
      name: 'Keynote.mp4',
      type: 'Video',
      mimeType: 'video/mp4',
      properties: { TranscodingStatus: 20 },
    });
    let lists = 0;
    mockApi((method, url) => {
      if (method === 'POST' && url.pathname === filesPath) {
        lists += 1;
        const now = lists > 1 ? { ...running, properties: { TranscodingStatus: 100 } } : running;
        return { body: filePage([now]) };
      }
      return { status: 404 };
    });
    renderFiles('/files/team');

    const card = await screen.findByRole('group', { name: 'Keynote.mp4' });
    expect(within(card).getByText('Processing video')).toBeVisible();
    expect(lists).toBe(1);

    // Nothing else happens on the page: the list asks again by itself (every 5 s).
    await waitFor(() => expect(within(card).queryByText('Processing video')).toBeNull(), {
      timeout: 9_000,
    });
    expect(lists).toBe(2);
  }, 15_000);
});

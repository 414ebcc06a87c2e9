// @vitest-environment happy-dom
import { FileProperties, filesTexts, security, TranscodingStatus } from '@roomscale/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/harness.tsx';
import { keptThumbnailUri } from './FileThumb.tsx';
import { fileFixture, filePage, renderFiles, signedInFilesSession } from './testing.tsx';

signedInFilesSession();

const signed = (name: string, n = 1) =>
  `https://storage.test/org/team/${name}?X-Goog-Signature=${n}`;
const thumbOf = (name: string) => screen.getByRole('group', { name }).querySelector('img');

describe('card thumbnails', () => {
  it('shows the signed address of the list answer, with no call per card', async () => {
    const photo = fileFixture({
      name: 'Lobby.png',
      thumbnailBlobUri: 'https://storage.test/org/team/lobby-thumb',
      thumbnailUri: signed('lobby-thumb'),
    });
    const bare = fileFixture({ name: 'Bare.png' });
    const fetch = mockApi(() => ({ body: filePage([photo, bare]) }));
    renderFiles('/files/team');
    await screen.findByRole('group', { name: 'Lobby.png' });
    expect(thumbOf('Lobby.png')?.getAttribute('src')).toBe(signed('lobby-thumb'));
    expect(thumbOf('Bare.png')).toBeNull();
    const gets = fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET');
    expect(gets.map(([u]) => new URL(String(u), 'http://x').pathname)).not.toContain(
      `/api/File/${photo.fileId}`,
    );
  });

  it('falls back to the type icon when the picture does not load', async () => {
    const photo = fileFixture({
      name: 'Broken.png',
      thumbnailBlobUri: 'https://storage.test/org/team/broken-thumb',
      thumbnailUri: signed('broken-thumb'),
    });
    mockApi(() => ({ body: filePage([photo]) }));
    renderFiles('/files/team');
    const card = await screen.findByRole('group', { name: 'Broken.png' });
    fireEvent.error(card.querySelector('img')!);
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('svg')).not.toBeNull();
  });

  it('keeps the processing overlay over a video’s thumbnail', async () => {
    const video = fileFixture({
      name: 'Walkthrough.mp4',
      type: 'Video',
      thumbnailBlobUri: 'https://storage.test/org/team/walk-thumb',
      thumbnailUri: signed('walk-thumb'),
      properties: { [FileProperties.transcodingStatus]: TranscodingStatus.Running },
    });
    mockApi(() => ({ body: filePage([video]) }));
    renderFiles('/files/team');
    const card = await screen.findByRole('group', { name: 'Walkthrough.mp4' });
    expect(card.querySelector('img')?.getAttribute('src')).toBe(signed('walk-thumb'));
    expect(within(card).getByText(filesTexts.card.processing)).toBeVisible();
  });
});

describe('keptThumbnailUri', () => {
  const blob = 'https://storage.test/org/team/kept-thumb';
  it('keeps the first address of a thumbnail for half its lifetime, then takes the new one', () => {
    const t0 = 1_000_000;
    expect(keptThumbnailUri({ thumbnailBlobUri: blob, thumbnailUri: signed('k', 1) }, t0)).toBe(
      signed('k', 1),
    );
    expect(
      keptThumbnailUri({ thumbnailBlobUri: blob, thumbnailUri: signed('k', 2) }, t0 + 60_000),
    ).toBe(signed('k', 1));
    const later = t0 + (security.downloadUrlSeconds * 1000) / 2 + 1;
    expect(keptThumbnailUri({ thumbnailBlobUri: blob, thumbnailUri: signed('k', 3) }, later)).toBe(
      signed('k', 3),
    );
    expect(keptThumbnailUri({ thumbnailBlobUri: null, thumbnailUri: null }, later)).toBeNull();
  });
});

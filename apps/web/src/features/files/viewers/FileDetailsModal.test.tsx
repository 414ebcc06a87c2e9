// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderScreen, resetBrowser, signedInBrowser } from '../../../test/harness.tsx';
import { FileDetailsModal } from './FileDetailsModal.tsx';
import { fileFixture } from './testing.ts';

const row = (label: string) => {
  const th = screen.getByRole('rowheader', { name: label });
  return within(th.closest('tr') as HTMLElement).getByRole('cell').textContent;
};

beforeEach(async () => {
  await signedInBrowser();
});
afterEach(() => {
  resetBrowser();
});

describe('FileDetailsModal', () => {
  it('shows a 360 video with dates, names, duration and description', async () => {
    const created = new Date(2025, 0, 2, 8, 5, 9).toISOString();
    const edited = new Date(2025, 11, 24, 17, 30, 0).toISOString();
    const file = fileFixture({
      name: 'Tour.mp4',
      type: 'Video',
      scope: 'User',
      parentFileName: 'Trips',
      created,
      createdByName: 'Ada Lovelace',
      lastModified: edited,
      lastModifiedByName: 'Grace Hopper',
      contentLength: 3 * 1024 * 1024,
      properties: { Duration: 3725, ProjectionMode: '10', Description: 'Office walk' },
    });
    renderScreen('/files', '/files', <FileDetailsModal file={file} onClose={() => {}} />);
    expect(await screen.findByText('Media detail')).toBeVisible();
    expect(row('Type')).toBe('video');
    expect(row('Location')).toBe('Personal files / Trips');
    expect(row('Created')).toBe('2-1-2025 8:05:09 by Ada Lovelace');
    expect(row('Edited')).toBe('24-12-2025 17:30:00 by Grace Hopper');
    expect(row('Duration')).toBe('1:02:05');
    expect(row('Description')).toBe('Office walk');
    expect(row('360 mode')).toBe('Yes');
    expect(row('Size')).toBe('3 MB');
  });

  it('leaves out what a plain team image does not have', async () => {
    const file = fileFixture({
      type: 'Model3D',
      name: 'Chair.glb',
      properties: { ProjectionMode: -1 },
    });
    renderScreen('/files', '/files', <FileDetailsModal file={file} onClose={() => {}} />);
    await screen.findByText('Media detail');
    expect(row('Type')).toBe('3d model');
    expect(row('Location')).toBe('Team files');
    expect(screen.queryByRole('rowheader', { name: '360 mode' })).toBeNull();
    expect(screen.queryByRole('rowheader', { name: 'Edited' })).toBeNull();
    expect(screen.queryByRole('rowheader', { name: 'Duration' })).toBeNull();
  });

  it('is closed without a file', () => {
    renderScreen('/files', '/files', <FileDetailsModal file={null} onClose={() => {}} />);
    expect(screen.queryByText('Media detail')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { type FileItem, uploadMessages } from '@roomscale/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowser } from '../../../test/harness.tsx';
import { UploadsPanel } from './UploadsPanel.tsx';
import type { UploadBlobOptions } from './uploadBlob.ts';
import { UploadQueue } from './uploadQueue.ts';

beforeEach(() => stubBrowser());
afterEach(() => cleanup());

function setup() {
  const calls: { opts: UploadBlobOptions; resolve: (uri: string) => void }[] = [];
  const uploader = { pause: vi.fn(), unpause: vi.fn() };
  const queue = new UploadQueue({
    uploadBlob: (_team, _blob, _type, opts = {}) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ opts, resolve });
        opts.onUploader?.(uploader as never);
        opts.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      }),
    makeThumbnail: async () => ({}),
    createFile: async () => ({}) as FileItem,
    refresh: () => {},
    completed: () => {},
    failed: () => {},
    duplicate: () => {},
  });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <UploadsPanel queue={queue} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { queue, calls, uploader };
}

const file = (name: string) => new File([new Uint8Array(8)], name, { type: 'image/png' });
const settle = () => act(() => new Promise((r) => setTimeout(r, 0)));

describe('UploadsPanel', () => {
  it('shows nothing while the queue is empty', () => {
    setup();
    expect(screen.queryByRole('region', { name: uploadMessages.panelTitle })).toBeNull();
  });

  it('lists each upload with its state, a progress bar and labelled buttons', async () => {
    const { queue, calls, uploader } = setup();
    act(() => queue.enqueue([file('plan.png')], { teamId: 't', scope: 'User' }));
    const panel = screen.getByRole('region', { name: uploadMessages.panelTitle });
    expect(within(panel).getByText('Preparing')).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Pause upload of plan.png' })).toBeNull();

    await settle();
    act(() => calls[0]?.opts.onProgress?.(0.42));
    expect(within(panel).getByText('Uploading 42%')).toBeVisible();
    const bar = within(panel).getByRole('progressbar', { name: 'plan.png: Uploading 42%' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');

    fireEvent.click(within(panel).getByRole('button', { name: 'Pause upload of plan.png' }));
    expect(uploader.pause).toHaveBeenCalled();
    expect(within(panel).getByText('Paused 42%')).toBeVisible();

    fireEvent.click(within(panel).getByRole('button', { name: 'Resume upload of plan.png' }));
    expect(uploader.unpause).toHaveBeenCalled();
    expect(within(panel).getByText('Uploading 42%')).toBeVisible();

    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel upload of plan.png' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: uploadMessages.panelTitle })).toBeNull(),
    );
  });

  it('shows Processing once the bytes are stored and leaves when the item exists', async () => {
    const { queue, calls } = setup();
    act(() => queue.enqueue([file('a.png'), file('b.png')], { teamId: 't', scope: 'User' }));
    expect(screen.getAllByTestId('upload-row')).toHaveLength(2);
    await settle();
    act(() => calls[0]?.resolve('blob-a'));
    // Shown for a moment: finding it is the assertion (it throws when the text never shows).
    await screen.findByText('Processing');
    await settle();
    await settle();
    expect(screen.getAllByTestId('upload-row')).toHaveLength(1);
    expect(screen.getByText('b.png')).toBeVisible();
  });
});

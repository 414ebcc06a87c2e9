// @vitest-environment happy-dom
import { ModalsProvider } from '@mantine/modals';
import { type FileItem, fileMessages } from '@roomscale/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  mockApi,
  renderScreen,
  resetBrowser,
  signedInBrowser,
  stubFonts,
} from '../../../test/harness.tsx';
import { FilePreview } from './FilePreview.tsx';
import { downloadFixture, fileFixture, problem, teamId } from './testing.ts';

type ModelProps = {
  src: string;
  alt: string;
  onSnapshot?: (snapshot: () => Promise<Blob>) => void;
};
const modelViewer = vi.hoisted(() => ({ last: null as ModelProps | null }));

// <model-viewer> and canvas do not run in happy-dom: the viewer is a stand-in that records its props.
vi.mock('./ModelViewer.tsx', () => ({
  ModelViewer: (props: ModelProps) => {
    modelViewer.last = props;
    return <div data-testid="model-viewer" data-src={props.src} />;
  },
}));
vi.mock('./PdfViewer.tsx', () => ({
  PdfViewer: ({ src }: { src: string }) => <div data-testid="pdf-viewer" data-src={src} />,
}));
vi.mock('../notes/noteCanvas.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../notes/noteCanvas.ts')>()),
  noteImageUrl: vi.fn(async () => 'blob:note-image'),
}));
vi.mock('../upload/uploadBlob.ts', () => ({
  uploadBlob: vi.fn(async () => 'https://storage.test/org/team/thumb'),
}));

function render(file: FileItem, onClose = vi.fn()) {
  renderScreen(
    '/files',
    '/files',
    <ModalsProvider>
      <FilePreview file={file} teamId={teamId} onClose={onClose} />
    </ModalsProvider>,
  );
  return onClose;
}

const downloadCalls = (fetch: ReturnType<typeof mockApi>, file: FileItem) =>
  fetch.mock.calls.filter(([u]) => String(u).endsWith(`/api/File/${file.fileId}`));

beforeEach(async () => {
  await signedInBrowser();
  stubFonts();
  modelViewer.last = null;
});
afterEach(() => {
  resetBrowser();
  vi.restoreAllMocks();
});

describe('FilePreview', () => {
  it('shows an image from its signed address, with download and close buttons', async () => {
    const file = fileFixture();
    mockApi((_m, url) =>
      url.pathname === `/api/File/${file.fileId}`
        ? { body: downloadFixture(file) }
        : { status: 404 },
    );
    const onClose = render(file);
    const img = (await screen.findByRole('img', { name: 'Holiday.png' })) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(`/storage/${file.fileId}?sig=abc`);
    expect(screen.getByRole('button', { name: 'Download' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape', async () => {
    const file = fileFixture();
    mockApi(() => ({ body: downloadFixture(file) }));
    const onClose = render(file);
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('downloads through an <a download> to the signed address', async () => {
    const file = fileFixture({ type: 'Document', name: 'Plan.pdf', mimeType: 'application/pdf' });
    mockApi((_m, url) =>
      url.pathname === `/api/File/${file.fileId}`
        ? { body: downloadFixture(file) }
        : { status: 404 },
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    render(file);
    expect((await screen.findByTestId('pdf-viewer')).getAttribute('data-src')).toBe(
      `/storage/${file.fileId}?sig=abc`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.getAttribute('href')).toBe(`/storage/${file.fileId}?sig=abc`);
    expect(clicked[0]?.hasAttribute('download')).toBe(true);
  });

  it('shows the server message in the Error modal when a download fails', async () => {
    const file = fileFixture({ type: 'Video', name: 'Tour.mp4', properties: {} });
    let calls = 0;
    mockApi((_m, url) => {
      if (url.pathname !== `/api/File/${file.fileId}`) return { status: 404 };
      calls += 1;
      // The lightbox plays the video; by the time Download is pressed it failed processing.
      return calls === 1 ? { body: downloadFixture(file) } : problem(409, fileMessages.videoFailed);
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(file);
    await waitFor(() => expect(document.querySelector('video')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Error')).toBeVisible();
    expect(screen.getAllByText(fileMessages.videoFailed).length).toBeGreaterThan(0);
    expect(click).not.toHaveBeenCalled();
  });

  it('shows a note as a 2048 image and offers no download', async () => {
    const file = fileFixture({ type: 'Note', name: 'Buy milk', mimeType: 'application/json' });
    mockApi((_m, url) => {
      if (url.pathname === `/api/File/${file.fileId}`) return { body: downloadFixture(file) };
      if (url.pathname === `/storage/${file.fileId}`) {
        return { body: { text: 'Buy milk', backgroundColor: '#A7E0A5' } };
      }
      return { status: 404 };
    });
    render(file);
    const img = (await screen.findByRole('img', { name: 'Buy milk' })) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('blob:note-image');
    expect(img.getAttribute('width')).toBe('2048');
    const { noteImageUrl } = await import('../notes/noteCanvas.ts');
    expect(noteImageUrl).toHaveBeenCalledWith(
      { text: 'Buy milk', backgroundColor: '#A7E0A5' },
      2048,
    );
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeVisible();
  });

  it("shows 'Processing video' while the video is processing", async () => {
    const file = fileFixture({
      type: 'Video',
      name: 'Tour.mp4',
      mimeType: 'video/mp4',
      properties: { TranscodingStatus: 20 },
    });
    mockApi(() => problem(409, fileMessages.videoProcessing));
    render(file);
    expect(await screen.findByText('Processing video')).toBeVisible();
    expect(screen.getByText(fileMessages.videoProcessing)).toBeVisible();
    expect(document.querySelector('video')).toBeNull();
  });

  it("shows 'Processing failed' for a failed video without asking for its address", async () => {
    const file = fileFixture({
      type: 'Video',
      name: 'Tour.avi',
      properties: { TranscodingStatus: 50 },
    });
    const fetch = mockApi(() => ({ status: 404 }));
    render(file);
    expect(await screen.findByText('Processing failed')).toBeVisible();
    expect(screen.getByText(fileMessages.videoFailed)).toBeVisible();
    expect(downloadCalls(fetch, file)).toHaveLength(0);
  });

  it('believes the server when a video failed since the list was loaded', async () => {
    const file = fileFixture({ type: 'Video', name: 'Tour.mp4', properties: {} });
    mockApi(() => problem(409, fileMessages.videoFailed));
    render(file);
    expect(await screen.findByText('Processing failed')).toBeVisible();
  });

  it('plays a ready video with controls, autoplay, poster and source', async () => {
    const file = fileFixture({
      type: 'Video',
      name: 'Tour.mp4',
      mimeType: 'video/mp4',
      properties: { TranscodingStatus: 100 },
    });
    mockApi(() => ({ body: downloadFixture(file, { thumbnailUri: '/storage/thumb?sig=t' }) }));
    render(file);
    await waitFor(() => expect(document.querySelector('video')).not.toBeNull());
    const video = document.querySelector('video') as HTMLVideoElement;
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video.getAttribute('poster')).toBe('/storage/thumb?sig=t');
    const source = video.querySelector('source');
    expect(source?.getAttribute('src')).toBe(`/storage/${file.fileId}?sig=abc`);
    expect(source?.getAttribute('type')).toBe('video/mp4');
  });

  it('plays audio with controls and autoplay', async () => {
    const file = fileFixture({ type: 'Audio', name: 'Talk.mp3', mimeType: 'audio/mpeg' });
    mockApi(() => ({ body: downloadFixture(file) }));
    render(file);
    await waitFor(() => expect(document.querySelector('audio')).not.toBeNull());
    const audio = document.querySelector('audio') as HTMLAudioElement;
    expect(audio.hasAttribute('controls')).toBe(true);
    expect(audio.autoplay).toBe(true);
    expect(audio.querySelector('source')?.getAttribute('src')).toBe(
      `/storage/${file.fileId}?sig=abc`,
    );
  });

  it('explains that only gltf/glb models can be previewed', async () => {
    const file = fileFixture({
      type: 'Model3D',
      name: 'Chair.fbx',
      mimeType: null,
      fileExtension: 'fbx',
    });
    const fetch = mockApi(() => ({ status: 404 }));
    render(file);
    expect(
      await screen.findByText('Only files of type gltf/glb are supported for preview'),
    ).toBeVisible();
    expect(screen.getByText(/Convert the model to GLB/)).toBeVisible();
    expect(screen.queryByTestId('model-viewer')).toBeNull();
    expect(downloadCalls(fetch, file)).toHaveLength(0);
  });

  it('shows a GLB model and saves a snapshot as its missing thumbnail', async () => {
    const file = fileFixture({
      type: 'Model3D',
      name: 'Chair.glb',
      mimeType: 'model/gltf-binary',
      fileExtension: 'glb',
    });
    const fetch = mockApi((method, url) => {
      if (url.pathname === `/api/File/${file.fileId}`) return { body: downloadFixture(file) };
      if (method === 'PATCH') return { body: { ...file, thumbnailBlobUri: 'x' } };
      return { status: 404 };
    });
    render(file);
    const viewer = await screen.findByTestId('model-viewer');
    expect(viewer.getAttribute('data-src')).toBe(`/storage/${file.fileId}?sig=abc`);
    const snapshot = vi.fn(async () => new Blob(['jpeg'], { type: 'image/jpeg' }));
    modelViewer.last?.onSnapshot?.(snapshot);
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true),
    );
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(String(patch?.[0])).toContain(`/api/Organizations/${teamId}/File/${file.fileId}`);
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      thumbnailBlobUri: 'https://storage.test/org/team/thumb',
    });
  });

  it('does not replace an existing model thumbnail', async () => {
    const file = fileFixture({
      type: 'Model3D',
      name: 'Chair.glb',
      fileExtension: 'glb',
      thumbnailBlobUri: '/thumbs/chair.jpg',
    });
    mockApi(() => ({ body: downloadFixture(file) }));
    render(file);
    await screen.findByTestId('model-viewer');
    expect(modelViewer.last?.onSnapshot).toBeUndefined();
  });
});

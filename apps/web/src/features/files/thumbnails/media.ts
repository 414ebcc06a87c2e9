import { uploadLimits } from '@roomscale/shared';
import { canvasToJpeg, drawScaled, withTimeout } from './canvas.ts';

function once(el: HTMLMediaElement, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = () => {
      el.removeEventListener('error', fail);
      resolve();
    };
    const fail = () => {
      el.removeEventListener(event, ok);
      reject(new Error(el.error?.message || 'The media could not be read'));
    };
    el.addEventListener(event, ok, { once: true });
    el.addEventListener('error', fail, { once: true });
  });
}

/** Loads `file` into a detached media element, runs `use`, then frees the element. */
async function withMedia<T>(
  file: Blob,
  kind: 'video' | 'audio',
  use: (el: HTMLMediaElement) => Promise<T>,
): Promise<T> {
  const url = URL.createObjectURL(file);
  const el = document.createElement(kind);
  el.muted = true;
  el.preload = 'auto';
  if (el instanceof HTMLVideoElement) el.playsInline = true;
  try {
    const loaded = once(el, 'loadedmetadata');
    el.src = url;
    await loaded;
    return await use(el);
  } finally {
    el.removeAttribute('src');
    el.load();
    URL.revokeObjectURL(url);
  }
}

/** Whether drawing the video paints anything yet: frames are opaque, an undecoded one is not. */
function paints(video: HTMLVideoElement) {
  const canvas = document.createElement('canvas');
  canvas.width = 8;
  canvas.height = 8;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return true;
  ctx.drawImage(video, 0, 0, 8, 8);
  const data = ctx.getImageData(0, 0, 8, 8).data;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
  return false;
}

/**
 * Right after 'seeked' a cold decoder sometimes has no frame to draw yet (a blank thumbnail);
 * waits up to a second for one.
 */
async function frameDrawn(video: HTMLVideoElement) {
  for (let i = 0; i < 10 && !paints(video); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const seconds = (d: number) => (Number.isFinite(d) && d > 0 ? d : undefined);

/**
 * The frame at half the duration, 480 wide, and the duration in seconds. Formats the browser
 * cannot play (avi, flv, …) fail; the server still measures the duration.
 */
export function videoThumbnail(file: Blob): Promise<{ blob?: Blob; duration?: number }> {
  return withTimeout(
    withMedia(file, 'video', async (el) => {
      const video = el as HTMLVideoElement;
      const duration = seconds(video.duration);
      const seeked = once(video, 'seeked');
      video.currentTime = (duration ?? 0) / 2;
      await seeked;
      if (video.readyState < 2) await once(video, 'loadeddata');
      await frameDrawn(video);
      const blob = await canvasToJpeg(drawScaled(video, video.videoWidth, video.videoHeight));
      return { blob, duration };
    }),
    uploadLimits.thumbnailTimeoutMs,
    'Video thumbnail',
  );
}

/** The duration of an audio file in seconds. */
export function audioDuration(file: Blob): Promise<number | undefined> {
  return withTimeout(
    withMedia(file, 'audio', async (el) => seconds(el.duration)),
    uploadLimits.thumbnailTimeoutMs,
    'Audio duration',
  );
}

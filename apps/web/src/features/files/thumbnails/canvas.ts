import { previewThumbnail } from '@roomscale/shared';

/** Thumbnail size for a source of `width` × `height`: 480 wide, height in proportion. */
export function thumbnailSize(width: number, height: number) {
  const w = previewThumbnail.width;
  if (!(width > 0) || !(height > 0)) throw new Error('The source has no size');
  return { width: w, height: Math.max(1, Math.round((height * w) / width)) };
}

/** Draws `source` (e.g. a video frame or bitmap) onto a new 480-wide canvas. */
export function drawScaled(source: CanvasImageSource, width: number, height: number) {
  const size = thumbnailSize(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas');
  // JPEG has no transparency: a white background instead of black behind transparent images.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.drawImage(source, 0, 0, size.width, size.height);
  return canvas;
}

/** The canvas as JPEG at quality 0.8. */
export function canvasToJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('The thumbnail could not be encoded'))),
      previewThumbnail.type,
      previewThumbnail.quality,
    ),
  );
}

/** Rejects after `ms` unless `work` settles first. */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

import { previewThumbnail, uploadLimits } from '@roomscale/shared';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { canvasToJpeg, withTimeout } from './canvas.ts';

/**
 * The first page of a PDF, 480 wide. pdf.js is loaded on first use so it stays out of the main
 * bundle; its worker is a same-origin asset (CSP `script-src 'self'` covers workers).
 */
export function pdfThumbnail(file: Blob): Promise<Blob> {
  return withTimeout(render(file), uploadLimits.thumbnailTimeoutMs, 'PDF thumbnail');
}

async function render(file: Blob): Promise<Blob> {
  const pdfjs = await import('pdfjs-dist');
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  const task = pdfjs.getDocument({
    data: new Uint8Array(await file.arrayBuffer()),
    isEvalSupported: false,
  });
  try {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: previewThumbnail.width / natural.width });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.max(1, Math.round(viewport.height));
    await page.render({ canvas, viewport, background: '#ffffff' }).promise;
    return await canvasToJpeg(canvas);
  } finally {
    await task.destroy();
  }
}

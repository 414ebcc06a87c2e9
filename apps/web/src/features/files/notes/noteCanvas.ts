import { noteLimits, previewThumbnail } from '@roomscale/shared';
import { type NoteContent, wrapLines } from './noteRules.ts';

/**
 * Drawing a note as an image (part2 §2 lightbox, §7 Thumbnails): its text on its colour, laid
 * out like the editor shows it. Sizes are in proportion to the editor's box, so a 2048 px image
 * and a thumbnail at the editor's size look the same.
 */

/** The editor's note box; the image layout scales from it. */
export const noteBox = {
  size: 320,
  fontSize: 24,
  lineHeight: 1.25,
  padding: 20,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  color: '#1A1B1E',
} as const;

/** Draws `note` on a `width`×`height` canvas context. */
export function drawNote(
  ctx: CanvasRenderingContext2D,
  note: NoteContent,
  width: number,
  height: number,
) {
  const scale = width / noteBox.size;
  const fontSize = noteBox.fontSize * scale;
  const lineHeight = fontSize * noteBox.lineHeight;
  const padding = noteBox.padding * scale;
  ctx.fillStyle = note.backgroundColor;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = noteBox.color;
  ctx.font = `${fontSize}px ${noteBox.fontFamily}`;
  ctx.textBaseline = 'top';
  const lines = wrapLines(note.text, width - 2 * padding, (s) => ctx.measureText(s).width);
  // Half the leading above each line, as CSS places text in a line box.
  const leading = (lineHeight - fontSize) / 2;
  lines.forEach((line, i) => {
    ctx.fillText(line, padding, padding + i * lineHeight + leading);
  });
}

/** A canvas with the note drawn on it, or null where the browser has no 2D canvas. */
export function noteCanvas(note: NoteContent, width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width);
  canvas.height = Math.round(height);
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  drawNote(ctx, note, canvas.width, canvas.height);
  return canvas;
}

const toBlob = (canvas: HTMLCanvasElement, type: string, quality?: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/** The note thumbnail: the note at the size it had on screen, as JPEG 0.8. */
export async function noteThumbnail(note: NoteContent, width: number, height: number) {
  const canvas = noteCanvas(note, width, height);
  if (!canvas) return null;
  return toBlob(canvas, previewThumbnail.type, previewThumbnail.quality);
}

/** The lightbox image: the note at 2048×2048 as PNG, as an object URL the caller revokes. */
export async function noteImageUrl(note: NoteContent, size: number = noteLimits.previewSize) {
  const canvas = noteCanvas(note, size, size);
  if (!canvas) return null;
  const blob = await toBlob(canvas, 'image/png');
  return blob ? URL.createObjectURL(blob) : null;
}

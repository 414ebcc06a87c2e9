import { canvasToJpeg, drawScaled } from './canvas.ts';

/** A 480-wide JPEG of an image file (EXIF orientation applied by the browser). */
export async function imageThumbnail(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    return await canvasToJpeg(drawScaled(bitmap, bitmap.width, bitmap.height));
  } finally {
    bitmap.close();
  }
}

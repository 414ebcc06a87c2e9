import type { FileType } from '@roomscale/shared';
import { imageThumbnail } from './image.ts';
import { audioDuration, videoThumbnail } from './media.ts';

/**
 * Thumbnail and duration of an uploaded file (part2 §7 Thumbnails): images, a video frame at
 * half duration (plus the duration, sent as the `Duration` property), the first page of a PDF,
 * a GLB/glTF model snapshot. Never rejects: a failure is logged and leaves the field out, so
 * a thumbnail never stops an upload. pdf.js and three.js load only when needed.
 */
export async function makeThumbnail(
  file: File,
  type: FileType,
): Promise<{ blob?: Blob; duration?: number }> {
  try {
    switch (type) {
      case 'Image':
        return { blob: await imageThumbnail(file) };
      case 'Video':
        return await videoThumbnail(file);
      case 'Audio':
        return { duration: await audioDuration(file) };
      case 'Document': {
        const { pdfThumbnail } = await import('./pdf.ts');
        return { blob: await pdfThumbnail(file) };
      }
      case 'Model3D': {
        if (!isGltf(file)) return {};
        const { modelThumbnail } = await import('./model.ts');
        return { blob: await modelThumbnail(file) };
      }
      default:
        return {};
    }
  } catch (e) {
    console.warn(`No thumbnail for ${file.name}`, e);
    return {};
  }
}

/** Only GLB and glTF can be rendered (as in the 3D preview). */
export function isGltf(file: { name: string; type: string }) {
  return (
    /\.(glb|gltf2?)$/i.test(file.name) ||
    file.type === 'model/gltf-binary' ||
    file.type === 'model/gltf+json'
  );
}

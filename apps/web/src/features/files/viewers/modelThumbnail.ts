import { type FileItem, previewThumbnail } from '@roomscale/shared';
import { filesApi } from '@roomscale/shared/contract';
import { call } from '../../../api/client.ts';
import { uploadBlob } from '../upload/uploadBlob.ts';

/** Redraws an image at `width` pixels wide (height in proportion) as JPEG 0.8. */
export async function scaleToWidth(image: Blob, width: number = previewThumbnail.width) {
  const bitmap = await createImageBitmap(image);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas');
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('Thumbnail not encoded'))),
      previewThumbnail.type,
      previewThumbnail.quality,
    ),
  );
}

/**
 * Saves a model snapshot as the file's thumbnail (part2 §7: a 3D model without thumbnail gets
 * one after loading): upload, then PATCH `thumbnailBlobUri`. A failure is only logged.
 */
export async function saveModelThumbnail(
  teamId: string,
  fileId: string,
  snapshot: () => Promise<Blob>,
): Promise<FileItem | null> {
  try {
    const thumb = await snapshot();
    const thumbnailBlobUri = await uploadBlob(teamId, thumb, previewThumbnail.type);
    return await call(filesApi.edit, {
      params: { organizationId: teamId, fileItemId: fileId },
      body: { thumbnailBlobUri },
    });
  } catch (e) {
    console.warn('Model thumbnail not saved', e);
    return null;
  }
}

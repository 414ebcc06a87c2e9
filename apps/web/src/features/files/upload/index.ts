/**
 * Uploads for the files library (part2 §4 Upload flow):
 *
 * - `enqueueUploads(files: File[], target: { teamId, scope: 'Organization' | 'User',
 *   parentFileId?: string | null }): void` — call it with the files of the 'New' → 'File upload'
 *   picker; it checks each file (§5), uploads it resumably, makes its thumbnail, creates the
 *   file item, toasts 'Upload completed' and invalidates fileKeys.all(teamId) and
 *   fileKeys.recentAll(teamId). Errors open the 'Error' modal.
 * - `<UploadsPanel />` — mount once in the files layout (inside the query client provider).
 * - `uploadAccept` — the picker's `accept` attribute.
 * - `uploadBlob(teamId, blob, contentType, opts?)` — raw bytes to a blobUri (notes, snapshots).
 */
export { uploadAccept } from './fileKinds.ts';
export { UploadsPanel } from './UploadsPanel.tsx';
export { uploadBlob } from './uploadBlob.ts';
export type { UploadTarget } from './uploadQueue.ts';
export { enqueueUploads } from './uploads.ts';

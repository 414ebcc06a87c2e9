/**
 * File previews and modals (part2 §2 File modals and overlays), used by the files library:
 *
 * - `FilePreview` — `<FilePreview file={FileItem | null} teamId onClose />`: the full-screen
 *   lightbox (close button, Escape, download for non-notes; image, note at 2048×2048, GLB/glTF
 *   model, video/audio with the processing states, PDF). A model without thumbnail gets one saved.
 * - `isPreviewable(file)` — whether the context menu offers 'Preview'.
 * - `downloadFile(file)` — fetches the signed address and downloads; rejects on failure
 *   (show it with `showError(serverMessage(e))`).
 * - `FileDetailsModal` — `<FileDetailsModal file={FileItem | null} onClose />`: media detail.
 * - `EditFileModal` — `<EditFileModal file={FileItem | null} teamId onClose onSaved? />`: edit
 *   media; invalidates `fileKeys.all` and `fileKeys.recentAll` after a save.
 * - `NoteEditorModal` — re-exported from `../notes`.
 *
 * Each modal is closed while its `file` is null, so the library can keep one mounted.
 */
export { NoteEditorModal, type NoteEditorModalProps } from '../notes/index.ts';
export { downloadFile } from './download.ts';
export { EditFileModal, type EditFileModalProps } from './EditFileModal.tsx';
export { FileDetailsModal, type FileDetailsModalProps } from './FileDetailsModal.tsx';
export { FilePreview, type FilePreviewProps } from './FilePreview.tsx';
export { fileTypeLabel, isPreviewable, scopeLabel } from './format.ts';

/**
 * The one place the library takes the uploader, the viewers and the note editor from, so their
 * contracts are visible at a glance (each folder's index.ts documents its own).
 */
export { NoteEditorModal } from './notes/index.ts';
export { enqueueUploads, UploadsPanel, uploadAccept } from './upload/index.ts';
export {
  downloadFile,
  EditFileModal,
  FileDetailsModal,
  FilePreview,
  isPreviewable,
} from './viewers/index.ts';

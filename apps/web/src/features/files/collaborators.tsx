/**
 * The one place the library imports the uploader, the viewers and the note editor from, so
 * their contracts are visible at a glance.
 */
import type { FileItem } from '@roomscale/shared';
import type { LibraryScope } from './api.ts';

export type UploadTarget = { teamId: string; scope: LibraryScope; parentFileId?: string | null };

export function enqueueUploads(_files: File[], _target: UploadTarget): void {}

export function UploadsPanel() {
  return null;
}

export const isPreviewable = (file: FileItem) => file.type !== 'Folder';

export function downloadFile(_file: FileItem): void {}

export function FilePreview(_props: { file: FileItem; teamId: string; onClose: () => void }) {
  return null;
}

export function FileDetailsModal(_props: { file: FileItem; onClose: () => void }) {
  return null;
}

export function EditFileModal(_props: { file: FileItem; teamId: string; onClose: () => void }) {
  return null;
}

export function NoteEditorModal(_props: {
  opened: boolean;
  onClose: () => void;
  teamId: string;
  scope: LibraryScope;
  parentFileId?: string | null;
  file?: FileItem;
  onSaved?: () => void;
}) {
  return null;
}

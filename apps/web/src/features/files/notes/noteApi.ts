import { type FileItem, type FileScope, noteLimits, previewThumbnail } from '@roomscale/shared';
import { filesApi } from '@roomscale/shared/contract';
import { call } from '../../../api/client.ts';
import { serverMessage } from '../../../api/errors.ts';
import { uploadBlob } from '../upload/uploadBlob.ts';
import { fetchDownload } from '../viewers/download.ts';
import { noteThumbnail } from './noteCanvas.ts';
import { type NoteContent, noteTitle, parseNote, serializeNote } from './noteRules.ts';

/** Download info of a file (kept with the download, which needs no uploader: viewers/download.ts). */
export { fetchDownload };

/** An existing note's content: download info, then the JSON from the signed address. */
export async function fetchNote(fileId: string, signal?: AbortSignal): Promise<NoteContent> {
  const info = await fetchDownload(fileId, signal);
  const res = await fetch(info.blobUri, { signal });
  if (!res.ok) throw new Error(`Note content answered HTTP ${res.status}`);
  return parseNote(await res.json());
}

export type SaveNoteInput = {
  teamId: string;
  note: NoteContent;
  /** The note's size on screen, for its thumbnail. */
  size: { width: number; height: number };
  /** Editing: the note file; creating: where it goes. */
  file?: FileItem | null;
  scope: FileScope;
  parentFileId?: string | null;
};

/** The thumbnail's address, or null: a thumbnail failure never stops the save (part2 §7). */
async function uploadThumbnail(teamId: string, note: NoteContent, size: SaveNoteInput['size']) {
  try {
    const blob = await noteThumbnail(note, size.width, size.height);
    return blob ? await uploadBlob(teamId, blob, previewThumbnail.type) : null;
  } catch (e) {
    console.warn('Note thumbnail not saved', e);
    return null;
  }
}

/**
 * Saves a note (part2 §4 Notes): uploads the JSON and a thumbnail, then creates the file (PUT)
 * or points the existing one at the new content (PATCH). Resolves with the saved file.
 */
export async function saveNote(input: SaveNoteInput): Promise<FileItem> {
  const { teamId, note } = input;
  const content = new Blob([serializeNote(note)], { type: noteLimits.contentType });
  const blobUri = await uploadBlob(teamId, content, noteLimits.contentType);
  const thumbnailBlobUri = await uploadThumbnail(teamId, note, input.size);
  const name = noteTitle(note.text);
  if (input.file) {
    return call(filesApi.edit, {
      params: { organizationId: teamId, fileItemId: input.file.fileId },
      // A null thumbnail clears the old one, which would show the old text.
      body: { name, blobUri, thumbnailBlobUri },
    });
  }
  return call(filesApi.create, {
    params: { organizationId: teamId },
    body: {
      name,
      type: 'Note',
      blobUri,
      thumbnailBlobUri,
      parentFileId: input.parentFileId ?? null,
      scope: input.scope,
      source: 'WebPlatform',
      properties: {},
    },
  });
}

/** What a failed save says: the uploader's own message, or the server's (part2 §8). */
export function saveErrorText(error: unknown): string {
  if (error instanceof Error && error.name === 'UploadError') return error.message;
  return serverMessage(error);
}

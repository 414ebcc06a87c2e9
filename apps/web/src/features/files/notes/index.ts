/**
 * Notes (part2 §3 Note content, §4 Notes, §5 Notes), used by the files library:
 *
 * - `NoteEditorModal` — `<NoteEditorModal opened onClose teamId scope parentFileId? file? onSaved? />`
 *   creates a note (without `file`) in `scope`/`parentFileId`, or edits `file`. Saving uploads the
 *   note JSON and a thumbnail, then PUTs or PATCHes the file and invalidates `fileKeys.all(teamId)`
 *   and `fileKeys.recentAll(teamId)`; `onSaved` gets the saved file.
 * - `noteTitle(text)` — the name a note gets.
 * - `fetchNote(fileId)` — an existing note's `{text, backgroundColor}`.
 * - `noteImageUrl(note, size?)` / `noteThumbnail(note, w, h)` — the note drawn as an image.
 */

export { NoteEditorModal, type NoteEditorModalProps } from './NoteEditorModal.tsx';
export { fetchNote, saveNote } from './noteApi.ts';
export { noteImageUrl, noteThumbnail } from './noteCanvas.ts';
export { type NoteContent, noteTitle, parseNote } from './noteRules.ts';

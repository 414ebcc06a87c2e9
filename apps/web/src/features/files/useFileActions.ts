import { notifications } from '@mantine/notifications';
import { type FileItem, filesTexts } from '@roomscale/shared';
import { useNavigate } from 'react-router';
import { serverMessage } from '../../api/errors.ts';
import { showConfirm, showError } from '../../components/dialogs.tsx';
import { type LibraryScope, useDeleteFile, useMoveFile } from './api.ts';
import { downloadFile, isPreviewable } from './collaborators.tsx';
import type { DraggedFile, DropDestination } from './dnd.ts';
import { useFileOverlays } from './FileOverlays.tsx';
import { libraryPath } from './paths.ts';

const t = filesTexts;

export const libraryScopeOf = (file: Pick<FileItem, 'scope'>): LibraryScope =>
  file.scope === 'User' ? 'User' : 'Organization';

/** The actions of a card's menu and of double-click / Enter (part2 §2). */
export function useFileActions(teamId: string) {
  const navigate = useNavigate();
  const overlays = useFileOverlays();
  const remove = useDeleteFile(teamId);

  const openFolder = (file: FileItem) => navigate(libraryPath(libraryScopeOf(file), file.fileId));

  /** A folder opens, a note opens in the editor, a file previews (or shows its details). */
  const open = (file: FileItem) => {
    if (file.type === 'Folder') openFolder(file);
    else if (file.type === 'Note') overlays.note(file);
    else if (isPreviewable(file)) overlays.preview(file);
    else overlays.details(file);
  };

  const confirmDelete = async (file: FileItem) => {
    const ok = await showConfirm({
      title: t.remove.title,
      content:
        file.type === 'Folder' ? t.remove.folderQuestion(file.name) : t.remove.question(file.name),
      confirmLabel: t.remove.confirm,
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(file.fileId);
      notifications.show({ color: 'teal', title: t.remove.done, message: file.name });
    } catch (e) {
      notifications.show({ color: 'red', title: t.remove.failed, message: serverMessage(e) });
    }
  };

  return {
    open,
    openFolder,
    preview: overlays.preview,
    details: overlays.details,
    /** A note is edited in the note editor, where its text and colour are; others in 'Edit media'. */
    edit: (file: FileItem) => (file.type === 'Note' ? overlays.note(file) : overlays.edit(file)),
    moveTo: overlays.move,
    download: (file: FileItem) =>
      downloadFile(file).catch((e: unknown) => showError(serverMessage(e))),
    confirmDelete,
  };
}

/**
 * Moves a dropped item, or one chosen with 'Move to…' (part2 §4 Moving): the new parent, null for a scope's top level, and the
 * scope too when that top level is the other scope's. Toasts say how it went.
 */
export function useMoveAction(teamId: string) {
  const move = useMoveFile(teamId);
  return (item: DraggedFile, dest: DropDestination) => {
    const body =
      dest.folderId === null && dest.scope !== item.scope
        ? { parentFileId: null, scope: dest.scope }
        : { parentFileId: dest.folderId };
    move.mutate(
      { fileId: item.fileId, move: body },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', title: t.move.done, message: item.name }),
        onError: (e) =>
          notifications.show({ color: 'red', title: t.move.failed, message: serverMessage(e) }),
      },
    );
  };
}

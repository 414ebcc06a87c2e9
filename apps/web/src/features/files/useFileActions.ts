import { notifications } from '@mantine/notifications';
import { type FileItem, filesTexts } from '@roomscale/shared';
import { useNavigate } from 'react-router';
import { serverMessage } from '../../api/errors.ts';
import { showConfirm, showError } from '../../components/dialogs.tsx';
import { useDeleteFile } from './api.ts';
import { downloadFile, isPreviewable } from './collaborators.tsx';
import { useFileOverlays } from './FileOverlays.tsx';
import { libraryPath, libraryScopeOf } from './paths.ts';

const t = filesTexts;

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

import { notifications } from '@mantine/notifications';
import { filesTexts } from '@roomscale/shared';
import { serverMessage } from '../../api/errors.ts';
import { useMoveFile } from './api.ts';
import type { DraggedFile, DropDestination } from './dnd.ts';

const t = filesTexts;

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

import { notifications } from '@mantine/notifications';
import { adminTeamsTexts } from '@roomscale/shared';
import { serverMessage } from '../../../api/errors.ts';
import { showConfirm, showError } from '../../../components/dialogs.tsx';
import { useDeleteAdminTeam } from './api.ts';

const t = adminTeamsTexts.remove;

type Doomed = {
  id: string;
  name: string;
  usersCount: number;
  filesCount?: number;
  roomsCount?: number;
};

/**
 * Deleting a team, from the list or from its page: a confirmation naming what goes with it
 * (members, files, rooms, meetings), then the call. Resolves true once it is deleted.
 */
export function useDeleteTeam() {
  const remove = useDeleteAdminTeam();
  return {
    pending: remove.isPending,
    run: async (team: Doomed): Promise<boolean> => {
      const ok = await showConfirm({
        title: t.title,
        content: t.text(team.name, {
          users: team.usersCount,
          files: team.filesCount,
          rooms: team.roomsCount,
        }),
        confirmLabel: t.confirm,
        danger: true,
      });
      if (!ok) return false;
      try {
        await remove.mutateAsync(team.id);
      } catch (e) {
        await showError(serverMessage(e));
        return false;
      }
      notifications.show({ color: 'teal', title: t.done, message: t.doneText(team.name) });
      return true;
    },
  };
}

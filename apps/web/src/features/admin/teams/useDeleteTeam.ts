import { adminTeamsTexts } from '@roomscale/shared';
import { serverMessage } from '../../../api/errors.ts';
import { confirmAndRun } from '../confirmAndRun.ts';
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
    run: (team: Doomed): Promise<boolean> =>
      confirmAndRun({
        ask: {
          title: t.title,
          content: t.text(team.name, {
            users: team.usersCount,
            files: team.filesCount,
            rooms: team.roomsCount,
          }),
          confirmLabel: t.confirm,
        },
        run: () => remove.mutateAsync(team.id),
        failureText: serverMessage,
        done: { title: t.done, message: t.doneText(team.name) },
      }),
  };
}

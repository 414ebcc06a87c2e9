import { notifications } from '@mantine/notifications';
import { adminUsersTexts } from '@roomscale/shared';
import { serverMessage } from '../../../api/errors.ts';
import { showConfirm, showError } from '../../../components/dialogs.tsx';
import { useDeleteAdminUser } from './api.ts';

const t = adminUsersTexts.remove;

type Doomed = { id: string; firstName: string; lastName: string; email: string; teams: number };

/**
 * Deleting a user, from the list or from their page: a confirmation naming who and what goes,
 * then the call. Resolves true once the user is deleted.
 */
export function useDeleteUser() {
  const remove = useDeleteAdminUser();
  return {
    pending: remove.isPending,
    run: async (user: Doomed): Promise<boolean> => {
      const name = `${user.firstName} ${user.lastName}`;
      const ok = await showConfirm({
        title: t.title,
        content: t.text(name, user.email, user.teams),
        confirmLabel: t.confirm,
        danger: true,
      });
      if (!ok) return false;
      try {
        await remove.mutateAsync(user.id);
      } catch (e) {
        await showError(serverMessage(e));
        return false;
      }
      notifications.show({ color: 'teal', title: t.done, message: t.doneText(name) });
      return true;
    },
  };
}

import { adminUsersTexts } from '@roomscale/shared';
import { serverMessage } from '../../../api/errors.ts';
import { confirmAndRun } from '../confirmAndRun.ts';
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
    run: (user: Doomed): Promise<boolean> => {
      const name = `${user.firstName} ${user.lastName}`;
      return confirmAndRun({
        ask: {
          title: t.title,
          content: t.text(name, user.email, user.teams),
          confirmLabel: t.confirm,
        },
        run: () => remove.mutateAsync(user.id),
        failureText: serverMessage,
        done: { title: t.done, message: t.doneText(name) },
      });
    },
  };
}

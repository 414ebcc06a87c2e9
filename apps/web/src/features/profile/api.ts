import type { ChangePasswordCommand, LinkUpdate, MeEdit, UserLogin } from '@roomscale/shared';
import { linkedAccountsApi, profileImagesApi, usersApi } from '@roomscale/shared/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { session, useSession } from '../../session/session.ts';

/** The caller's linked logins, per user so a next login on this browser never sees them. */
export const linkedLoginsKey = (userId: string | undefined) => ['me', 'logins', userId] as const;

/** GET /api/User/Me/LinkedAccounts/Logins. */
export function useLinkedLogins() {
  const { user } = useSession();
  return useQuery({
    queryKey: linkedLoginsKey(user?.id),
    queryFn: ({ signal }) => call(linkedAccountsApi.logins, { signal }),
    enabled: !!user,
  });
}

/**
 * The session's user again, for what shows it (the shell's name and picture, the login flags).
 * The change itself has been made when this runs: a failed reload must not report it as failed.
 */
const refreshUser = () => session.reloadUser().catch(() => undefined);

/**
 * After a link changes: the logins take the server's answer when there is one, and the user is
 * reloaded, because its login flags (hasSsoLogin, hasOculusLogin) changed with it.
 */
export function useAfterLinkChange() {
  const client = useQueryClient();
  return async (logins?: UserLogin[]) => {
    const key = linkedLoginsKey(session.get().user?.id);
    if (logins) client.setQueryData(key, logins);
    await Promise.all([refreshUser(), client.invalidateQueries({ queryKey: key })]);
  };
}

/** PATCH /api/Users/Me; the shell's name and the form take the saved user. */
export function useEditMe() {
  return useMutation({
    mutationFn: (body: MeEdit) => call(usersApi.editMe, { body }),
    onSuccess: refreshUser,
  });
}

/**
 * POST /api/Users/ChangePassword. The server ends the user's other sessions and keeps this one
 * (its refresh token stays valid), so the stored tokens are left as they are.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordCommand) => call(usersApi.changePassword, { body }),
  });
}

/**
 * The user's own picture. The shell's user menu draws it from the session's user
 * (`imageUpdated`), so the user is reloaded after each change.
 */
export function useUploadMyPicture() {
  return useMutation({
    mutationFn: (file: File) =>
      call(profileImagesApi.uploadMine, { body: file, query: { fileName: file.name } }),
    onSuccess: refreshUser,
  });
}

export function useRemoveMyPicture() {
  return useMutation({
    mutationFn: () => call(profileImagesApi.removeMine),
    onSuccess: refreshUser,
  });
}

/** POST /api/User/Me/LinkedAccount: link (with the identity provider's proof) or unlink. */
export function useUpdateLink() {
  const after = useAfterLinkChange();
  return useMutation({
    mutationFn: (body: LinkUpdate) => call(linkedAccountsApi.update, { body }),
    onSuccess: (logins) => after(logins),
  });
}

/** DELETE /api/User/Me/LinkedAccounts/Oculus. */
export function useMetaUnlink() {
  const after = useAfterLinkChange();
  return useMutation({
    mutationFn: () => call(linkedAccountsApi.metaUnlink),
    onSuccess: (logins) => after(logins),
  });
}

import { notifications } from '@mantine/notifications';
import { profileTexts } from '@roomscale/shared';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { serverMessage } from '../../api/errors.ts';
import { showError } from '../../components/dialogs.tsx';
import { useUpdateLink } from './api.ts';

const t = profileTexts.linked;
const RETURN_PARAMS = ['linkProvider', 'linkToken', 'linkError'] as const;

/**
 * The return from an identity provider's sign-in started by 'Link' (part2 §4): /profile with
 * `linkProvider` and `linkToken` (its one-time proof), or `linkError` when the sign-in failed.
 * The proof is sent once to link the login, and the parameters leave the address at once,
 * replacing it, so a reload or a second effect run (React's StrictMode) cannot send it again.
 * Answers the provider being linked while the call runs.
 */
export function useLinkReturn(): string | null {
  const [params, setParams] = useSearchParams();
  const update = useUpdateLink();
  const { mutateAsync } = update;
  const handled = useRef(false);
  const provider = params.get('linkProvider');
  const token = params.get('linkToken');
  const failed = params.has('linkError');

  useEffect(() => {
    if (handled.current || (!provider && !token && !failed)) return;
    handled.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
    if (failed || !provider || !token) {
      void showError(t.ssoSignInFailed);
      return;
    }
    mutateAsync({ add: true, loginProviderId: provider, linkToken: token }).then(
      () => notifications.show({ color: 'teal', message: t.ssoLinked }),
      (e: unknown) => showError(serverMessage(e)),
    );
  }, [provider, token, failed, setParams, mutateAsync]);

  return update.isPending ? (update.variables?.loginProviderId ?? null) : null;
}

import type { MeEdit } from '@roomscale/shared';
import { usersApi } from '@roomscale/shared/contract';
import { call } from '../api/client.ts';
import { AcceptTermsDialog } from '../components/AcceptTermsDialog.tsx';
import { useClientConfig } from './clientConfig.ts';
import { session, useSession } from './session.ts';
import { needsTermsAcceptance } from './terms.ts';
import { useLogout } from './useLogout.ts';

/** Shows the blocking accept-terms dialog on signed-in routes while acceptance is due. */
export function TermsGate() {
  const { user } = useSession();
  const config = useClientConfig();
  const logout = useLogout();
  if (!user || !needsTermsAcceptance(user)) return null;

  const accept = async () => {
    const body: MeEdit = { termsAccepted: true, privacyAccepted: true };
    await call(usersApi.editMe, { body });
    await session.reloadUser();
  };
  return (
    <AcceptTermsDialog
      opened
      termsUrl={config.data?.termsUrl}
      privacyUrl={config.data?.privacyUrl}
      onAccept={accept}
      onLogout={() => void logout()}
      firstTime={!user.termsAccepted && !user.privacyAccepted}
    />
  );
}

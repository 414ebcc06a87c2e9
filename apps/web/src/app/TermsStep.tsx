import type { MeEdit } from '@roomscale/shared';
import { usersApi } from '@roomscale/shared/contract';
import { call } from '../api/client.ts';
import { AcceptTermsDialog } from '../components/AcceptTermsDialog.tsx';
import { useClientConfig } from '../session/clientConfig.ts';
import { session } from '../session/session.ts';
import { useLogout } from '../session/useLogout.ts';

/** The accept-terms dialog (TermsGate.tsx) and what its buttons do. */
export function TermsStep({ firstTime }: { firstTime: boolean }) {
  const config = useClientConfig();
  const logout = useLogout();

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
      firstTime={firstTime}
    />
  );
}

import { Suspense } from 'react';
import { lazyPart } from '../components/lazyPart.ts';
import { useSession } from '../session/session.ts';
import { needsTermsAcceptance } from './terms.ts';

/**
 * The dialog and its call load only when acceptance is due: few page loads need them, and the
 * login page then carries neither the dialog nor the schemas of the call.
 */
const TermsStep = lazyPart(() => import('./TermsStep.tsx'), 'TermsStep');

/** Shows the blocking accept-terms dialog on signed-in routes while acceptance is due. */
export function TermsGate() {
  const { user } = useSession();
  if (!user || !needsTermsAcceptance(user)) return null;
  return (
    <Suspense fallback={null}>
      <TermsStep firstTime={!user.termsAccepted && !user.privacyAccepted} />
    </Suspense>
  );
}

import { limits, type Me } from '@roomscale/shared';

const cutoff = Date.parse(limits.termsCutoff);

/** An acceptance counts only when it is a date after the cut-off (part1 §4 Terms). */
const accepted = (date: string | null | undefined) => {
  if (!date) return false;
  const t = Date.parse(date);
  return Number.isFinite(t) && t > cutoff;
};

/** Acceptance is required again when the privacy or terms date is missing or on/before 1 Sep 2023. */
export const needsTermsAcceptance = (user: Pick<Me, 'privacyAccepted' | 'termsAccepted'>) =>
  !accepted(user.privacyAccepted) || !accepted(user.termsAccepted);

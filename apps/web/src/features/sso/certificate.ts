import { ssoLimits } from '@roomscale/shared';
import dayjs from 'dayjs';

/** The tab warns from the admins' first mail on (packages/shared `ssoLimits`). */
export const CERTIFICATE_WARNING_DAYS = ssoLimits.certificateWarningDays[0];

export type CertificateState = 'valid' | 'expiresSoon' | 'expired';

/** How the saved certificate stands at `now`; null when none is saved. */
export function certificateState(
  validTo: string | null,
  now = new Date(),
): CertificateState | null {
  if (!validTo) return null;
  const end = dayjs(validTo);
  if (!end.isAfter(now)) return 'expired';
  if (end.diff(now, 'day', true) <= CERTIFICATE_WARNING_DAYS) return 'expiresSoon';
  return 'valid';
}

/** The certificate's end as people read it: '14 March 2027'. */
export const formatValidTo = (validTo: string) => dayjs(validTo).format('D MMMM YYYY');

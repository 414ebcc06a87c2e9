import dayjs from 'dayjs';

/**
 * Identity providers roll their signing certificate over on a schedule, and single sign-on stops
 * on the day the saved one runs out: warn the admin this long before.
 */
export const CERTIFICATE_WARNING_DAYS = 30;

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

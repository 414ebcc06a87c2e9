import { X509Certificate } from 'node:crypto';
import { ssoMessages } from '@roomscale/shared';
import { fieldError } from '../../platform/http/problem.ts';

const PEM_LINE = 64;

/**
 * The identity provider's signing certificate as a team admin pasted it — a PEM block, or the
 * bare base64 most IdPs show — normalised to one PEM certificate and checked: it must parse and
 * be valid now. Returns the PEM and when it stops being valid.
 */
export function readCertificate(
  pasted: string,
  now: Date,
  field: 'certificate' | 'nextCertificate' = 'certificate',
  /** The next certificate of a rollover may start later (the IdP publishes it ahead). */
  { notYetValid = false }: { notYetValid?: boolean } = {},
): { pem: string; validTo: Date } {
  const body = pasted.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(body)) throw unreadable(field);
  const pem = [
    '-----BEGIN CERTIFICATE-----',
    ...(body.match(new RegExp(`.{1,${PEM_LINE}}`, 'g')) ?? []),
    '-----END CERTIFICATE-----',
    '',
  ].join('\n');
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch {
    throw unreadable(field);
  }
  const validFrom = new Date(cert.validFrom);
  const validTo = new Date(cert.validTo);
  if (Number.isNaN(validTo.getTime()) || validTo <= now) {
    throw fieldError(field, ssoMessages.certificateExpired);
  }
  if (validFrom > now && !notYetValid) throw fieldError(field, ssoMessages.certificateNotYetValid);
  return { pem, validTo };
}

const unreadable = (field: string) => fieldError(field, ssoMessages.certificateUnreadable);

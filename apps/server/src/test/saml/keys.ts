import { generate } from 'selfsigned';

/** An identity provider's signing key pair: the PEM private key and its self-signed certificate. */
export type IdpKeys = { privateKeyPem: string; certificatePem: string };

export type IdpKeyOptions = {
  /** The certificate's validity ended yesterday. */
  expired?: boolean;
  /** The certificate's validity starts tomorrow. */
  notYetValid?: boolean;
  /** Subject and issuer CN; default 'Roomscale test identity provider'. */
  commonName?: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const cache = new Map<string, Promise<IdpKeys>>();

/**
 * An RSA-2048 key and a self-signed X.509 certificate (SHA-256) for it, valid from yesterday for
 * a year unless `expired` or `notYetValid` says otherwise. Generating a key takes a while, so the
 * pair is made once per set of options within a process: the same options give the same keys.
 * Tests that need two unrelated pairs (an IdP and an attacker) pass different common names.
 */
export function makeIdpKeys(options: IdpKeyOptions = {}): Promise<IdpKeys> {
  const commonName = options.commonName ?? 'Roomscale test identity provider';
  const expired = options.expired === true;
  const notYetValid = options.notYetValid === true;
  if (expired && notYetValid)
    throw new Error('a certificate cannot be both expired and not yet valid');
  const key = JSON.stringify([commonName, expired, notYetValid]);
  let keys = cache.get(key);
  if (!keys) {
    keys = generateKeys(commonName, expired, notYetValid);
    cache.set(key, keys);
    // A failed generation must not stay cached for the rest of the run.
    keys.catch(() => cache.delete(key));
  }
  return keys;
}

async function generateKeys(commonName: string, expired: boolean, notYetValid: boolean) {
  const now = Date.now();
  const [from, to] = expired
    ? [now - 30 * DAY_MS, now - DAY_MS]
    : notYetValid
      ? [now + DAY_MS, now + 365 * DAY_MS]
      : [now - DAY_MS, now + 365 * DAY_MS];
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'rsa',
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: new Date(from),
    notAfterDate: new Date(to),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
    ],
  });
  return { privateKeyPem: pems.private, certificatePem: pems.cert };
}

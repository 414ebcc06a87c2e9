import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token must say of itself besides its signature. */
export type Hs256Rules = { typ: string; issuer: string; audience: string };

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * The claims of a compact JWS signed with HMAC-SHA256 under `key`, when its signature, header
 * and registered claims pass `rules` at `nowSeconds`; otherwise null.
 *
 * This is the check of every authenticated request (docs/performance.md "The hot path"). jose's
 * `jwtVerify` does the same through WebCrypto, whose HMAC is an asynchronous job handed to the
 * thread pool and back, several times node:crypto's CPU, most of it on the main thread (the
 * figures: docs/performance.md "The hot path", fourth round). It is as strict as jose with our options, and stricter where we issue
 * the tokens ourselves (jwt.test.ts holds it to jose's answers):
 * - three base64url parts, the MAC over the first two compared in constant time, before any
 *   JSON of the token is read;
 * - the header is an object with `alg` exactly HS256, `typ` exactly `rules.typ` (jose would also
 *   take `application/…` and any case) and no `crit` (no extension is understood);
 * - the payload is an object with `iss` equal to `rules.issuer`, `aud` equal to or (an array)
 *   containing `rules.audience`, a numeric `exp` after now (required: jose checks it only when
 *   present), `nbf` (when present) not after now, and a numeric `iat` when present.
 */
export function verifyHs256(
  token: string,
  key: Buffer,
  rules: Hs256Rules,
  nowSeconds: number,
): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (!BASE64URL.test(header) || !BASE64URL.test(payload) || !BASE64URL.test(signature)) {
    return null;
  }
  const expected = createHmac('sha256', key).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const head = jsonObject(header);
  if (head?.alg !== 'HS256' || head.typ !== rules.typ || 'crit' in head) return null;
  const claims = jsonObject(payload);
  if (!claims || claims.iss !== rules.issuer) return null;
  const aud = claims.aud;
  if (aud !== rules.audience && !(Array.isArray(aud) && aud.includes(rules.audience))) {
    return null;
  }
  if (typeof claims.exp !== 'number' || !(nowSeconds < claims.exp)) return null;
  if (claims.nbf !== undefined && !(typeof claims.nbf === 'number' && claims.nbf <= nowSeconds)) {
    return null;
  }
  if (claims.iat !== undefined && typeof claims.iat !== 'number') return null;
  return claims;
}

/** A base64url part decoded as a JSON object, or null. */
function jsonObject(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

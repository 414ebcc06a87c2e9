import { guestLimits, security } from '@roomscale/shared';
import { SignJWT } from 'jose';
import { type Hs256Rules, verifyHs256 } from './hs256.ts';

const ISSUER = 'roomscale';
const AUDIENCE = 'roomscale-api';
const ALG = 'HS256';
/** Guest tokens have their own audience and type, so neither kind can pass as the other. */
const GUEST_AUDIENCE = 'roomscale-guest';
const GUEST_TYP = 'guest+jwt';

export type AccessToken = { userId: string; sessionId: string; superAdmin: boolean };
export type GuestAccessToken = { guestId: string; sessionId: string };

/** Short-lived signed access tokens. Issuer, audience and algorithm are pinned on both sides. */
export function createJwt(secret: string) {
  // Imported once: given the secret's bytes, jose imports a WebCrypto key on every call, a cost
  // on every token check (docs/performance.md "The hot path").
  const hmacKey = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  // Tokens are checked with node:crypto's HMAC on this key (hs256.ts): the same bytes.
  const verifyKey = Buffer.from(secret, 'utf8');
  /** A token's claims when it passes `rules` and names a subject and a session, else null. */
  const claims = (token: string, rules: Hs256Rules, now: Date) => {
    const payload = verifyHs256(token, verifyKey, rules, Math.floor(now.getTime() / 1000));
    return payload && typeof payload.sub === 'string' && typeof payload.sid === 'string'
      ? (payload as Record<string, unknown> & { sub: string; sid: string })
      : null;
  };
  return {
    async signAccess(
      t: AccessToken & { email: string; name: string; scope: string },
      now = new Date(),
    ): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({
        sid: t.sessionId,
        email: t.email,
        name: t.name,
        super_admin: t.superAdmin,
        scope: t.scope,
      })
        .setProtectedHeader({ alg: ALG, typ: 'at+jwt' })
        .setSubject(t.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + security.accessTokenSeconds)
        .sign(await hmacKey);
    },
    /** The OpenID id token: who signed in, for the client. */
    async signId(t: { userId: string; email: string; name: string }, now = new Date()) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ email: t.email, name: t.name })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setSubject(t.userId)
        .setIssuer(ISSUER)
        .setAudience('roomscale-web')
        .setIssuedAt(iat)
        .setExpirationTime(iat + security.accessTokenSeconds)
        .sign(await hmacKey);
    },
    /** Returns null for anything that is not a valid, unexpired access token of ours. */
    async verifyAccess(token: string, now = new Date()): Promise<AccessToken | null> {
      const payload = claims(token, { typ: 'at+jwt', issuer: ISSUER, audience: AUDIENCE }, now);
      if (!payload) return null;
      return {
        userId: payload.sub,
        sessionId: payload.sid,
        superAdmin: payload.super_admin === true,
      };
    },
    /** A guest token (docs/guests.md): lives `guestLimits.tokenSeconds`. */
    async signGuest(t: GuestAccessToken & { email: string }, now = new Date()): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ sid: t.sessionId, email: t.email })
        .setProtectedHeader({ alg: ALG, typ: GUEST_TYP })
        .setSubject(t.guestId)
        .setIssuer(ISSUER)
        .setAudience(GUEST_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + guestLimits.tokenSeconds)
        .sign(await hmacKey);
    },
    async verifyGuest(token: string, now = new Date()): Promise<GuestAccessToken | null> {
      const payload = claims(
        token,
        { typ: GUEST_TYP, issuer: ISSUER, audience: GUEST_AUDIENCE },
        now,
      );
      if (!payload) return null;
      return { guestId: payload.sub, sessionId: payload.sid };
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;

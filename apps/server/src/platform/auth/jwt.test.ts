import { createHmac } from 'node:crypto';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyHs256 } from './hs256.ts';
import { createJwt } from './jwt.ts';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const KEY = Buffer.from(SECRET);
const NOW = new Date('2026-11-27T10:00:00Z');
const now = Math.floor(NOW.getTime() / 1000);
const ACCESS = { typ: 'at+jwt', issuer: 'roomscale', audience: 'roomscale-api' };

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** A compact token with any header and payload, signed with `secret` (HMAC-SHA256). */
function token(header: unknown, payload: unknown, secret = SECRET) {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const header = { alg: 'HS256', typ: 'at+jwt' };
const claims = {
  sub: 'user-1',
  sid: 'session-1',
  iss: 'roomscale',
  aud: 'roomscale-api',
  iat: now - 60,
  exp: now + 840,
};

/** What jose's `jwtVerify` says of `t` with the options the server used to pass it. */
async function joseAccepts(t: string) {
  const key = await crypto.subtle.importKey('raw', KEY, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  return jwtVerify(t, key, {
    currentDate: NOW,
    issuer: 'roomscale',
    audience: 'roomscale-api',
    algorithms: ['HS256'],
    typ: 'at+jwt',
  }).then(
    () => true,
    () => false,
  );
}

/** Tokens a client might present, each named for what is wrong with it (or nothing). */
const presented: [string, string][] = [
  ['a valid token', token(header, claims)],
  ['an array audience holding ours', token(header, { ...claims, aud: ['x', 'roomscale-api'] })],
  ['a past nbf', token(header, { ...claims, nbf: now - 1 })],
  ['another secret', token(header, claims, `${SECRET}-other`)],
  ['alg none, no signature', `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(claims)}.`],
  ['alg none, signed anyway', token({ alg: 'none', typ: 'at+jwt' }, claims)],
  ['alg HS512', token({ alg: 'HS512', typ: 'at+jwt' }, claims)],
  ['alg RS256', token({ alg: 'RS256', typ: 'at+jwt' }, claims)],
  ['no typ', token({ alg: 'HS256' }, claims)],
  ['a guest type', token({ alg: 'HS256', typ: 'guest+jwt' }, claims)],
  ['an unknown critical extension', token({ ...header, crit: ['x-ext'], 'x-ext': 1 }, claims)],
  ['another issuer', token(header, { ...claims, iss: 'someone' })],
  ['no issuer', token(header, { ...claims, iss: undefined })],
  ['another audience', token(header, { ...claims, aud: 'roomscale-guest' })],
  ['an array audience without ours', token(header, { ...claims, aud: ['roomscale-web'] })],
  ['expired', token(header, { ...claims, exp: now - 1 })],
  ['expiring this second', token(header, { ...claims, exp: now })],
  ['a text exp', token(header, { ...claims, exp: String(now + 60) })],
  ['a future nbf', token(header, { ...claims, nbf: now + 60 })],
  ['a text iat', token(header, { ...claims, iat: 'yesterday' })],
  ['a payload that is an array', token(header, [claims])],
  ['a payload that is not JSON', token(header, 'not json')],
  ['a header that is not JSON', token('{alg', claims)],
  ['two parts', token(header, claims).split('.').slice(0, 2).join('.')],
  ['four parts', `${token(header, claims)}.x`],
  ['a space in the payload', token(header, claims).replace('.', '. ')],
  ['a signature cut short', token(header, claims).slice(0, -2)],
  ['an empty string', ''],
];

describe('the HS256 check of access and guest tokens', () => {
  it('accepts only what jose accepts with the same rules, and is stricter where our tokens never go', async () => {
    for (const [what, t] of presented) {
      const ours = verifyHs256(t, KEY, ACCESS, now) !== null;
      expect(ours, what).toBe(await joseAccepts(t));
    }
    // Where we are stricter, as we issue every token ourselves: jose checks exp only when
    // present, understands the b64 extension (RFC 7797) and reads base64 padding, none of
    // which our tokens have.
    for (const t of [
      token(header, { ...claims, exp: undefined }),
      token({ ...header, crit: ['b64'], b64: true }, claims),
      `${token(header, claims)}=`,
    ]) {
      expect(await joseAccepts(t)).toBe(true);
      expect(verifyHs256(t, KEY, ACCESS, now)).toBeNull();
    }
  });

  it('refuses a signed payload with one character changed', () => {
    const t = token(header, claims);
    const [h, p, s] = t.split('.') as [string, string, string];
    const changed = `${p.slice(0, 10)}${p[10] === 'A' ? 'B' : 'A'}${p.slice(11)}`;
    expect(verifyHs256(`${h}.${changed}.${s}`, KEY, ACCESS, now)).toBeNull();
  });

  it('verifies the tokens the server signs, each kind only as itself', async () => {
    const jwt = createJwt(SECRET);
    const access = await jwt.signAccess(
      {
        userId: 'user-1',
        sessionId: 'session-1',
        superAdmin: true,
        email: 'a@example.com',
        name: 'A',
        scope: 'api',
      },
      NOW,
    );
    const guest = await jwt.signGuest(
      { guestId: 'guest-1', sessionId: 'session-2', email: 'g@example.com' },
      NOW,
    );
    const id = await jwt.signId({ userId: 'user-1', email: 'a@example.com', name: 'A' }, NOW);
    expect(await jwt.verifyAccess(access, NOW)).toEqual({
      userId: 'user-1',
      sessionId: 'session-1',
      superAdmin: true,
    });
    expect(await jwt.verifyGuest(guest, NOW)).toEqual({
      guestId: 'guest-1',
      sessionId: 'session-2',
    });
    expect(await jwt.verifyAccess(guest, NOW)).toBeNull();
    expect(await jwt.verifyGuest(access, NOW)).toBeNull();
    expect(await jwt.verifyAccess(id, NOW)).toBeNull();
    // Fifteen minutes later the access token has expired.
    expect(await jwt.verifyAccess(access, new Date(NOW.getTime() + 15 * 60_000))).toBeNull();
    expect(await createJwt(`${SECRET}-rotated`).verifyAccess(access, NOW)).toBeNull();
  });

  it('refuses a valid token without a subject or a session', async () => {
    const jwt = createJwt(SECRET);
    expect(await jwt.verifyAccess(token(header, { ...claims, sid: undefined }), NOW)).toBeNull();
    expect(await jwt.verifyAccess(token(header, { ...claims, sub: 7 }), NOW)).toBeNull();
  });
});

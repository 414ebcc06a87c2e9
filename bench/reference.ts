/**
 * The references of the API bench: a bare Fastify route that checks the HS256 access token and
 * runs ONE trivial prepared query on the same database — the least an authenticated call can
 * cost. Started as its own process by api.ts, with REFERENCE_CHECK naming the token check:
 * - `jose` (the reference): jose's `jwtVerify` with the same options and key as the
 *   product had, the key imported once;
 * - `product`: the product's own check (apps/server/src/platform/auth/jwt.ts, node:crypto).
 */
import Fastify from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { createJwt } from '../apps/server/src/platform/auth/jwt.ts';

const { DATABASE_URL, JWT_SECRET, PORT, REFERENCE_CHECK } = process.env;
const product = createJwt(JWT_SECRET as string);
const joseKey = crypto.subtle.importKey(
  'raw',
  new TextEncoder().encode(JWT_SECRET),
  { name: 'HMAC', hash: 'SHA-256' },
  false,
  ['verify'],
);

/** The caller's user id, or null. */
async function check(token: string): Promise<string | null> {
  if (REFERENCE_CHECK === 'product') return (await product.verifyAccess(token))?.userId ?? null;
  try {
    const { payload } = await jwtVerify(token, await joseKey, {
      issuer: 'roomscale',
      audience: 'roomscale-api',
      algorithms: ['HS256'],
      typ: 'at+jwt',
    });
    return typeof payload.sub === 'string' && typeof payload.sid === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const app = Fastify();

app.get('/me', async (req, reply) => {
  const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
  const userId = await check(token);
  if (!userId) return reply.code(401).send();
  const { rows } = await pool.query({
    name: 'me',
    text: 'select id, email from users where id = $1',
    values: [userId],
  });
  return rows[0];
});

await app.listen({ port: Number(PORT), host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});

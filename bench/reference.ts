/**
 * The reference of the API bench: a bare Fastify route that checks the same HS256 access token
 * with the same jose code as the product and runs ONE trivial prepared query on the same
 * database — the least an authenticated call can cost. Started as its own process by api.ts.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { createJwt } from '../apps/server/src/platform/auth/jwt.ts';

const { DATABASE_URL, JWT_SECRET, PORT } = process.env;
const jwt = createJwt(JWT_SECRET as string);
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const app = Fastify();

app.get('/me', async (req, reply) => {
  const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
  const caller = await jwt.verifyAccess(token);
  if (!caller) return reply.code(401).send();
  const { rows } = await pool.query({
    name: 'me',
    text: 'select id, email from users where id = $1',
    values: [caller.userId],
  });
  return rows[0];
});

await app.listen({ port: Number(PORT), host: '127.0.0.1' });
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});

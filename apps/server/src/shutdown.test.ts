import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callUrl, usersApi } from '@roomscale/shared/contract';
import { describe, expect, it } from 'vitest';
import { postgresPass } from './test/pass.ts';
import { freshPgDatabase } from './test/pgDatabase.ts';
import { freePort, signIn, startServer, stopProcess, waitReady } from './test/process.ts';

const CONNECTIONS = 50;
const ADMIN = { email: 'shutdown-admin@example.com', password: 'Shutdown123' };

type Outcome =
  | { status: number; close: boolean; retryAfter?: string; type?: string; afterSignal: boolean }
  | { error: string; reused: boolean; afterSignal: boolean };

type Target = { method: string; path: string };
/** The caller's account, read and changed: addresses from the contract. */
const readMe: Target = { method: usersApi.me.method, path: callUrl(usersApi.me) };
const editMe: Target = { method: usersApi.editMe.method, path: callUrl(usersApi.editMe) };
const readyz: Target = { method: 'GET', path: '/readyz' };

/** One request on the agent's kept-alive sockets; never rejects. */
function send(
  agent: Agent,
  port: number,
  { method, path }: Target,
  headers: Record<string, string>,
  afterSignal: () => boolean,
  body?: string,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request({ agent, host: '127.0.0.1', port, path, method, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          close: res.headers.connection === 'close',
          retryAfter: res.headers['retry-after'],
          type: res.headers['content-type'],
          afterSignal: afterSignal(),
        }),
      );
      res.on('error', (e: NodeJS.ErrnoException) =>
        resolve({
          error: e.code ?? e.message,
          reused: req.reusedSocket,
          afterSignal: afterSignal(),
        }),
      );
    });
    req.on('error', (e: NodeJS.ErrnoException) =>
      resolve({ error: e.code ?? e.message, reused: req.reusedSocket, afterSignal: afterSignal() }),
    );
    req.end(body);
  });
}

/**
 * SIGTERM while 50 kept-alive connections keep the server busy: every request the server
 * received gets an answer (its normal one, or a 503 problem with Retry-After), connections are
 * closed politely (`Connection: close`), none is reset, and the process exits 0.
 */
async function shutdownUnderLoad(databaseUrl?: string) {
  const port = await freePort();
  const server = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'rs-shutdown-')),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    await waitReady(port, server.exited);
    const token = await signIn(`http://127.0.0.1:${port}`, ADMIN);
    const auth = { authorization: `Bearer ${token}` };
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const probe = new Agent({ keepAlive: true, maxSockets: 1 });
    let signalled = false;
    const afterSignal = () => signalled;
    const outcomes: Outcome[] = [];
    const done = new Array(CONNECTIONS).fill(0);

    // Each connection alternates reads and writes until the server says it is closing.
    const workers = Array.from({ length: CONNECTIONS }, async (_, i) => {
      for (let n = 0; ; n++) {
        const o =
          n % 2 === 0
            ? await send(agent, port, readMe, auth, afterSignal)
            : await send(
                agent,
                port,
                editMe,
                { ...auth, 'content-type': 'application/json' },
                afterSignal,
                JSON.stringify({ position: `Position ${i}.${n}` }),
              );
        outcomes.push(o);
        done[i]++;
        if ('error' in o || o.close || o.status === 503) return;
      }
    });
    // Every connection accepted and in use before the signal.
    const warm = (await send(probe, port, readyz, {}, afterSignal)) as { status: number };
    expect(warm.status).toBe(200);
    while (done.some((n) => n < 2)) await new Promise((r) => setTimeout(r, 20));

    server.child.kill('SIGTERM');
    signalled = true;
    // /readyz, asked on a connection the server already holds, turns 503 at once.
    let ready: Outcome;
    do ready = await send(probe, port, readyz, {}, afterSignal);
    while ('status' in ready && ready.status === 200);
    await Promise.all(workers);
    const code = await server.exited;

    const resets = outcomes.filter((o) => 'error' in o && o.error !== 'ECONNREFUSED');
    const answered = outcomes.filter((o) => 'status' in o);
    const unexpected = answered.filter(
      (o) =>
        'status' in o &&
        !(
          o.status === 200 ||
          (o.status === 503 && o.retryAfter && o.type?.includes('problem+json'))
        ),
    );
    const inFlight = outcomes.filter((o) => o.afterSignal).length;
    return {
      code,
      resets,
      unexpected,
      ready,
      inFlight,
      total: outcomes.length,
      err: server.output().err,
    };
  } finally {
    await stopProcess(server, 'SIGKILL');
  }
}

describe('SIGTERM under load', () => {
  // The embedded default: the PGlite pass runs it; the PostgreSQL pass runs the case below.
  it.skipIf(postgresPass)(
    'answers every request received and exits 0 (PGlite)',
    async () => {
      const r = await shutdownUnderLoad();
      expect(r.resets, JSON.stringify(r.resets)).toEqual([]);
      expect(r.unexpected, JSON.stringify(r.unexpected)).toEqual([]);
      expect(r.ready).toMatchObject({ status: 503 });
      expect(r.inFlight).toBeGreaterThanOrEqual(CONNECTIONS);
      expect(r.code, r.err).toBe(0);
    },
    240_000,
  );

  it.skipIf(!postgresPass)(
    'answers every request received and exits 0 (PostgreSQL)',
    async () => {
      const db = await freshPgDatabase(process.env.TEST_PG_URL!);
      try {
        const r = await shutdownUnderLoad(db.url);
        expect(r.resets, JSON.stringify(r.resets)).toEqual([]);
        expect(r.unexpected, JSON.stringify(r.unexpected)).toEqual([]);
        expect(r.ready).toMatchObject({ status: 503 });
        expect(r.inFlight).toBeGreaterThanOrEqual(CONNECTIONS);
        expect(r.code, r.err).toBe(0);
      } finally {
        await db.drop();
      }
    },
    240_000,
  );
});

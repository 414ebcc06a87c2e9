import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
    s.on('error', fail);
  });
}

/** The address of database `name` on the PostgreSQL server at `url`. */
export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The Roomscale server as `npm run dev` starts it (no web build), with `env` on top. */
export async function startServer(dataDir: string, env: Record<string, string>) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_ARGS adds node flags to the server alone (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`,
  // which NODE_OPTIONS refuses).
  const flags = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(dataDir, 'no-web'),
      STORAGE_DRIVER: 'local',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`${origin}/livez`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, origin };
    if (child.exitCode !== null) throw new Error('the server exited');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

/** Signs in with a password (the password grant): the token answer. */
export async function passwordTokens<T extends { access_token: string }>(
  origin: string,
  email: string,
  password: string,
  scope: string,
): Promise<T> {
  const res = await fetch(`${origin}/api/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: email, password, scope }),
  });
  const body = (await res.json()) as T;
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body;
}

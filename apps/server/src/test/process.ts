import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The server's entry point, run with tsx as `npm run dev` does. */
export const mainTs = join(import.meta.dirname, '..', 'main.ts');

/** A TCP port nothing listens on at the moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Runs `script` with tsx (`args` after it) in exactly `env`, collecting its output: `exited`
 * resolves with its exit code, `closed` once its output is complete too.
 */
export function spawnTsx(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    err += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const closed = new Promise<number | null>((resolve) =>
    child.on('close', (code) => resolve(code)),
  );
  return { child, exited, closed, output: () => ({ out, err }) };
}

/** Spawns the real server process (`entry`, main.ts by default) with `env`, collecting its output. */
export function startServer(env: Record<string, string>, entry = mainTs) {
  return spawnTsx(entry, [], {
    ...process.env,
    LOG_LEVEL: 'warn',
    CHECK_RESPONSES: 'true',
    ...env,
  });
}

/** Sends `signal` to a process still running, and waits for it to exit. */
export async function stopProcess(p: ReturnType<typeof spawnTsx>, signal: NodeJS.Signals) {
  if (p.child.exitCode === null) p.child.kill(signal);
  await p.exited;
}

/** Signs in with the password grant at `origin`: the access token (a refusal throws). */
export async function signIn(origin: string, user: { email: string; password: string }) {
  const res = await fetch(`${origin}/api/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: user.email,
      password: user.password,
    }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Waits until the server on `port` answers /readyz, or fails if the process exits first. */
export async function waitReady(port: number, exited: Promise<unknown>) {
  let done = false;
  void exited.then(() => {
    done = true;
  });
  for (let i = 0; i < 900 && !done; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}

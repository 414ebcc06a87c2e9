import { execSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

export const serverEntry = join(root, 'apps/server/dist/main.js');
export const webIndex = join(root, 'apps/web/dist/index.html');

/**
 * Builds web and server when a build is missing or older than its sources (the same check as
 * `npm start`), so a journey never runs against yesterday's screens. In CI the build step ran
 * just before and this is a no-op.
 */
export function buildIfNeeded() {
  execSync('node scripts/start.mjs --build-only', { cwd: root, stdio: 'inherit' });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export type RunningServer = { url: string; stop(): Promise<void> };

/**
 * Starts the built server (`node apps/server/dist/main.js`) on a free port of 127.0.0.1 with a
 * fresh DATA_DIR (embedded PGlite), waits for /readyz, and stops it with SIGTERM.
 * It serves a private copy of the web build (WEB_DIST_DIR), so a `npm run build` running beside
 * the journeys cannot pull index.html away mid-run.
 * Its output goes to this process's stderr prefixed with [server]; LOG_LEVEL=warn keeps it quiet.
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const runDir = mkdtempSync(join(tmpdir(), 'roomscale-e2e-'));
  const dataDir = join(runDir, 'data');
  const webDir = join(runDir, 'web');
  mkdirSync(dataDir);
  cpSync(dirname(webIndex), webDir, { recursive: true });
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      LOG_LEVEL: 'warn',
      // Every answer the journeys get is checked against its contract schema.
      CHECK_RESPONSES: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const relay = (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of chunk.toString().split('\n'))
      if (line) process.stderr.write(`[server] ${line}\n`);
  };
  child.stdout!.on('data', relay);
  child.stderr!.on('data', relay);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(runDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(
        `the server exited with code ${child.exitCode} before it was ready:\n${output}`,
      );
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`the server did not become ready at ${url}/readyz within 60 s:\n${output}`);
}

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const mainTs = join(import.meta.dirname, 'main.ts');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
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
  return { child, exited, output: () => ({ out, err }) };
}

async function waitReady(port: number, exited: Promise<unknown>) {
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

describe('the server process', () => {
  it('stops with one line naming an invalid variable', async () => {
    const p = start({ PORT: 'eighty', DATA_DIR: mkdtempSync(join(tmpdir(), 'rs-main-')) });
    expect(await p.exited).toBe(1);
    const { err } = p.output();
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toContain('PORT');
  });

  it('stops with one line naming DATABASE_URL and the reason when the database cannot be reached', async () => {
    // A port nothing listens on: taken, then released.
    const closed = await freePort();
    const p = start({
      DATABASE_URL: `postgres://rs:hunter2secret@127.0.0.1:${closed}/roomscale`,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'rs-main-')),
    });
    expect(await p.exited).toBe(1);
    const { err } = p.output();
    const lines = err.trim().split('\n');
    expect(lines, err).toHaveLength(1);
    expect(lines[0]).toContain('DATABASE_URL');
    expect(lines[0]).toContain('ECONNREFUSED');
    expect(lines[0]).toContain(`127.0.0.1:${closed}`);
    // The password is not printed.
    expect(err).not.toContain('hunter2secret');
  }, 60_000);

  it('prints generated super-admin credentials once, serves, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'rs-main-'));
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
    const first = start(env);
    await waitReady(port, first.exited);
    expect(first.output().out).toMatch(
      /Created super admin admin@roomscale\.local with password \S+/,
    );
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // Second start on the same data: the admin exists, nothing is printed again.
    const second = start(env);
    await waitReady(port, second.exited);
    expect(second.output().out).not.toContain('Created super admin');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresPass } from './test/pass.ts';
import { freePort, startServer as start, waitReady } from './test/process.ts';

// The embedded default's process (no DATABASE_URL): the PGlite pass runs it (test/pass.ts).
describe.skipIf(postgresPass)('the server process', () => {
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

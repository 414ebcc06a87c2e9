import { spawn } from 'node:child_process';
import { BackupError } from './errors.ts';

const clientPackage =
  'the PostgreSQL client tools (Debian and Ubuntu: apt-get install postgresql-client)';

/** Runs a PostgreSQL client tool; its last error line becomes the one line the operator reads. */
export function runTool(
  command: 'pg_dump' | 'pg_restore',
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', (e) => {
      reject(
        (e as NodeJS.ErrnoException).code === 'ENOENT'
          ? new BackupError(`${command} was not found: install ${clientPackage}`)
          : e,
      );
    });
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const lines = stderr.split('\n').filter((l) => l.trim() !== '');
      const reason = lines.find((l) => /error:/i.test(l)) ?? lines[lines.length - 1];
      reject(new BackupError(`${command} failed (exit ${code}): ${reason ?? 'no message'}`));
    });
  });
}

/** Fails with one line before anything is written when the tool is missing. */
export function requireTool(command: 'pg_dump' | 'pg_restore'): Promise<void> {
  return runTool(command, ['--version'], process.env);
}

/**
 * The URL without its password, and an environment carrying it as PGPASSWORD: the tools'
 * command lines are visible to every user of the machine (`ps`), their environment is not.
 */
export function toolConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const env = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { url: u.toString(), env };
}

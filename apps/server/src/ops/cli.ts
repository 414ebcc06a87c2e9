import { type Config, ConfigError, loadConfig } from '../config.ts';
import { BackupError } from './backup/errors.ts';

/**
 * The server's configuration, read from the environment as the server reads it. The scripts never
 * sign anything: without JWT_SECRET a stand-in keeps loadConfig from generating the server's
 * secret into DATA_DIR (a restore into a new DATA_DIR leaves room for the old one's file).
 */
export function scriptConfig(): Config {
  return loadConfig({
    ...process.env,
    JWT_SECRET: process.env.JWT_SECRET || 'unused-by-backup-and-restore-scripts',
  });
}

/** Runs a script's body: a known failure is one line on stderr and exit 1, usage errors exit 2. */
export async function runScript(usage: string, body: (args: string[]) => Promise<void>) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  try {
    await body(args);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`${e.message}\n${usage}\n`);
      process.exit(2);
    }
    if (e instanceof BackupError || e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
}

export class UsageError extends Error {}

/** Megabytes with one decimal, for the summary lines. */
export const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

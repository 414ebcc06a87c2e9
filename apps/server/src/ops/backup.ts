// `npm run backup -- [folder]`: the database and the local files into one folder (docs/deployment.md).
import { resolve } from 'node:path';
import { backup, defaultBackupFolder } from './backup/run.ts';
import { mb, runScript, scriptConfig, UsageError } from './cli.ts';

const usage =
  'Usage: npm run backup -- [folder]   (default: DATA_DIR/backups/roomscale-<time>; the folder must be new or empty)';

await runScript(usage, async (args) => {
  const folders = args.filter((a) => !a.startsWith('-'));
  const unknown = args.find((a) => a.startsWith('-'));
  if (unknown) throw new UsageError(`Unknown option ${unknown}`);
  if (folders.length > 1) throw new UsageError('Name one folder');
  const config = scriptConfig();
  const folder = folders[0] ? resolve(folders[0]) : defaultBackupFolder(config);
  const m = await backup(config, folder);
  const files =
    m.storage.driver === 'local'
      ? `${m.storage.objects} stored files (${mb(m.storage.bytes)})`
      : `no files (they stay in the bucket ${m.storage.bucket}: back it up as docs/deployment.md says)`;
  process.stdout.write(
    `Backup written to ${folder}: the ${m.database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database at ${m.schema.lastMigration} (${mb(m.database.bytes)}) and ${files}\n`,
  );
  if (m.storage.driver === 'local' && m.storage.missing.length > 0) {
    process.stderr.write(
      `Warning: ${m.storage.missing.length} stored files the database names were not there to copy (deleted while the backup ran, or lost before); backup.json lists them\n`,
    );
  }
});

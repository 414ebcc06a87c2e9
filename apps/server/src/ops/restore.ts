// `npm run restore -- <folder> [--force]`: a backup back into an empty database and files directory.
import { resolve } from 'node:path';
import { restore } from './backup/run.ts';
import { runScript, scriptConfig, UsageError } from './cli.ts';

const usage =
  'Usage: npm run restore -- <folder> [--force]   (--force restores over a database and files that are there: docs/deployment.md)';

await runScript(usage, async (args) => {
  const folders = args.filter((a) => !a.startsWith('-'));
  const unknown = args.find((a) => a.startsWith('-') && a !== '--force');
  if (unknown) throw new UsageError(`Unknown option ${unknown}`);
  if (folders.length !== 1) throw new UsageError('Name the backup folder to restore');
  const config = scriptConfig();
  const folder = resolve(folders[0]!);
  const { manifest, applied, objects } = await restore(config, folder, {
    replace: args.includes('--force'),
  });
  process.stdout.write(
    `Restored ${folder} (taken ${manifest.createdAt}): the ${manifest.database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database at ${applied.lastMigration}` +
      `${manifest.storage.driver === 'local' ? ` and ${objects} stored files` : ''}. Start the server: it applies any newer migrations of this version.\n`,
  );
});

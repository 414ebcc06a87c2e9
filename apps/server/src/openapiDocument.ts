import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { systemClock } from './context.ts';
import type { Db } from './db/client.ts';
import { createBilling } from './modules/billing/driver.ts';
import { createJwt } from './platform/auth/jwt.ts';
import { MembershipCache } from './platform/auth/membershipCache.ts';
import { SessionCache } from './platform/auth/sessionCache.ts';
import { createStorage } from './platform/storage/index.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The OpenAPI document `/api/openapi.json` serves, built from the route definitions with the
 * default configuration, without a database or a listening server (building the routes asks
 * nothing of the database).
 */
export async function openapiDocument(): Promise<unknown> {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomscale-openapi-'));
  const config = loadConfig({
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
  });
  const noDatabase = new Proxy({} as Db, {
    get: () => {
      throw new Error('the OpenAPI document is built without a database');
    },
  });
  const storage = createStorage(config, systemClock);
  const app = await buildApp({
    config,
    db: noDatabase,
    jwt: createJwt(config.jwtSecret),
    mailer: { send: async () => {} },
    storage,
    clock: systemClock,
    log: pino({ level: 'silent' }),
    billing: createBilling(config),
    sessionCache: new SessionCache(),
    membershipCache: new MembershipCache(),
  });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await storage.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `redocly lint` of a document file with the repository's redocly.yaml (the recommended rules);
 * exit status 0 when it has no error. Offline: no telemetry, no update check.
 */
export function redoclyLint(file: string, format: 'stylish' | 'json' = 'stylish') {
  const cli = join(
    dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
    'bin/cli.js',
  );
  const run = spawnSync(
    process.execPath,
    [cli, 'lint', file, `--config=${join(root, 'redocly.yaml')}`, `--format=${format}`],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  return { status: run.status ?? 1, stdout: run.stdout, stderr: run.stderr };
}

/**
 * `tsx apps/server/src/openapiDocument.ts <file>` writes the document to the file;
 * `… --lint` (npm run lint:openapi) writes it to a temporary file and lints it.
 */
async function cli(arg: string | undefined) {
  if (!arg) throw new Error('usage: openapiDocument.ts <output file> | --lint');
  const text = `${JSON.stringify(await openapiDocument(), null, 2)}\n`;
  if (arg !== '--lint') {
    writeFileSync(arg, text);
    return 0;
  }
  const dir = mkdtempSync(join(tmpdir(), 'roomscale-openapi-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, text);
    const lint = redoclyLint(file);
    process.stdout.write(lint.stdout);
    process.stderr.write(lint.stderr);
    return lint.status;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await cli(process.argv[2]);
}

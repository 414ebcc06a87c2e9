import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { systemClock } from './context.ts';
import { type Database, DatabaseOpenError, openDatabase } from './db/client.ts';
import { createBilling, injectorOf } from './modules/billing/driver.ts';
import { advanceSimulator } from './modules/billing/simulator/api.ts';
import { simulatorWebhookHandler } from './modules/billing/simulator/delivery.ts';
import { SIMULATOR_WEBHOOK } from './modules/billing/simulator/store.ts';
import { BILLING_GRACE_END, billingGraceEndHandler } from './modules/billing/sync.ts';
import { sweepStorage } from './modules/files/cleanup.ts';
import { MEDIA_PROBE, mediaProbeHandler } from './modules/files/media.ts';
import { STORAGE_PURGE, storagePurgeHandler } from './modules/files/purge.ts';
import { LICENSES_RECONCILE, licenseReconcileHandler } from './modules/licenses/reconcile.ts';
import { ensureDefaultRoomTemplates } from './modules/roomTemplates/defaults.ts';
import { certificateExpiryHandler, SSO_CERTIFICATE_EXPIRY } from './modules/sso/expiryWarnings.ts';
import { USAGE_ROLLUP, usageRollupHandler } from './modules/usage/job.ts';
import { usageRollupSchedule } from './modules/usage/schedule.ts';
import { ensureSuperAdmin } from './modules/users/bootstrap.ts';
import { createJwt } from './platform/auth/jwt.ts';
import { MembershipCache, rememberMemberships } from './platform/auth/membershipCache.ts';
import { SessionCache } from './platform/auth/sessionCache.ts';
import { JobRunner } from './platform/jobs/runner.ts';
import { MAIL_SEND, mailSendHandler, mailsInFlight } from './platform/mail/background.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { ffmpegTools } from './platform/media/ffmpeg.ts';
import { listenMetrics } from './platform/metrics/index.ts';
import {
  queueRetentionSweep,
  RETENTION_QUEUE_EVERY_MS,
  RETENTION_SWEEP,
  retentionSweepHandler,
} from './platform/retention/job.ts';
import { createStorage, scheduleSweep } from './platform/storage/index.ts';
import { claimStorageDirectory, StorageDirectoryError } from './platform/storage/local/identity.ts';
import { stopTracing } from './platform/tracing/start.ts';

/** The web app's build, served by this same process. */
function defaultWebDist(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return resolve(here, '../../web/dist');
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const log = pino({ level: config.logLevel });
  let database: Database;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      waits: config.databaseWaits,
    });
  } catch (e) {
    if (e instanceof DatabaseOpenError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
  // Instances on one database must share one files directory (docs/deployment.md).
  if (config.storage.driver === 'local') {
    try {
      await claimStorageDirectory(database.db, config.storage.dir);
    } catch (e) {
      if (e instanceof StorageDirectoryError) {
        process.stderr.write(`${e.message}\n`);
        await database.close();
        process.exit(1);
      }
      throw e;
    }
  }
  const ctx = {
    config,
    db: database.db,
    jwt: createJwt(config.jwtSecret),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log,
      timeoutMs: config.outgoingTimeouts.smtpMs,
    }),
    storage: createStorage(config, systemClock),
    clock: systemClock,
    log,
    billing: createBilling(config),
    sessionCache: new SessionCache(),
    membershipCache: new MembershipCache(),
  };
  const stopRememberingMemberships = await rememberMemberships(database, ctx.membershipCache);
  // Instances that start together on an empty database take turns: one creates the admin.
  try {
    await database.exclusively(() =>
      ensureSuperAdmin(ctx, (line) => process.stdout.write(`${line}\n`)),
    );
  } catch (e) {
    // Another instance held the lock past MIGRATION_LOCK_TIMEOUT_SECONDS: one line, as at open.
    if (e instanceof DatabaseOpenError) {
      process.stderr.write(`${e.message}\n`);
      await database.close();
      process.exit(1);
    }
    throw e;
  }
  // First start: public room templates, so a new installation can add rooms at once.
  await ensureDefaultRoomTemplates(ctx.db, ctx.clock.now());
  const app = await buildApp(ctx, { webDist: config.webDistDir ?? defaultWebDist() });
  // Expired upload sessions and uploads no file item references, hourly.
  const stopSweep = scheduleSweep(
    () => sweepStorage(ctx, ctx.clock.now()),
    (err) => log.warn({ err }, 'storage sweep failed'),
  );
  // Background jobs (media processing, mails to retry): durable rows any instance may claim.
  const mediaTools = ffmpegTools();
  if (!(await mediaTools.available()) || !(await mediaTools.canTranscode())) {
    log.warn(
      'ffprobe/ffmpeg not found: uploaded videos and audio (or videos that need transcoding) will be marked Failed',
    );
  }
  const jobRunner = new JobRunner(ctx.db, ctx.clock, log, {
    [MEDIA_PROBE]: mediaProbeHandler(ctx, mediaTools),
    [MAIL_SEND]: mailSendHandler(ctx),
    [STORAGE_PURGE]: storagePurgeHandler(ctx),
    [LICENSES_RECONCILE]: licenseReconcileHandler(ctx),
    [SIMULATOR_WEBHOOK]: simulatorWebhookHandler(ctx, () => injectorOf(app)),
    [BILLING_GRACE_END]: billingGraceEndHandler(ctx),
    [SSO_CERTIFICATE_EXPIRY]: certificateExpiryHandler(ctx),
    [RETENTION_SWEEP]: retentionSweepHandler(ctx),
    [USAGE_ROLLUP]: usageRollupHandler(ctx),
  });
  // The built-in payment simulator's time: renewals and period ends as the clock passes them.
  const stopSimulatorClock =
    ctx.billing.mode === 'simulator'
      ? scheduleSweep(
          () => advanceSimulator(ctx),
          (err) => log.warn({ err }, 'billing simulator clock failed'),
          60_000,
        )
      : () => {};
  // Rows past their retention, hourly: each instance queues the hour's one sweep job every few
  // minutes (the first queue wins), and one instance runs it (platform/retention).
  const stopRetention = scheduleSweep(
    () => queueRetentionSweep(ctx.db, ctx.clock.now()),
    (err) => log.warn({ err }, 'retention sweep not queued'),
    RETENTION_QUEUE_EVERY_MS,
  );
  // Usage facts summed into daily totals, hourly (USAGE_ROLLUP_EVERY_SECONDS), the same way
  // (modules/usage, docs/usage.md).
  const usageRollup = usageRollupSchedule(config.usage.rollupEverySeconds);
  const stopUsageRollup = scheduleSweep(
    () => usageRollup.queue(ctx.db, ctx.clock.now()),
    (err) => log.warn({ err }, 'usage rollup not queued'),
    usageRollup.queueEveryMs,
  );
  jobRunner.start();

  // Prometheus metrics on a port of their own (METRICS_PORT, docs/deployment.md "Monitoring").
  const metricsPort = config.metrics.port;
  const metricsListener =
    app.metrics && metricsPort !== undefined
      ? await listenMetrics(app.metrics, { host: config.metrics.host, port: metricsPort }).catch(
          (e: Error) => {
            process.stderr.write(`${e.message}\n`);
            process.exit(1);
          },
        )
      : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    // No job is claimed from now on; those running have SHUTDOWN_GRACE_MS, alongside the drain,
    // to finish, then are handed back to the queue for another instance (docs/deployment.md).
    const jobsStopped = jobRunner.stop(config.shutdownGraceMs);
    // /readyz turns 503 and the listener closes at once; every request already received is
    // answered (uploads finish their chunk) with `Connection: close`, then the connections end.
    await app.drain();
    stopSweep();
    stopRetention();
    stopUsageRollup();
    stopSimulatorClock();
    await jobsStopped;
    // Mails handed to the mailer are recorded before the database goes.
    await mailsInFlight();
    await app.close();
    await metricsListener?.close();
    await ctx.storage.close();
    await stopRememberingMemberships();
    await database.close();
    // The spans of the last requests and jobs, still buffered, go to the collector.
    await stopTracing();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  log.info(
    {
      url: config.publicUrl,
      database: database.kind,
      mail: config.smtpUrl ? 'smtp' : 'files',
      storage: config.storage.driver,
      rateLimits: config.redisUrl ? 'redis' : 'database',
    },
    `Roomscale is running at ${config.publicUrl}`,
  );
}

void main();

import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { billingLimits, type PlanInterval, usageLimits } from '@roomscale/shared';
import { z } from 'zod';

/**
 * How long the server waits on its database, each bound an environment variable (config below,
 * docs/deployment.md "Bounded waits"). A request meets a database that stopped answering as a
 * 503 within a few seconds instead of holding until TCP gives up (minutes); the API's statements
 * take milliseconds, so five seconds cuts only one that would have failed its caller anyway.
 */
export const databaseWaitDefaults = {
  statementTimeoutMs: 5000,
  /** The client's own bound: the statement timeout plus this margin, unless set. */
  queryTimeoutMarginMs: 1000,
  /** Frees the locks of a transaction whose client went silent (a black-holed network). */
  idleInTransactionTimeoutMs: 30_000,
  /** Waiting for a pool connection, or for a new connection to be made. */
  connectTimeoutMs: 5000,
  /** TCP keepalive probes start after a connection has been silent this long. */
  keepAliveDelayMs: 10_000,
  /** /readyz's ping: a probe must get its answer sooner than any request would. */
  readyTimeoutMs: 2000,
  migrationLockTimeoutSeconds: 600,
} as const;

export type DatabaseWaits = {
  statementTimeoutMs: number;
  queryTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  connectTimeoutMs: number;
  keepAliveDelayMs: number;
  readyTimeoutMs: number;
  migrationLockTimeoutSeconds: number;
};

/**
 * How long a call to another system may take (docs/deployment.md "Outgoing calls"); each is an
 * environment variable. Meta's is META_TIMEOUT_MS, an identity provider's metadata fetch
 * `security.samlMetadata.fetchTimeoutMs`, Redis's one second in platform/rateLimit/redis.ts.
 */
export const outgoingTimeoutDefaults = {
  smtpMs: 10_000,
  stripeMs: 10_000,
  gcsMs: 30_000,
} as const;

/** Environment variables, parsed once at start. Invalid values stop the start with one clear line. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Roomscale <no-reply@roomscale.local>'),
  /** SMTP: the connection, the greeting and each wait for an answer (docs/deployment.md). */
  SMTP_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(300_000)
    .default(outgoingTimeoutDefaults.smtpMs),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * At SIGTERM, how long background jobs still running may finish before they are handed back
   * to the queue (docs/deployment.md "Stopping"). Runs alongside the requests' 25 s drain.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(3_600_000).default(20_000),
  CHECK_RESPONSES: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, 'must be false, true or a number of proxies (0 to 99)')
    .default('false'),
  AVATAR_BUILDER_URL: z.url().optional(),
  TUTORIALS_URL: z.url().optional(),
  PATCH_NOTES_URL: z.url().optional(),
  SUPPORT_URL: z.url().optional(),
  WEBSITE_URL: z.url().optional(),
  BLOG_URL: z.url().optional(),
  TERMS_URL: z.url().optional(),
  PRIVACY_URL: z.url().optional(),
  CHANGELOG_URL: z.url().optional(),
  CONTACT_PHONE: z
    .string()
    .regex(/^\+?[\d\s().-]{5,30}$/, 'must be a phone number')
    .optional(),
  SUPPORT_EMAIL: z.email().optional(),
  SALES_EMAIL: z.email().optional(),
  META_STORE_URL: z.url().optional(),
  PICO_APK_URL: z.url().optional(),
  WINDOWS_INSTALLER_URL: z.url().optional(),
  WEB_DIST_DIR: z.string().optional(),
  META_APP_ID: z
    .string()
    .regex(/^\d{1,30}$/, 'must be the numeric id of the Meta app')
    .optional(),
  META_APP_SECRET: z.string().min(8).optional(),
  /** The Meta developer organization (team) that owns the app: Meta's sign-in page names it. */
  META_ORGANIZATION_ID: z
    .string()
    .regex(/^\d{1,30}$/, 'must be the numeric id of the Meta organization')
    .optional(),
  /** How long one call to Meta may take before linking answers that Meta is unavailable. */
  META_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Meta's Graph API; tests point it at a local stand-in. */
  META_GRAPH_URL: z.url().default('https://graph.oculus.com'),
  /** Meta's sign-in page that returns to /sso/oculus; tests point it at a local stand-in. */
  META_AUTH_URL: z.url().default('https://auth.oculus.com/sso/'),
  /** Stripe (docs/billing.md): all of these, or none for the built-in simulator. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a webhook signing secret')
    .optional(),
  STRIPE_PRODUCT_ID: z
    .string()
    .regex(/^prod_/, 'must be a product id')
    .optional(),
  STRIPE_PRICE_WEEKLY: z
    .string()
    .regex(/^price_/, 'must be a price id')
    .optional(),
  STRIPE_PRICE_MONTHLY: z
    .string()
    .regex(/^price_/, 'must be a price id')
    .optional(),
  STRIPE_PRICE_YEARLY: z
    .string()
    .regex(/^price_/, 'must be a price id')
    .optional(),
  /** One request to Stripe, each of its retries again (docs/deployment.md "Outgoing calls"). */
  STRIPE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(120_000)
    .default(outgoingTimeoutDefaults.stripeMs),
  /**
   * Days a team keeps the licenses of a renewal that was not paid (the subscription past due)
   * before they drop to zero (docs/billing.md).
   */
  BILLING_GRACE_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(billingLimits.renewalGraceDays),
  STORAGE_DRIVER: z.enum(['local', 'gcs']).default('local'),
  GCS_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/, 'must be a bucket name')
    .optional(),
  GCS_PROJECT_ID: z.string().min(1).optional(),
  /** One request to Cloud Storage until its answer starts (docs/deployment.md "Outgoing calls"). */
  GCS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(outgoingTimeoutDefaults.gcsMs),
  /**
   * Bounded waits on every PostgreSQL connection (docs/deployment.md, "Bounded waits"): the
   * server cancels a statement after DATABASE_STATEMENT_TIMEOUT_MS; the client gives up a query
   * whose answer does not come (a network that drops packets, where the server's own timeout
   * never reaches us) after DATABASE_QUERY_TIMEOUT_MS, a little later so the server's cancel
   * normally comes first and keeps the connection.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(databaseWaitDefaults.statementTimeoutMs),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(databaseWaitDefaults.idleInTransactionTimeoutMs),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(databaseWaitDefaults.connectTimeoutMs),
  DATABASE_KEEPALIVE_DELAY_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(3_600_000)
    .default(databaseWaitDefaults.keepAliveDelayMs),
  DATABASE_READY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(databaseWaitDefaults.readyTimeoutMs),
  /** How long a starting instance waits for another one's migrations (docs/deployment.md). */
  MIGRATION_LOCK_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(databaseWaitDefaults.migrationLockTimeoutSeconds),
  /**
   * Days the audit log keeps an entry; unset keeps every entry (docs/deployment.md "Tables that
   * grow, and their retention"). The hourly retention sweep deletes older ones.
   */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
  /**
   * Usage facts (docs/usage.md): `false` records none (the daily totals then stay empty). Their
   * raw rows are kept USAGE_FACT_RETENTION_DAYS days; the daily totals for ever.
   */
  USAGE_FACTS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  USAGE_FACT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(7)
    .max(36_500)
    .default(usageLimits.factRetentionDays),
  /**
   * Seconds between runs of the usage rollup (default usageLimits.rollupEverySeconds, hourly).
   * A few seconds lets a journey or a demo see its facts summed at once (e2e/global-setup.ts).
   */
  USAGE_ROLLUP_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(usageLimits.rollupEverySeconds),
  /** Request rate limits counted in Redis instead of PostgreSQL (docs/deployment.md). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Prometheus metrics on a port of their own (docs/deployment.md "Monitoring"). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Where the metrics port listens: this machine only unless told otherwise. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Prometheus metrics on the public port, for `Authorization: Bearer <token>` only. */
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[A-Za-z0-9._~+/=-]{32,200}$/,
      'must be 32 to 200 token characters (A-Z a-z 0-9 . _ ~ + / = -)',
    )
    .optional(),
});

/** Local disk under DATA_DIR/files, or a Google Cloud Storage bucket. */
export type StorageConfig =
  | { driver: 'local'; dir: string }
  | { driver: 'gcs'; bucket: string; projectId: string | undefined };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Timeouts of the database connections (PostgreSQL; /readyz's bound applies to PGlite too). */
  databaseWaits: DatabaseWaits;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  admin: { email: string; password: string } | { email: undefined; password: undefined };
  jwtSecret: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Each answer is also validated by its zod schema (the tests do this; platform/http/serializer.ts). */
  checkResponses: boolean;
  /**
   * How many proxies in front of the server append to X-Forwarded-For: the client address is
   * the one that many entries from the right (0: the socket's address, the header is ignored).
   */
  trustProxyHops: number;
  avatarBuilderUrl: string | undefined;
  tutorialsUrl: string | undefined;
  patchNotesUrl: string | undefined;
  links: LinksConfig;
  webDistDir: string | undefined;
  storage: StorageConfig;
  /** Linking Meta accounts (docs/linked-accounts.md); undefined when the app is not configured. */
  meta: MetaConfig | undefined;
  /** Where request rate limits are counted: Redis when set, else the database. */
  redisUrl: string | undefined;
  /** Stripe (docs/billing.md); undefined runs the built-in Stripe-compatible simulator. */
  stripe: StripeConfig | undefined;
  /** Days an unpaid renewal keeps its licenses (BILLING_GRACE_DAYS, docs/billing.md). */
  billingGraceDays: number;
  /** How long a call to SMTP, Stripe or Cloud Storage may take. */
  outgoingTimeouts: OutgoingTimeouts;
  /** How long running jobs may finish at SIGTERM before they are handed back (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** Days the audit log keeps an entry (AUDIT_RETENTION_DAYS); undefined keeps them all. */
  auditRetentionDays: number | undefined;
  /**
   * Usage facts (docs/usage.md): recorded at all (USAGE_FACTS), their raw rows' days, and the
   * seconds between rollups (USAGE_ROLLUP_EVERY_SECONDS).
   */
  usage: { record: boolean; factRetentionDays: number; rollupEverySeconds: number };
  /** Prometheus metrics: collected only when served on their own port, or on the public port behind a token. */
  metrics: MetricsConfig;
};

export type MetricsConfig = {
  /** METRICS_PORT: its own listener, without authentication (keep it off the public network). */
  port: number | undefined;
  host: string;
  /** METRICS_TOKEN: `/metrics` on the public port, for this bearer token only. */
  token: string | undefined;
};

/** Timeouts of outgoing calls (SMTP_TIMEOUT_MS, STRIPE_TIMEOUT_MS, GCS_TIMEOUT_MS). */
export type OutgoingTimeouts = { smtpMs: number; stripeMs: number; gcsMs: number };

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  productId: string;
  prices: Record<PlanInterval, string>;
};

export type MetaConfig = {
  appId: string;
  appSecret: string;
  organizationId: string;
  graphUrl: string;
  authUrl: string;
  timeoutMs: number;
};

/**
 * Where the dashboard links outside itself. Unset links are not shown (website, blog, contacts,
 * app builds) or lead to this server's own page (support, terms, privacy): a fresh install has
 * no link that leads nowhere.
 */
export type LinksConfig = {
  support: string | undefined;
  website: string | undefined;
  blog: string | undefined;
  terms: string | undefined;
  privacy: string | undefined;
  changelog: string | undefined;
  contact: {
    phone: string | undefined;
    supportEmail: string | undefined;
    salesEmail: string | undefined;
  };
  downloads: {
    metaStore: string | undefined;
    picoApk: string | undefined;
    windowsInstaller: string | undefined;
  };
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => k in envSchema.shape && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      `Invalid configuration: ${e.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'} must be set together with ${e.ADMIN_EMAIL ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD'}`,
    );
  }
  const metaVars = ['META_APP_ID', 'META_APP_SECRET', 'META_ORGANIZATION_ID'] as const;
  const metaSet = metaVars.filter((k) => e[k] !== undefined);
  if (metaSet.length > 0 && metaSet.length < metaVars.length) {
    const missing = metaVars.find((k) => e[k] === undefined)!;
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set together with ${metaSet.join(' and ')}`,
    );
  }
  const stripeSet = stripeVars.filter((k) => e[k] !== undefined);
  if (stripeSet.length > 0 && stripeSet.length < stripeVars.length) {
    const missing = stripeVars.find((k) => e[k] === undefined)!;
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set together with ${stripeSet.join(' and ')}`,
    );
  }
  if (e.STORAGE_DRIVER === 'gcs' && !e.GCS_BUCKET) {
    throw new ConfigError(
      'Invalid configuration: GCS_BUCKET must be set when STORAGE_DRIVER is gcs',
    );
  }
  const queryTimeoutMs =
    e.DATABASE_QUERY_TIMEOUT_MS ??
    e.DATABASE_STATEMENT_TIMEOUT_MS + databaseWaitDefaults.queryTimeoutMarginMs;
  if (queryTimeoutMs <= e.DATABASE_STATEMENT_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_QUERY_TIMEOUT_MS must be longer than DATABASE_STATEMENT_TIMEOUT_MS',
    );
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('Invalid configuration: METRICS_PORT must differ from PORT');
  }
  const dataDir = resolve(e.DATA_DIR);
  const linkHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseWaits: {
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      queryTimeoutMs,
      idleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      keepAliveDelayMs: e.DATABASE_KEEPALIVE_DELAY_MS,
      readyTimeoutMs: e.DATABASE_READY_TIMEOUT_MS,
      migrationLockTimeoutSeconds: e.MIGRATION_LOCK_TIMEOUT_SECONDS,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://${linkHost}:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : { email: undefined, password: undefined },
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    checkResponses: e.CHECK_RESPONSES === 'true',
    trustProxyHops: trustProxyHops(e.TRUST_PROXY),
    avatarBuilderUrl: e.AVATAR_BUILDER_URL,
    tutorialsUrl: e.TUTORIALS_URL,
    patchNotesUrl: e.PATCH_NOTES_URL,
    links: {
      support: e.SUPPORT_URL?.replace(/\/+$/, ''),
      website: e.WEBSITE_URL,
      blog: e.BLOG_URL,
      terms: e.TERMS_URL,
      privacy: e.PRIVACY_URL,
      changelog: e.CHANGELOG_URL,
      contact: { phone: e.CONTACT_PHONE, supportEmail: e.SUPPORT_EMAIL, salesEmail: e.SALES_EMAIL },
      downloads: {
        metaStore: e.META_STORE_URL,
        picoApk: e.PICO_APK_URL,
        windowsInstaller: e.WINDOWS_INSTALLER_URL,
      },
    },
    webDistDir: e.WEB_DIST_DIR,
    storage:
      e.STORAGE_DRIVER === 'gcs' && e.GCS_BUCKET
        ? { driver: 'gcs', bucket: e.GCS_BUCKET, projectId: e.GCS_PROJECT_ID }
        : { driver: 'local', dir: join(dataDir, 'files') },
    meta:
      e.META_APP_ID && e.META_APP_SECRET && e.META_ORGANIZATION_ID
        ? {
            appId: e.META_APP_ID,
            appSecret: e.META_APP_SECRET,
            organizationId: e.META_ORGANIZATION_ID,
            graphUrl: e.META_GRAPH_URL.replace(/\/+$/, ''),
            authUrl: e.META_AUTH_URL,
            timeoutMs: e.META_TIMEOUT_MS,
          }
        : undefined,
    redisUrl: e.REDIS_URL,
    billingGraceDays: e.BILLING_GRACE_DAYS,
    outgoingTimeouts: {
      smtpMs: e.SMTP_TIMEOUT_MS,
      stripeMs: e.STRIPE_TIMEOUT_MS,
      gcsMs: e.GCS_TIMEOUT_MS,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    usage: {
      record: e.USAGE_FACTS === 'true',
      factRetentionDays: e.USAGE_FACT_RETENTION_DAYS,
      rollupEverySeconds: e.USAGE_ROLLUP_EVERY_SECONDS,
    },
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    stripe:
      e.STRIPE_SECRET_KEY &&
      e.STRIPE_PUBLISHABLE_KEY &&
      e.STRIPE_WEBHOOK_SECRET &&
      e.STRIPE_PRODUCT_ID &&
      e.STRIPE_PRICE_WEEKLY &&
      e.STRIPE_PRICE_MONTHLY &&
      e.STRIPE_PRICE_YEARLY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            productId: e.STRIPE_PRODUCT_ID,
            prices: {
              week: e.STRIPE_PRICE_WEEKLY,
              month: e.STRIPE_PRICE_MONTHLY,
              year: e.STRIPE_PRICE_YEARLY,
            },
          }
        : undefined,
  };
}

const stripeVars = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRODUCT_ID',
  'STRIPE_PRICE_WEEKLY',
  'STRIPE_PRICE_MONTHLY',
  'STRIPE_PRICE_YEARLY',
] as const;

/** `true` means one proxy: trusting every hop would take the client's own first entry. */
function trustProxyHops(value: string): number {
  if (value === 'false') return 0;
  if (value === 'true') return 1;
  return Number(value);
}

/** Generated once and kept in DATA_DIR so tokens survive a restart. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/**
 * OpenTelemetry tracing (docs/deployment.md "Tracing"): read by the process's entry before the
 * server's modules load, so on only when OTEL_EXPORTER_OTLP_ENDPOINT is set. The SDK reads the
 * other standard OTEL_* variables itself.
 */
const tracingEnvSchema = z.object({
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(200).default('roomscale'),
});

export type TracingConfig = { otlpEndpoint: string | undefined; serviceName: string };

export function loadTracingConfig(env: NodeJS.ProcessEnv = process.env): TracingConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => k in tracingEnvSchema.shape && v !== ''),
  );
  const parsed = tracingEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  return {
    otlpEndpoint: parsed.data.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: parsed.data.OTEL_SERVICE_NAME,
  };
}

import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { billingLimits, type PlanInterval } from '@roomscale/shared';
import { z } from 'zod';

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
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  /** Request rate limits counted in Redis instead of PostgreSQL (docs/deployment.md). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
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
};

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
  const dataDir = resolve(e.DATA_DIR);
  const linkHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
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

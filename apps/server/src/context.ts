import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/types.ts';
import type { Billing } from './modules/billing/types.ts';
import type { Jwt } from './platform/auth/jwt.ts';
import type { MembershipCache } from './platform/auth/membershipCache.ts';
import type { SessionCache } from './platform/auth/sessionCache.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import type { Metrics } from './platform/metrics/types.ts';
import type { Storage } from './platform/storage/types.ts';

/** A clock services read the time from, so tests can move it. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** What every module gets: configuration, database, and the platform services. */
export type AppContext = {
  config: Config;
  db: Db;
  jwt: Jwt;
  mailer: Mailer;
  storage: Storage;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The payment provider: Stripe, or the built-in simulator (modules/billing/driver.ts). */
  billing: Billing;
  /** Live sessions the access check confirmed a moment ago (platform/auth/sessionCache.ts). */
  sessionCache: SessionCache;
  /**
   * Active memberships the access check read a moment ago (platform/auth/membershipCache.ts);
   * it serves only while `rememberMemberships` feeds it.
   */
  membershipCache: MembershipCache;
  /** Prometheus instruments; set by buildApp when metrics are served (platform/metrics). */
  metrics?: Metrics;
};

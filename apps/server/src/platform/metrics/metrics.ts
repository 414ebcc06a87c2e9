import { SsoRefusalReasons, usageFactKinds } from '@roomscale/shared';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../../context.ts';
import { probeOf } from '../../db/probe.ts';
import { LocalStorage } from '../storage/local/local-storage.ts';
import { readQueueState, type ScrapeSources } from './scrape.ts';
import type { Metrics } from './types.ts';

export type { Metrics };

/** What a webhook delivery came to (modules/billing/webhook.ts); `failed` threw. */
export const webhookOutcomes = ['applied', 'ignored', 'duplicate', 'failed'] as const;
export type WebhookOutcome = (typeof webhookOutcomes)[number];

export function createMetrics(ctx: Pick<AppContext, 'db' | 'clock' | 'storage' | 'log'>): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const http = new Histogram({
    name: 'roomscale_http_request_duration_seconds',
    help: 'HTTP requests by route pattern (unmatched: no route), method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const rateLimitRefusals = new Counter({
    name: 'roomscale_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a route rate limit, by route pattern',
    labelNames: ['route'] as const,
    registers,
  });
  const ssoRefusals = new Counter({
    name: 'roomscale_sso_refusals_total',
    help: 'Single sign-on responses refused, by reason',
    labelNames: ['reason'] as const,
    registers,
  });
  for (const reason of SsoRefusalReasons) ssoRefusals.inc({ reason }, 0);
  const usageFactsLost = new Counter({
    name: 'roomscale_usage_facts_lost_total',
    help: 'Usage facts not recorded, by kind (checkIn, meetingJoin, roomChange) and reason (failed: the insert failed; dropped: too many were held)',
    labelNames: ['kind', 'reason'] as const,
    registers,
  });
  for (const kind of usageFactKinds) {
    for (const reason of ['failed', 'dropped']) usageFactsLost.inc({ kind, reason }, 0);
  }
  const webhookReceived = new Counter({
    name: 'roomscale_billing_webhook_received_total',
    help: "Payment provider events received (signature and shape checked; refused ones are the webhook route's 4xx)",
    registers,
  });
  const webhookEvents = new Counter({
    name: 'roomscale_billing_webhook_events_total',
    help: 'Payment provider events by outcome: applied, ignored (no team), duplicate, failed',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of webhookOutcomes) webhookEvents.inc({ outcome }, 0);
  const webhookLag = new Histogram({
    name: 'roomscale_billing_webhook_lag_seconds',
    help: 'From the event created at the payment provider to it applied here',
    buckets: [1, 5, 15, 30, 60, 300, 900, 3600, 21600, 86400],
    registers,
  });

  const probe = probeOf(ctx.db);
  if (probe) {
    const queries = new Histogram({
      name: 'roomscale_db_query_duration_seconds',
      help: 'Database statements, from sent to answered',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    probe.onQuery = (seconds) => queries.observe(seconds);
    const stats = probe.pool;
    if (stats) {
      new Gauge({
        name: 'roomscale_db_pool_connections',
        help: 'Database pool connections: in_use, idle, and max (the pool size)',
        labelNames: ['state'] as const,
        registers,
        collect() {
          const s = stats();
          this.set({ state: 'in_use' }, s.total - s.idle);
          this.set({ state: 'idle' }, s.idle);
          this.set({ state: 'max' }, s.max);
        },
      });
      new Gauge({
        name: 'roomscale_db_pool_waiting',
        help: 'Queries waiting for a database pool connection',
        registers,
        collect() {
          this.set(stats().waiting);
        },
      });
    }
  }

  const sources = queueGauges(registers, ctx.storage instanceof LocalStorage);
  return {
    registry,
    http,
    rateLimitRefusals,
    ssoRefusals,
    usageFactsLost,
    webhookReceived,
    webhookEvents,
    webhookLag,
    contentType: registry.contentType,
    async render() {
      await readQueueState(ctx, sources);
      return registry.metrics();
    },
    close() {
      if (probe) probe.onQuery = null;
    },
  };
}

/** The gauges set at scrape time (scrape.ts). */
function queueGauges(registers: Registry[], localStorage: boolean): ScrapeSources {
  return {
    jobs: new Gauge({
      name: 'roomscale_jobs',
      help: 'Background jobs not succeeded, by kind and state: queued (due), scheduled (later), running, failed',
      labelNames: ['kind', 'state'] as const,
      registers,
    }),
    oldestDue: new Gauge({
      name: 'roomscale_jobs_oldest_due_age_seconds',
      help: 'How long the oldest queued job has been due (0: none waiting)',
      registers,
    }),
    mailOutbox: new Gauge({
      name: 'roomscale_mail_outbox',
      help: 'Mails not sent yet (waiting: queued or being sent) and given up (failed)',
      labelNames: ['state'] as const,
      registers,
    }),
    uploadSessions: localStorage
      ? new Gauge({
          name: 'roomscale_upload_sessions',
          help: 'Resumable upload sessions still taking bytes (expired ones until the hourly sweep)',
          registers,
        })
      : null,
    databaseUp: new Gauge({
      name: 'roomscale_metrics_database_up',
      help: "1 when this scrape's queue queries answered, 0 when they failed",
      registers,
    }),
  };
}

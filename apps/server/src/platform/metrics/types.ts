import type { Counter, Histogram, Registry } from 'prom-client';

/**
 * The metrics of one app, in a registry of its own (several apps run in one test process).
 * Counters and histograms are written where things happen; the queues (jobs, mail outbox,
 * upload sessions) are read at scrape time by `render`, never on a request's path.
 * docs/deployment.md "Monitoring: metrics and alerts" lists every family.
 */
export type Metrics = {
  registry: Registry;
  http: Histogram<'route' | 'method' | 'status_class'>;
  rateLimitRefusals: Counter<'route'>;
  ssoRefusals: Counter<'reason'>;
  /** Usage facts not recorded (modules/usage): `failed` inserts, `dropped` while too many were held. */
  usageFactsLost: Counter<'kind' | 'reason'>;
  webhookReceived: Counter;
  webhookEvents: Counter<'outcome'>;
  webhookLag: Histogram;
  /** The text Prometheus reads, with the queues read now. */
  render(): Promise<string>;
  contentType: string;
  /** Stops timing the database's statements. */
  close(): void;
};

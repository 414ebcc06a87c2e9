import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';

/**
 * The id of a periodic job's run for one period: derived from its kind and the period's start
 * (a UUID v5 shape), so every instance that queues it queues the same row, and the runner's
 * claim (`FOR UPDATE SKIP LOCKED`) gives it to one of them.
 */
export function periodJobId(kind: string, periodStart: Date): string {
  const h = createHash('sha256').update(`${kind}:${periodStart.toISOString()}`).digest('hex');
  const variant = (8 | (Number.parseInt(h[16]!, 16) & 3)).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The start of the period of `everySeconds` that `now` falls in. */
export const periodStart = (now: Date, everySeconds: number) => {
  const every = everySeconds * 1000;
  return new Date(Math.floor(now.getTime() / every) * every);
};

/**
 * Queues the run of `kind` for the period `now` falls in, unless an instance already did; true
 * when this call queued it. Instances call it several times a period (a timer that drifts past
 * a period's end never skips one); all but the first do nothing.
 */
export async function queuePeriodJob(
  db: Db,
  kind: string,
  everySeconds: number,
  now: Date,
): Promise<boolean> {
  const period = periodStart(now, everySeconds);
  const at = now.toISOString();
  const res = await db.execute(sql`insert into ${jobs} (id, kind, payload, run_at, created, updated)
    values (${periodJobId(kind, period)}::uuid, ${kind}, ${JSON.stringify({ period: period.toISOString() })}::jsonb,
      ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz)
    on conflict (id) do nothing
    returning id`);
  return (res as unknown as { rows: unknown[] }).rows.length === 1;
}

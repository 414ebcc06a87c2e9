import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema.ts';
import type { HitCounter, Hits } from './store.ts';

/** How often an instance deletes the rows of windows that ended (on its next hit). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Rate-limit counters in the `rate_limits` table, shared by every instance on the database.
 *
 * One statement counts a hit: `INSERT … ON CONFLICT (key) DO UPDATE … RETURNING`. Two instances
 * counting the same key at once meet on the primary key: the second waits for the first's row
 * and then updates it, so each hit is counted exactly once. A window that ended is restarted by
 * the same statement. Times are the database's (`now()`), so instances whose clocks differ
 * still agree on when a window ends.
 *
 * Rows of ended windows are deleted lazily: after a hit, at most once a minute per instance,
 * in the background. A hit racing the delete is safe either way: the delete skips a row that
 * the hit has just restarted, and a hit after the delete inserts a fresh row.
 *
 * Works on PGlite too (one connection: each hit is one more short statement in its queue).
 */
export class PostgresHitCounter implements HitCounter {
  private nextSweepAt = 0;
  private sweeping: Promise<void> | null = null;

  /**
   * @param db read on every hit, so it follows the application context's database
   * @param onSweepError a failed sweep is logged; the next one is a minute later
   */
  constructor(
    private readonly db: () => Db,
    private readonly onSweepError: (err: unknown) => void,
    private readonly sweepEveryMs = SWEEP_EVERY_MS,
  ) {}

  async hit(key: string, windowMs: number): Promise<Hits> {
    const ended = sql`${rateLimits.expiresAt} <= now()`;
    const [row] = await this.db()
      .insert(rateLimits)
      .values({
        key,
        hits: 1,
        windowStart: sql`now()`,
        expiresAt: sql`now() + ${Math.ceil(windowMs)}::integer * interval '1 millisecond'`,
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
          windowStart: sql`case when ${ended} then excluded.window_start else ${rateLimits.windowStart} end`,
          expiresAt: sql`case when ${ended} then excluded.expires_at else ${rateLimits.expiresAt} end`,
        },
      })
      .returning({
        current: rateLimits.hits,
        ttl: sql<number>`ceil(extract(epoch from ${rateLimits.expiresAt} - now()) * 1000)::integer`,
      });
    this.sweepWhenDue();
    if (!row) throw new Error('rate limit upsert returned no row');
    return { current: row.current, ttl: Math.max(0, Number(row.ttl)) };
  }

  /** Deletes the rows of every window that has ended. */
  async sweep(): Promise<void> {
    await this.db().delete(rateLimits).where(lt(rateLimits.expiresAt, sql`now()`));
  }

  async close(): Promise<void> {
    await this.sweeping;
  }

  private sweepWhenDue() {
    const now = Date.now();
    if (this.sweeping || now < this.nextSweepAt) return;
    this.nextSweepAt = now + this.sweepEveryMs;
    this.sweeping = this.sweep()
      .catch(this.onSweepError)
      .finally(() => {
        this.sweeping = null;
      });
  }
}

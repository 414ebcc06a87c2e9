import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Built, builtStatement, runBuilt } from '../../db/direct.ts';
import { rateLimits } from '../../db/schema.ts';
import type { HitCounter, Hits } from './store.ts';

/** How often an instance deletes the rows of windows that ended (on its next hit). */
const SWEEP_EVERY_MS = 60_000;

type HitValues = { key: string; windowMs: number };

/**
 * The statement counting a hit, built once per database and run on the driver as a named
 * statement (db/direct.ts): every limited call runs it, and drizzle built, and PostgreSQL
 * planned, it on every one.
 */
function hitStatement(db: Db): Built<HitValues> {
  const ended = sql`${rateLimits.expiresAt} <= now()`;
  const query = db
    .insert(rateLimits)
    .values({
      key: sql`${sql.placeholder('key')}`,
      hits: 1,
      windowStart: sql`now()`,
      expiresAt: sql`now() + ${sql.placeholder('windowMs')}::integer * interval '1 millisecond'`,
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
  return builtStatement<HitValues>('rate_limit_hit', query.getSQL());
}

const hitStatements = new WeakMap<Db, Built<HitValues>>();
function hitStatementOf(db: Db): Built<HitValues> {
  let statement = hitStatements.get(db);
  if (!statement) {
    statement = hitStatement(db);
    hitStatements.set(db, statement);
  }
  return statement;
}

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
 *
 * The table is unlogged (migration 0029): a counter needs no durability, and a logged upsert
 * waited for its write-ahead log flush on every limited call.
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
    const db = this.db();
    const [row] = await runBuilt(db, hitStatementOf(db), { key, windowMs: Math.ceil(windowMs) });
    this.sweepWhenDue();
    if (!row) throw new Error('rate limit upsert returned no row');
    return { current: Number(row[0]), ttl: Math.max(0, Number(row[1])) };
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

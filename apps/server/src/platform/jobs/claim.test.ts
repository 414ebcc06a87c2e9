import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../context.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { jobs } from '../../db/schema.ts';
import { freshPgDatabase } from '../../test/pgDatabase.ts';
import { enqueueJob, JobRunner } from './runner.ts';

/**
 * Several instances share one queue: runners on two connection pools (two instances) with
 * several workers each race for the same rows, and every job runs exactly once.
 */
describe.skipIf(!process.env.TEST_PG_URL)('jobs claimed by two instances', () => {
  let fresh: Awaited<ReturnType<typeof freshPgDatabase>>;
  let one: Database;
  let two: Database;
  beforeAll(async () => {
    fresh = await freshPgDatabase(process.env.TEST_PG_URL!);
    one = await openDatabase({ url: fresh.url });
    two = await openDatabase({ url: fresh.url });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await fresh?.drop();
  });

  it('runs every job once, whichever instance claims it', async () => {
    const count = 60;
    for (let n = 0; n < count; n++) {
      await enqueueJob(one.db, 'test.once', { n }, systemClock.now());
    }
    const ran: number[] = [];
    const handlers = {
      'test.once': async (job: { payload: Record<string, unknown> }) => {
        // Hold the claim a moment, so the workers overlap.
        await new Promise((resolve) => setTimeout(resolve, 5));
        ran.push(job.payload.n as number);
      },
    };
    const log = pino({ level: 'silent' });
    const runners = [one, two].map((d) => new JobRunner(d.db, systemClock, log, handlers));
    // Four workers per instance, each claiming until the queue is empty.
    await Promise.all(
      runners.flatMap((runner) =>
        Array.from({ length: 4 }, async () => {
          while (await runner.runOnce()) {}
        }),
      ),
    );
    expect(ran.sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, n) => n));
    const rows = await one.db.select().from(jobs).where(eq(jobs.kind, 'test.once'));
    expect(rows.every((r) => r.status === 'succeeded' && r.attempts === 1)).toBe(true);
  });
});

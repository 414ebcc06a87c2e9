import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepRetention } from '../../platform/retention/sweep.ts';
import { createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { forgetUserFacts } from './forget.ts';
import { recordCheckIn, usageFactsSettled } from './record.ts';

/**
 * `usage_user_last_check_in` (migration 0030) against the rule it stands for, a user's latest
 * check-in among the facts kept, read from the facts themselves as 'Last in VR' read it before:
 * after every way facts are written, moved or deleted, the kept rows are exactly that rule's.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows = async <T>(q: ReturnType<typeof sql>) =>
  (await t.ctx.db.execute(q)) as unknown as { rows: T[] };

/** Each user's kept time, by user. */
async function kept() {
  const r = await rows<{ user_id: string; at: string | Date }>(
    sql`select user_id, at from usage_user_last_check_in order by user_id`,
  );
  return r.rows.map((x) => [x.user_id, new Date(x.at).toISOString()]);
}

/** The rule itself: each user with facts, their latest by the facts' (user, time) index. */
async function fromFacts() {
  const r = await rows<{ user_id: string; at: string | Date }>(
    sql`select u.user_id, (select ci.at from usage_check_ins ci where ci.user_id = u.user_id
        order by ci.at desc limit 1) as at
      from (select distinct user_id from usage_check_ins where user_id is not null) u
      order by u.user_id`,
  );
  return r.rows.map((x) => [x.user_id, new Date(x.at).toISOString()]);
}

const DAY = 86_400_000;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY);
const device = (seatKey: string) => ({ seatKey, deviceName: 'Quest 3', conflicted: false });

describe("each user's latest check-in kept beside the facts", () => {
  let a: string;
  let b: string;
  let c: string;
  beforeAll(async () => {
    a = (await createUser(t)).id;
    b = (await createUser(t)).id;
    c = (await createUser(t)).id;
  });

  it("follows the recorder's batches, a user's several facts in one, a guest's none", async () => {
    recordCheckIn(t.ctx, daysAgo(100), { userId: a }, device('a'), 'VR/1');
    recordCheckIn(t.ctx, daysAgo(10), { userId: a }, device('a'), 'VR/1');
    recordCheckIn(t.ctx, daysAgo(95), { userId: a }, device('a'), 'VR/1');
    recordCheckIn(t.ctx, daysAgo(120), { userId: b }, device('b'), 'VR/1');
    recordCheckIn(t.ctx, daysAgo(1), { guestId: c }, device('g'), 'VR/1');
    await usageFactsSettled(t.ctx);
    expect(await kept()).toEqual(await fromFacts());
    expect((await kept()).map(([u]) => u).sort()).toEqual([a, b].sort());
    // a's latest is the 10 days old fact, whatever the order the batch held them in.
    expect(new Date((await kept()).find(([u]) => u === a)![1]!) > daysAgo(11)).toBe(true);

    // A later batch: an older fact of a (kept time stays), a first one of c.
    recordCheckIn(t.ctx, daysAgo(50), { userId: a }, device('a'), 'VR/1');
    recordCheckIn(t.ctx, daysAgo(2), { userId: c }, device('c'), 'VR/1');
    await usageFactsSettled(t.ctx);
    expect(await kept()).toEqual(await fromFacts());
    expect((await kept()).map(([u]) => u).sort()).toEqual([a, b, c].sort());
  });

  it('follows facts moved or deleted by hand, later or earlier', async () => {
    await t.ctx.db.execute(sql`update usage_check_ins set at = at - interval '60 days'
      where user_id = ${a}::uuid and at > now() - interval '20 days'`);
    expect(await kept()).toEqual(await fromFacts());
    await t.ctx.db.execute(sql`update usage_check_ins set at = at + interval '119 days'
      where user_id = ${b}::uuid`);
    expect(await kept()).toEqual(await fromFacts());
    await t.ctx.db.execute(sql`update usage_check_ins set at = at - interval '119 days'
      where user_id = ${b}::uuid`);
    expect(await kept()).toEqual(await fromFacts());
    // a's latest deleted: the latest left.
    await t.ctx.db.execute(sql`delete from usage_check_ins where user_id = ${a}::uuid
      and at = (select max(at) from usage_check_ins where user_id = ${a}::uuid)`);
    expect(await kept()).toEqual(await fromFacts());
  });

  it('follows the retention sweep, a batch at a time: the latest fact left, or no row', async () => {
    const report = await sweepRetention(
      t.ctx.db,
      new Date(),
      { auditRetentionDays: undefined },
      { batchRows: 1 },
    );
    expect(report.find((r) => r.name === 'usage_check_ins')).toMatchObject({ complete: true });
    // a keeps its 70 days old fact, b had only older ones.
    expect(await kept()).toEqual(await fromFacts());
    expect((await kept()).map(([u]) => u).sort()).toEqual([a, c].sort());
  });

  it("goes with a deleted account's facts, and with the facts' table emptied", async () => {
    await t.ctx.db.transaction((tx) => forgetUserFacts(tx, c));
    expect(await kept()).toEqual(await fromFacts());
    expect((await kept()).map(([u]) => u)).toEqual([a]);
    await t.ctx.db.execute(sql`truncate usage_check_ins`);
    expect(await kept()).toEqual([]);
  });
});

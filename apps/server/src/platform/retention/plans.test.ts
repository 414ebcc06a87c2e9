import { retention } from '@roomscale/shared';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { planSteps } from '../../test/plans.ts';
import { batchSelect } from './batches.ts';
import { sessionsRule, tableRules } from './sweeps.ts';

let t: TestApp;
const pg = Boolean(process.env.TEST_PG_URL);
const plan = (query: SQLWrapper) => planSteps(t.ctx.db, query);

/**
 * 20,000 rows in each swept table, a quarter of them past retention: a backlog, as on the first
 * run over an installation's old rows. Then a batch must still follow its index: a backlog is
 * where a plan without the order would scan the table instead. One statement per table.
 */
async function seed() {
  const user = await createUser(t);
  const team = await createTeam(t, user.id);
  const n = 20_000;
  const u = sql`${user.id}::uuid`;
  const rows = sql`generate_series(1, ${n}::int) i`;
  /** `due` for a quarter of the rows, `live` for the rest. */
  const pick = (due: string, live: string) =>
    sql.raw(
      `case when i % 4 = 0 then now() - interval '${due}' else now() + interval '${live}' end`,
    );
  await t.ctx.db.execute(sql`insert into sessions (user_id, method, expires_at, created)
    select ${u}, 'password', ${pick('30 days', '10 days')}, now() - interval '40 days' from ${rows}`);
  await t.ctx.db.execute(sql`insert into refresh_tokens (session_id, user_id, token_hash, scope)
    select s.id, ${u}, md5(s.id::text), 'api' from sessions s`);
  await t.ctx.db.execute(sql`insert into user_tokens (user_id, purpose, token_hash, expires_at)
    select ${u}, 'reset', md5(i::text), ${pick('30 days', '1 hour')} from ${rows}`);
  await t.ctx.db.execute(sql`insert into auth_throttle (key, failures, window_start, last_failure_at, last_success_at)
    select 'pair:' || i, 1, ${pick('100 days', '0 days')}, ${pick('100 days', '0 days')},
      case when i % 2 = 0 then ${pick('100 days', '0 days')} end
    from ${rows}`);
  await t.ctx.db.execute(sql`insert into saml_requests (id, provider_id, purpose, expires_at)
    select 'r' || i, 'p', 'login', ${pick('1 hour', '10 minutes')} from ${rows}`);
  await t.ctx.db.execute(sql`insert into saml_assertions (provider_id, assertion_id, expires_at)
    select 'p', 'a' || i, ${pick('1 hour', '10 minutes')} from ${rows}`);
  await t.ctx.db.execute(sql`insert into sso_tokens (token_hash, purpose, user_id, provider_id, provider_key, expires_at)
    select md5(i::text), 'login', ${u}, 'p', 'k', ${pick('1 hour', '1 minute')} from ${rows}`);
  await t.ctx.db.execute(sql`insert into guests (email) values ('plans-guest@example.com')`);
  await t.ctx.db.execute(sql`insert into guest_sessions (guest_id, expires_at)
    select g.id, ${pick('30 days', '2 hours')} from guests g, ${rows}
    where g.email = 'plans-guest@example.com'`);
  await t.ctx.db.execute(sql`insert into guest_codes (email, code_hash, ip, expires_at)
    select 'g' || i || '@example.com', md5(i::text), '10.0.0.1', ${pick('3 days', '10 minutes')} from ${rows}`);
  await t.ctx.db.execute(sql`insert into team_invitations (organization_id, user_id, email, kind, status,
      role, license_type, token_hash, expires_at, answered_at)
    select ${team.id}::uuid, ${u}, 'x@example.com', 'existing_account', 'accepted', 'User', 'Trial',
      md5(i::text), now() + interval '7 days', ${pick('60 days', '0 days')} from ${rows}`);
  await t.ctx.db.execute(sql`insert into jobs (kind, status, run_at)
    select 'test.plan', case when i % 2 = 0 then 'succeeded' else 'failed' end, ${pick('60 days', '0 days')}
    from ${rows}`);
  await t.ctx.db.execute(sql`insert into billing_events (id, type, received_at)
    select 'evt_' || i, 'invoice.paid', ${pick('60 days', '0 days')} from ${rows}`);
  await t.ctx.db.execute(
    sql`insert into audit_log (at, action) select ${pick('400 days', '0 days')}, 'test.plan' from ${rows}`,
  );
  await t.ctx.db.execute(sql`insert into usage_check_ins (at, user_id, seat_key, device_name, conflicted)
    select ${pick('120 days', '0 days')}, ${u}, 'seat', 'Quest', false from ${rows}`);
  await t.ctx.db.execute(sql`insert into usage_meeting_joins (at, meeting_id, user_id)
    select ${pick('120 days', '0 days')}, gen_random_uuid(), ${u} from ${rows}`);
  await t.ctx.db.execute(sql`insert into usage_room_changes (at, meeting_id, to_room_id, by_user_id)
    select ${pick('120 days', '0 days')}, gen_random_uuid(), gen_random_uuid(), ${u} from ${rows}`);
  await t.ctx.db.execute(sql`analyze`);
}

beforeAll(async () => {
  t = await createTestApp();
  if (pg) await seed();
}, 120_000);
afterAll(() => t.close());

// PGlite is the embedded default for one instance; the plans that matter at scale are PostgreSQL's.
describe.skipIf(!pg)('retention sweep plans', () => {
  const now = () => t.clock.now();
  const settings = { auditRetentionDays: 365 };

  it.each([sessionsRule, ...tableRules].map((r) => [r.name, r] as const))(
    '%s: a batch reads its index, never the whole table',
    async (_name, rule) => {
      const where = rule.expired(now(), settings)!;
      const steps = await plan(batchSelect(rule.table, where, retention.batchRows, rule.order));
      const onTable = steps.filter((s) => s['Relation Name'] === rule.table);
      expect(onTable.map((s) => s['Node Type'])).not.toContain('Seq Scan');
      expect(steps.map((s) => s['Index Name'])).toContain(rule.index);
    },
  );

  it('refresh_tokens: the tokens of a batch of sessions are read by their session', async () => {
    const ids = `{${Array.from({ length: 3 }, () => crypto.randomUUID()).join(',')}}`;
    const steps = await plan(
      batchSelect('refresh_tokens', sql`session_id = any(${ids}::uuid[])`, retention.batchRows),
    );
    const onTable = steps.filter((s) => s['Relation Name'] === 'refresh_tokens');
    expect(onTable.map((s) => s['Node Type'])).not.toContain('Seq Scan');
    expect(steps.map((s) => s['Index Name'])).toContain('refresh_tokens_session');
  });
});

import autocannon from 'autocannon';
import type pg from 'pg';
import { createJwt } from '../../apps/server/src/platform/auth/jwt.ts';
import { TOKEN_SCOPE } from '../../packages/shared/src/index.ts';
import { backendsCpu, cpuSeconds, grown } from './cpu.ts';
import { type Figure, ROUNDS, row, SECONDS } from './load.ts';
import { startServer, stop } from './server.ts';

/** Headsets checking in on each side, each its own user (one seat row each, as in use). */
const DEVICES = 200;
/** Addresses the check-ins come from (X-Forwarded-For): each stays far under the seat call's limit per minute. */
const ADDRESSES = 50_000;

/** One measurement, with the server's CPU seconds and the requests it answered. */
type SeatRun = Figure & { cpu: number; requests: number; pgCpu: number };

/** `PUT /api/Users/Me/Seat` from `DEVICES` devices at `connections`, with the server's CPU per request. */
async function seatLoad(origin: string, pid: number, tokens: string[], connections: number) {
  let n = 0;
  const cpuBefore = cpuSeconds(pid);
  const r = await autocannon({
    url: origin,
    connections,
    duration: SECONDS,
    requests: [
      {
        method: 'PUT',
        path: '/api/Users/Me/Seat',
        setupRequest: (req) => {
          const i = n++;
          const device = i % tokens.length;
          const a = i % ADDRESSES;
          return {
            ...req,
            headers: {
              authorization: `Bearer ${tokens[device]}`,
              'content-type': 'application/json',
              'user-agent': 'RoomscaleVR/2.4.1 (Quest 3)',
              'x-forwarded-for': `10.${a >> 16}.${(a >> 8) & 255}.${a & 255}`,
            },
            body: JSON.stringify({ seatKey: `headset-${device}`, deviceName: `Quest ${device}` }),
          };
        },
      },
    ],
  });
  const cpu = cpuSeconds(pid) - cpuBefore;
  const bad = r.errors + r.non2xx + r.timeouts;
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    p50: r.latency.p50,
    errors: bad,
    cpu,
    requests: r.requests.total,
    pgCpu: 0,
  } as SeatRun;
}

/** `DEVICES` users a side with a live session each, and their access tokens. */
async function devices(db: pg.Client, secret: string) {
  const users = await db.query<{ id: string; session: string; email: string }>(
    `with u as (
       insert into users (email, first_name, last_name, activated)
       select 'headset' || i || '@bench.local', 'Headset', 'User ' || i, true
       from generate_series(1, $1::int) i
       returning id, email)
     insert into sessions (user_id, method, expires_at)
     select id, 'password', now() + interval '1 day' from u
     returning user_id as id, id as session, (select email from u where u.id = user_id) as email`,
    [2 * DEVICES],
  );
  const jwt = createJwt(secret);
  return Promise.all(
    users.rows.map((u) =>
      jwt.signAccess({
        userId: u.id,
        sessionId: u.session,
        superAdmin: false,
        email: u.email,
        name: 'Headset User',
        scope: TOKEN_SCOPE,
      }),
    ),
  );
}

/** Mean throughput, median p99 and CPU per request of a side's measured runs. */
function summed(runs: SeatRun[]) {
  const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  return {
    figure: {
      rps: runs.reduce((n, r) => n + r.rps, 0) / runs.length,
      p99: mid(runs.map((r) => r.p99)),
      p50: mid(runs.map((r) => r.p50)),
      errors: runs.reduce((n, r) => n + r.errors, 0),
    } as Figure,
    cpuMsPerRequest: (runs.reduce((n, r) => n + r.cpu, 0) * 1000) / Math.max(requests, 1),
    pgCpuMsPerRequest: (runs.reduce((n, r) => n + r.pgCpu, 0) * 1000) / Math.max(requests, 1),
  };
}

/**
 * `PUT /api/Users/Me/Seat` with usage facts recorded (the default) beside the same call on an
 * instance with USAGE_FACTS=false, 200 headsets each, checking in from many addresses
 * (TRUST_PROXY=1, so the seat call's limit per address is kept, as for real headsets). Both
 * sides are loaded **at the same time** (25 connections each), one round to warm up and
 * `ROUNDS` measured: on a machine whose load from other processes swings from one second to the
 * next, turns one after the other compare different machines; side by side, both see the same.
 * Goal (issue 29): the facts cost at most 10 %: at most 1.10× the CPU per request of the server
 * and its PostgreSQL backends together (from /proc), and at least 0.90× the throughput.
 */
export async function seatFigure(
  dataDir: string,
  env: Record<string, string>,
  db: pg.Client,
  secret: string,
) {
  const tokens = await devices(db, secret);
  const on = await startServer(dataDir, { ...env, TRUST_PROXY: '1', PGAPPNAME: 'facts-on' });
  const off = await startServer(dataDir, {
    ...env,
    TRUST_PROXY: '1',
    USAGE_FACTS: 'false',
    PGAPPNAME: 'facts-off',
  });
  try {
    const count = async () =>
      Number((await db.query('select count(*)::int as n from usage_check_ins')).rows[0].n);
    const before = await count();
    const runs: { off: SeatRun[]; on: SeatRun[] } = { off: [], on: [] };
    for (let round = 0; round <= ROUNDS; round++) {
      const pgBefore = [await backendsCpu(db, 'facts-off'), await backendsCpu(db, 'facts-on')];
      const [a, b] = await Promise.all([
        seatLoad(off.origin, off.child.pid!, tokens.slice(0, DEVICES), 25),
        seatLoad(on.origin, on.child.pid!, tokens.slice(DEVICES), 25),
      ]);
      if (round === 0) continue;
      runs.off.push({ ...a, pgCpu: grown(pgBefore[0]!, await backendsCpu(db, 'facts-off')) });
      runs.on.push({ ...b, pgCpu: grown(pgBefore[1]!, await backendsCpu(db, 'facts-on')) });
    }
    const recorded = (await count()) - before;
    if (recorded === 0) throw new Error('facts on: no check-in was recorded');
    const without = summed(runs.off);
    const withFacts = summed(runs.on);
    const cpu = withFacts.cpuMsPerRequest / without.cpuMsPerRequest;
    const pgCpu = withFacts.pgCpuMsPerRequest / without.pgCpuMsPerRequest;
    const total =
      (withFacts.cpuMsPerRequest + withFacts.pgCpuMsPerRequest) /
      (without.cpuMsPerRequest + without.pgCpuMsPerRequest);
    row(
      'PUT /api/Users/Me/Seat with usage facts, 200 headsets a side, 25 connections each, side by side',
      without.figure,
      withFacts.figure,
      ['facts off', 'facts on'],
      '≥ 0.90× throughput',
      withFacts.figure.rps >= 0.9 * without.figure.rps,
    );
    const ms = (n: number) => `${n.toFixed(3)} ms`;
    console.log(
      `  CPU per request, node: off ${ms(without.cpuMsPerRequest)}, on ${ms(withFacts.cpuMsPerRequest)} (${cpu.toFixed(2)}×); PostgreSQL: off ${ms(without.pgCpuMsPerRequest)}, on ${ms(withFacts.pgCpuMsPerRequest)} (${pgCpu.toFixed(2)}×)`,
    );
    console.log(
      `  CPU per request, both: ${total.toFixed(2)}× — goal ≤ 1.10×: ${total <= 1.1 ? 'met' : 'NOT MET'}; ${recorded} check-ins recorded`,
    );
  } finally {
    await stop(on.child);
    await stop(off.child);
  }
}

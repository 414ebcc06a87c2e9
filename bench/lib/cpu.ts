import { readFileSync } from 'node:fs';
import type { Queryable } from './seed.ts';

/**
 * CPU per request, beside throughput: what a call costs the server and its PostgreSQL backends,
 * read from /proc around a measurement. On a shared machine whose load swings, throughput
 * ratios move from run to run; the CPU each request took moves far less, so a change to a call's
 * cost shows in it even on a loaded machine (docs/performance.md).
 */

/** CPU seconds (user + system) a process has used so far, from /proc. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line; 12 and 13 after the command.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds the PostgreSQL backends of one server have used so far, by backend: its
 * connections name themselves with PGAPPNAME, and PostgreSQL runs on this machine (/proc).
 */
export async function backendsCpu(db: Queryable, app: string): Promise<Map<number, number>> {
  const { rows } = (await db.query('select pid from pg_stat_activity where application_name = $1', [
    app,
  ])) as { rows: { pid: number }[] };
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, cpuSeconds(pid));
    } catch {
      // The backend ended meanwhile.
    }
  }
  return cpu;
}

/** CPU seconds grown from one reading of backends to the next (backends new since count whole). */
export const grown = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, cpu]) => sum + cpu - (before.get(pid) ?? 0), 0);

type Meter = { pid: number; app: string; db: Queryable };
const meters = new Map<string, Meter>();

/**
 * Measure the CPU of the server at `origin` (its process `pid`, its backends named `app` by
 * PGAPPNAME) around every load sent to it from now on.
 */
export function meterServer(origin: string, pid: number, app: string, db: Queryable) {
  meters.set(new URL(origin).origin, { pid, app, db });
}

/** CPU per request, in ms: node and PostgreSQL. */
export type CpuPerRequest = { node: number; pg: number };

/**
 * Runs a measurement of requests to `url` and, if its server is metered, the CPU each request
 * took; `run` answers how many requests were sent.
 */
export async function withCpu<T>(
  url: string,
  run: () => Promise<{ result: T; requests: number }>,
): Promise<{ result: T; cpu?: CpuPerRequest }> {
  const meter = meters.get(new URL(url).origin);
  if (!meter) return { result: (await run()).result };
  const node = cpuSeconds(meter.pid);
  const pg = await backendsCpu(meter.db, meter.app);
  const { result, requests } = await run();
  const per = (seconds: number) => (seconds * 1000) / Math.max(requests, 1);
  return {
    result,
    cpu: {
      node: per(cpuSeconds(meter.pid) - node),
      pg: per(grown(pg, await backendsCpu(meter.db, meter.app))),
    },
  };
}

import type { Db } from './types.ts';

/** The connections of a pool at one moment (pg's Pool counts). */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

/**
 * What the metrics read of a database opened by openDatabase: its pool's counts (none for
 * PGlite, which is one connection in this process) and each statement's time, handed to
 * `onQuery` while someone listens (nothing is timed otherwise).
 */
export type DbProbe = {
  pool: (() => PoolStats) | null;
  onQuery: ((seconds: number) => void) | null;
};

const probes = new WeakMap<Db, DbProbe>();

export function registerProbe(db: Db, probe: DbProbe) {
  probes.set(db, probe);
}

/** The probe of a database opened by openDatabase; undefined for any other. */
export function probeOf(db: Db): DbProbe | undefined {
  return probes.get(db);
}

type Queryable = { query: (...args: never[]) => unknown };

/**
 * Times every statement `target.query` runs (pg's Client, PGlite and its transactions): in both
 * the callback form (pg's Pool calls its clients so) and the promise form.
 */
export function timeQueries(target: Queryable, probe: DbProbe) {
  const query = target.query as (...args: unknown[]) => unknown;
  target.query = function timedQuery(this: unknown, ...args: unknown[]) {
    const observe = probe.onQuery;
    if (!observe) return query.apply(this, args);
    const start = performance.now();
    const done = () => observe((performance.now() - start) / 1000);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = function timedCallback(this: unknown, ...result: unknown[]) {
        done();
        return callback.apply(this, result);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  } as Queryable['query'];
}

/** A PostgreSQL pool's probe: its counts, and the statements of every client it connects. */
export function probePool(pool: import('pg').Pool): DbProbe {
  const probe: DbProbe = {
    pool: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
    onQuery: null,
  };
  pool.on('connect', (client) => timeQueries(client, probe));
  return probe;
}

/** PGlite's probe: no pool; its statements, those of its transactions too. */
export function probePglite(client: import('@electric-sql/pglite').PGlite): DbProbe {
  const probe: DbProbe = { pool: null, onQuery: null };
  timeQueries(client, probe);
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      timeQueries(tx, probe);
      return fn(tx);
    });
  return probe;
}

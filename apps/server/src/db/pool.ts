import type { Pool, PoolClient } from 'pg';
import type { DatabaseWaits } from '../config.ts';

/** What node-postgres rejects a query with when `query_timeout` passes without an answer. */
export const QUERY_TIMEOUT_MESSAGE = 'Query read timeout';

/**
 * The pool's bounds on every connection (docs/deployment.md, "Bounded waits"): the server
 * cancels a statement (`statement_timeout`) and ends a session left idle inside a transaction
 * (`idle_in_transaction_session_timeout`, which frees its locks); the client gives up a query
 * that gets no answer at all (`query_timeout`: a network that drops packets, where the server's
 * cancel never reaches us) and a connection it waits for (`connectionTimeoutMillis`, both for a
 * free one of the pool and for a new one); TCP keepalive finds a dead idle connection.
 */
export function boundedPoolOptions(url: string, waits: DatabaseWaits) {
  return {
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: waits.connectTimeoutMs,
    statement_timeout: waits.statementTimeoutMs,
    idle_in_transaction_session_timeout: waits.idleInTransactionTimeoutMs,
    query_timeout: waits.queryTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: waits.keepAliveDelayMs,
  };
}

const isQueryTimeout = (err: unknown) =>
  err instanceof Error && err.message === QUERY_TIMEOUT_MESSAGE;

/**
 * A query that timed out on the client is still running, or lost, on the connection: the
 * connection is closed, never handed out again. `pool.query` already discards it (it releases
 * the connection with the error), but a transaction's connection is released without one, and
 * would go back to the pool stuck behind the lost statement, its transaction still open on the
 * server. Closing it fails whatever else was queued on it (the transaction's rollback) at once.
 */
function closeOnQueryTimeout(client: PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const close = () => void client.end().catch(() => {});
  (client as unknown as { query: typeof query }).query = (...args) => {
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        if (isQueryTimeout(err)) close();
        last(err, res);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) {
      return result.catch((err: unknown) => {
        if (isQueryTimeout(err)) close();
        throw err;
      });
    }
    return result;
  };
}

/** Installs the pool's handlers: lost idle connections and client-side query timeouts. */
export function superviseConnections(pool: Pool) {
  // An idle connection can be cut by the server (restart, failover, a dropped database): pg
  // reports it here, and the pool replaces the connection; without a listener it would crash.
  pool.on('error', (err) => process.emitWarning(`idle database connection lost: ${err.message}`));
  pool.on('connect', closeOnQueryTimeout);
}

/**
 * Resolves when `ping` answers within `ms`, rejects otherwise: /readyz answers a probe within
 * its own short bound, whatever the pool's waits are.
 */
export async function within<T>(ms: number, ping: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([ping, late]);
  } finally {
    clearTimeout(timer);
  }
}

import { security, serverMessages } from '@roomscale/shared';
import { HttpError } from '../platform/http/problem.ts';
import { QUERY_TIMEOUT_MESSAGE } from './pool.ts';

/** The SQLSTATE of a database error, also when drizzle wraps the driver's error in `cause`. */
export function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const FOREIGN_KEY_VIOLATION = '23503';
export const UNIQUE_VIOLATION = '23505';

/**
 * Runs a write that refers to rows another request may delete at the same moment (a room, a
 * meeting, a user). Checks inside the transaction catch the usual cases; when the row vanishes
 * between the check and the write, the foreign key refuses it and the caller gets a 409 with
 * `detail` instead of a 500.
 */
export async function conflictWhenGone<T>(detail: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (sqlState(err) === FOREIGN_KEY_VIOLATION) throw new HttpError(409, detail);
    throw err;
  }
}

/** Socket errors of a database connection that cannot be made or was cut. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs that say the server, not the statement, is the problem: class 08 (connection
 * exception), 57P01-57P03 (administrator or crash shutdown, cannot connect now), 53300 (too many
 * connections), 57014 (statement cancelled: `statement_timeout` ran out, or an operator cancelled
 * it; the API's statements take milliseconds, so one that runs out is waiting on a database
 * that is overloaded or locked, and the call may be tried again).
 */
const unavailableState = (state: string) =>
  state.startsWith('08') || /^57P0[123]$/.test(state) || state === '53300' || state === '57014';

/**
 * node-postgres reports a pool timeout, a cut connection and a query that got no answer within
 * `query_timeout` (db/pool.ts) by message only.
 */
const CONNECTION_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'connection error and is not queryable',
  'Client was closed and is not queryable',
  QUERY_TIMEOUT_MESSAGE,
  'Cannot use a pool after calling end',
];

/** The error and its causes (drizzle wraps the driver's error; a failed connect may be an AggregateError). */
function* chain(err: unknown): Generator<Record<string, unknown>> {
  const todo: unknown[] = [err];
  for (let n = 0; todo.length > 0 && n < 8; n++) {
    const e = todo.shift();
    if (!e || typeof e !== 'object') continue;
    yield e as Record<string, unknown>;
    const { cause, errors } = e as { cause?: unknown; errors?: unknown };
    if (cause) todo.push(cause);
    if (Array.isArray(errors)) todo.push(...errors);
  }
}

/**
 * True when the database could not be reached or dropped the connection: an outage, not a bug.
 * Errors of the statement itself (constraint, syntax, a missing column) stay false.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && unavailableState(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/** The 503 an API call answers while the database is unreachable, or null for any other error. */
export function databaseOutage(err: unknown): ReturnType<typeof unavailable> | null {
  if (!isDatabaseUnavailable(err)) return null;
  return unavailable();
}

/** 503 problem with `Retry-After`: the database or object storage is out, or the server is shutting down. */
export function unavailable(): HttpError & { headers: Record<string, string> } {
  const e = new HttpError(503, serverMessages.unavailable) as HttpError & {
    headers: Record<string, string>;
  };
  e.headers = { 'retry-after': String(security.unavailableRetryAfterSeconds) };
  return e;
}

/**
 * The innermost reason of a failure, in one line, for the start-up message: `connect
 * ECONNREFUSED 127.0.0.1:5432`, `password authentication failed for user "x"`…
 */
export function reasonOf(err: unknown): string {
  let reason = '';
  for (const e of chain(err)) {
    const message = typeof e.message === 'string' ? e.message.split('\n')[0]!.trim() : '';
    const code = typeof e.code === 'string' ? e.code : '';
    if (message && !message.startsWith('Failed query')) reason = message;
    else if (!reason && code) reason = code;
  }
  return reason || String(err);
}

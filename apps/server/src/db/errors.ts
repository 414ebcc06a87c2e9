import { HttpError } from '../platform/http/problem.ts';

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

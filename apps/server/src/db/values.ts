import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * A value in a statement: the call's own, or a placeholder of a statement built once and run
 * with each call's values (db/direct.ts). Rules written once (an access rule, a license count)
 * take either, so a list built once reads the same rule as a single check built per call.
 */
export type Value<T = string> = T | Placeholder;

export type { Placeholder };

/** A time: the call's own (a date, or its ISO text), or what stands for it in a statement built once. */
export type Time = Date | string | Placeholder | SQL;

/** A time in a statement: the call's, bound as ISO text, or what stands for it. */
export const timeValue = (t: Time): SQL | Placeholder =>
  t instanceof Date ? sql`${t.toISOString()}` : typeof t === 'string' ? sql`${t}` : t;

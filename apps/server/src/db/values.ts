import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * A value in a statement: the call's own, or a placeholder of a statement built once and run
 * with each call's values (db/direct.ts). Rules written once (an access rule, a license count)
 * take either, so a list built once reads the same rule as a single check built per call.
 */
export type Value<T = string> = T | Placeholder | SQL;

/**
 * A placeholder the planner does not see into: `(select $n::type)`, a value known only once the
 * plan runs. A named statement's plan for one call's values is then its generic plan, priced
 * the same, so PostgreSQL keeps the generic plan after its five first runs whatever rows the
 * tables hold. Where a generic plan may be priced above the plans for each call's values (the
 * rooms list on a platform of few rooms), PostgreSQL otherwise plans every call again, which
 * cost the rooms page more than running it (docs/performance.md "Plans kept whatever the rows").
 * Only for values whose generic plan a test holds to the indexes the plan for the values reads.
 */
export const unseenPlaceholder = (name: string, type: 'uuid' | 'timestamptz'): SQL =>
  sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;

export type { Placeholder };

/** A time: the call's own (a date, or its ISO text), or what stands for it in a statement built once. */
export type Time = Date | string | Placeholder | SQL;

/** A time in a statement: the call's, bound as ISO text, or what stands for it. */
export const timeValue = (t: Time): SQL | Placeholder =>
  t instanceof Date ? sql`${t.toISOString()}` : typeof t === 'string' ? sql`${t}` : t;

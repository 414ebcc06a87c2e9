import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.ts';

/**
 * The database as services see it, apart from how it is opened (client.ts): the modules that
 * openDatabase wires in (afterCommit, direct statements, the probe) name it from here.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: services accept both. */
export type DbOrTx = Db | Tx;

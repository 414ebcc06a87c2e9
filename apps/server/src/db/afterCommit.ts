import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './types.ts';

type Hook = () => void;

/** The callbacks waiting for the commit of each open transaction (and of its savepoints). */
const pending = new WeakMap<object, Hook[]>();

/**
 * Makes `db.transaction` run the callbacks registered with `afterCommit` once the transaction
 * has committed, and drop them when it rolls back. Savepoints (`tx.transaction`) hand their
 * callbacks to the enclosing transaction when they succeed and drop them when they fail.
 */
export function withAfterCommit(db: Db): Db {
  const begin = db.transaction.bind(db);
  db.transaction = (async (fn, config) => {
    const hooks: Hook[] = [];
    const result = await begin((tx) => {
      track(tx, hooks);
      return fn(tx);
    }, config);
    for (const hook of hooks) hook();
    return result;
  }) as Db['transaction'];
  return db;
}

function track(tx: DbOrTx, hooks: Hook[]) {
  pending.set(tx, hooks);
  const savepoint = tx.transaction.bind(tx);
  tx.transaction = (async (fn: Parameters<Db['transaction']>[0]) => {
    const inner: Hook[] = [];
    const result = await savepoint((sub) => {
      track(sub, inner);
      return fn(sub);
    });
    hooks.push(...inner);
    return result;
  }) as typeof tx.transaction;
}

/**
 * Runs `hook` once what `db` wrote is committed: after the transaction commits when `db` is one
 * (never, if it rolls back), at once when it is the database itself (each statement commits on
 * its own). `hook` must not throw.
 */
export function afterCommit(db: DbOrTx, hook: Hook) {
  const hooks = pending.get(db);
  if (hooks) {
    hooks.push(hook);
    return;
  }
  if (db instanceof PgTransaction) {
    throw new Error('afterCommit: a transaction not opened by the database of openDatabase');
  }
  hook();
}

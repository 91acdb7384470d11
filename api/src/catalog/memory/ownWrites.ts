import type { Db, Queryable } from '../../db/client.js';

/**
 * The database as this process uses it, counting its own writes: the catalogue's memory compares the
 * count to see a write of this process before its notification arrives (read-your-writes, see
 * CatalogVersion). Every module must be handed this one (app/databases.ts), or its writes go unseen until
 * notified.
 */
export interface CountedDb extends Db {
  /**
   * How many statements that may have changed data (anything but a plain SELECT, every transaction)
   * this process has completed: statements outside a transaction; each transaction counts at its end.
   */
  readonly writes: number;
  /**
   * Runs fn in a read-only transaction (the database refuses any write in it) that is not counted
   * as a write: a background read of the catalogue (memory/facets.ts) a cache need not look past.
   */
  readOnly<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
}

/** Statements that cannot change data; anything else counts as a write. */
const isRead = (sql: string) => /^\s*SELECT\b/i.test(sql) && !/\bpg_notify\b|\bnextval\b|\bsetval\b/i.test(sql);

export function countWrites(db: Db): CountedDb {
  let writes = 0;
  const counted = async <T>(sql: string, run: Promise<T>): Promise<T> => {
    try {
      return await run;
    } finally {
      if (!isRead(sql)) writes++;
    }
  };
  return {
    kind: db.kind,
    get writes() {
      return writes;
    },
    query: (sql, params, prepared) => counted(sql, db.query(sql, params, prepared)),
    one: (sql, params, prepared) => counted(sql, db.one(sql, params, prepared)),
    exec: (sql) => counted(sql, db.exec(sql)),
    tx: async (fn) => {
      try {
        return await db.tx(fn);
      } finally {
        writes++;
      }
    },
    readOnly: (fn) =>
      db.tx(async (q) => {
        await q.query(`SET TRANSACTION READ ONLY`);
        return fn(q);
      }),
    subscribe: (channel, onNotify, onListening) => db.subscribe(channel, onNotify, onListening),
    dump: db.dump && ((file) => db.dump!(file)),
    close: () => db.close(),
  };
}

import { sql } from "drizzle-orm";
import type { Db, Tx } from "./database";

/** Any fixed number: the advisory lock held while one process does the start-up work. */
const STARTUP_LOCK_ID = 727_274_002;

/**
 * Runs start-up work (seeding the demo catalogue, creating the seller) in a transaction that
 * holds a database-wide advisory lock, so several processes starting together do it once: the
 * others wait, then find it done.
 */
export function withStartupLock<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STARTUP_LOCK_ID})`);
    return work(tx);
  });
}

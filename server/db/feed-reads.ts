import { gt, inArray, or, sql, type SQL } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { queryRows, type Db, type Tx } from "./database";
import { MAX_TRACKED_GAP, type FeedBatch, type FeedRow } from "./feed-ids";

// The SQL side of a change feed (change-feed.ts): its start-up read, the `where` of its fetches,
// and the one-snapshot read that tells, with the rows, which transactions could still fill a gap.

/**
 * A 32-bit `xid` as the `xid8` it is, given a later `xid8` less than 2^31 transactions on. (A
 * writer listed with an id above the ceiling comes out wrong, looking long ended: harmless, as it
 * got its id after the snapshot and so cannot hold a gap's row.)
 */
export function widenXid(xid: string, later: bigint): bigint {
  const low = BigInt(xid);
  const epoch = later >> 32n;
  const wide = (epoch << 32n) | low;
  return wide > later ? wide - (1n << 32n) : wide;
}

/** A table's name for `::regclass`, schema-qualified and quoted (whatever the search path). */
function tableRegclass(table: PgTable): string {
  const { name, schema } = getTableConfig(table);
  return `"${schema ?? "public"}"."${name}"`;
}

/**
 * How far back a feed's start-up read (`readStart`) looks for ids still being written: at 1,300
 * orders a second, about 7 seconds of events (and the most gaps a feed tracks at once).
 */
export const START_LOOKBACK = MAX_TRACKED_GAP;

/**
 * A feed's start-up read of `table` for `ChangeFeed.startFrom`: every id above the highest less
 * `START_LOOKBACK` (the highest read just before), in one snapshot. Returns the highest id it saw.
 */
export async function readStart(
  db: Db,
  table: PgTable,
  id: PgColumn,
): Promise<{ after: number; batch: FeedBatch<FeedRow>; highest: number }> {
  const [last] = await queryRows<{ id: string }>(
    db,
    sql`select coalesce(max(${id}), 0)::text as id from ${table}`,
  );
  const after = Math.max(0, Number(last!.id) - START_LOOKBACK);
  const batch = await readInOneSnapshot(db, table, after, (tx) =>
    queryRows<{ id: string }>(
      tx,
      sql`select ${id}::text as id from ${table} where ${id} > ${after} order by ${id}`,
    ).then((rows) => rows.map((row) => ({ id: Number(row.id) }))),
  );
  return { after, batch, highest: batch.rows.at(-1)?.id ?? after };
}

/** A feed's rows: ids after `after`, or among `gaps` (the `where` of every feed's fetch). */
export function afterOrIn(id: PgColumn, after: number, gaps: number[]): SQL | undefined {
  return gaps.length > 0 ? or(gt(id, after), inArray(id, gaps)) : gt(id, after);
}

/** Whether rows (in id order) skip any id after `after`. */
function skipsIds(rows: FeedRow[], after: number): boolean {
  let next = after + 1;
  for (const row of rows) {
    if (row.id < next) continue;
    if (row.id > next) return true;
    next = row.id + 1;
  }
  return false;
}

/**
 * Runs a feed's read of `table` (rows after `after`, in id order) in a read-only REPEATABLE READ
 * transaction, so that the rows and the snapshot returned with them are the same moment; when
 * the rows skip ids, also takes a transaction id, given out after that snapshot, as the gaps'
 * ceiling, and lists the table's writers (see the class). (An id costs no write: the transaction
 * wrote nothing, so its commit is not flushed.)
 */
export function readInOneSnapshot<Row extends FeedRow>(
  db: Db,
  table: PgTable,
  after: number,
  read: (tx: Tx) => Promise<Row[]>,
): Promise<FeedBatch<Row>> {
  return db.transaction(
    async (tx) => {
      const [taken] = await queryRows<{ snapshot: string }>(
        tx,
        sql`select pg_current_snapshot()::text as snapshot`,
      );
      const rows = await read(tx);
      if (!skipsIds(rows, after)) return { rows, snapshot: taken!.snapshot };
      const [afterwards] = await queryRows<{
        ceiling: string;
        writers: string[];
        twoPhase: boolean;
      }>(
        tx,
        // One scan of pg_locks: per other session, its transaction ids (its own and its
        // subtransactions') if it holds the table's RowExclusiveLock. Prepared transactions hold
        // theirs without a session: see below.
        sql`select pg_current_xact_id()::text as ceiling,
                   current_setting('max_prepared_transactions')::int > 0 as "twoPhase",
                   coalesce((select array_agg(xid) from (
                     select unnest(array_agg(l.transactionid::text) filter (
                              where l.locktype = 'transactionid' and l.mode = 'ExclusiveLock'
                                and l.granted)) as xid
                       from pg_locks l
                      where l.pid <> pg_backend_pid()
                      group by l.pid
                     having bool_or(l.locktype = 'relation' and l.mode = 'RowExclusiveLock'
                                    and l.granted and l.relation = ${tableRegclass(table)}::regclass
                                    and l.database = (select oid from pg_database
                                                       where datname = current_database()))
                   ) held), '{}') as writers`,
      );
      const writers = afterwards!.writers;
      if (afterwards!.twoPhase) {
        // A writer preparing its transaction (PREPARE TRANSACTION) while pg_locks was read may
        // have been missed there: its locks move to the prepared transaction one part at a time.
        // It is listed as prepared before they move, and until it has ended: read after the scan,
        // every prepared transaction of this database counts as a writer.
        const prepared = await queryRows<{ xid: string }>(
          tx,
          sql`select transaction::text as xid from pg_prepared_xacts
               where database = current_database()`,
        );
        writers.push(...prepared.map((p) => p.xid));
      }
      const ceiling = BigInt(afterwards!.ceiling);
      return {
        rows,
        snapshot: taken!.snapshot,
        xidCeiling: afterwards!.ceiling,
        writers: writers.map((xid) => String(widenXid(xid, ceiling))),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

import { gt, inArray, or, sql, type SQL } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { queryRows, type Db, type Tx } from "./database";

/**
 * Follows an append-only table with a growing `id` (bigserial), fetching new rows when poked.
 * Ids are taken before commit, so a row may become visible after rows with higher ids: ids seen
 * skipped are kept as gaps and asked for again until they appear, or until no transaction that
 * could hold them is still running (then nothing can fill them any more: their transaction rolled
 * back). With `ordered`, rows are delivered strictly in id order, each once; otherwise as soon as
 * they are seen. A gap still open after `gapTimeoutMs` is given up as a last resort, but its id
 * is still looked for a while (`LATE_WATCH_MS`): a row that then appears is delivered late,
 * apart from the ordered ones (`deliverLate`).
 *
 * Which transactions could hold a gap's id: the id was taken before a higher id that the fetch
 * saw committed, so before the fetch's snapshot, and the table's id default gives the writer its
 * transaction id before the row id (migration 0006). So the writer's transaction id is lower than
 * one given out after the snapshot (`xidCeiling`, read by the fetch when its rows skip ids). A
 * later fetch whose snapshot's xmin (its oldest running transaction) is at or above that ceiling
 * reads after the writer ended: if it does not find the row, nobody will. (The snapshot's list of
 * running transactions alone would not do: it leaves out those with ids above the last one to
 * finish.)
 *
 * That rule waits for every transaction older than the ceiling, also those that never touched the
 * table: a long one elsewhere (a migration, a session left open in psql, another database on the
 * same server) would hold every gap until the last resort. So the fetch also lists the table's
 * writers: the transactions that hold it open for writing (`RowExclusiveLock`, taken by every
 * insert before its row id and kept to the end) when it is read after the snapshot. The writer of
 * a missing id, if it still runs then, is among them; if it has ended, every later snapshot sees
 * it ended. So a later fetch whose snapshot sees all of them ended has read after the writer
 * ended too (never the fetch that found the gap: its snapshot is older than the list). Other
 * writers of the table (a delete of old rows) only make a gap wait longer.
 */
export interface FeedRow {
  id: number;
}

/** What one fetch read, and the snapshot it read in (`pg_current_snapshot()` as text). */
export interface FeedBatch<Row extends FeedRow> {
  rows: Row[];
  snapshot: string;
  /**
   * When the rows skip ids: a transaction id given out after the snapshot was taken (higher than
   * that of any transaction which had taken an id by then). Without it a gap can only time out.
   */
  xidCeiling?: string;
  /**
   * With `xidCeiling`: the transactions (ids as `xid8` text) that held the table open for writing
   * after the snapshot was taken. Without it, gaps wait for every older transaction to end.
   */
  writers?: string[];
}

export interface ChangeFeedOptions<Row extends FeedRow> {
  /** Rows with `id > after` or `id` in `gaps`, in id order, at most `limit`. */
  fetch: (after: number, gaps: number[], limit: number) => Promise<FeedBatch<Row>>;
  deliver: (rows: Row[]) => void;
  ordered: boolean;
  /**
   * A last resort: a gap still open this long is given up even if its transaction still runs
   * (one left open by a fault would otherwise hold an ordered feed, every live stream, for ever).
   */
  gapTimeoutMs?: number;
  /** Called with any error of `fetch`; the feed retries by itself. */
  onError?: (error: unknown) => void;
  /** Called with the ids given up on by `gapTimeoutMs` while their transactions still ran. */
  onGapTimeout?: (ids: number[]) => void;
  /**
   * Ordered feeds: rows of ids given up by `gapTimeoutMs` that commit later (within
   * `LATE_WATCH_MS`), each once, apart from the ordered ones. Without it they are never delivered.
   * (An unordered feed delivers them with `deliver`.)
   */
  deliverLate?: (rows: Row[]) => void;
  /**
   * At least this long between the starts of two fetches (a burst of pokes makes one more fetch,
   * not many).
   */
  minIntervalMs?: number;
  now?: () => number;
}

/**
 * The usual `minIntervalMs` of the feeds that follow busy tables (stock ledger, order events):
 * during a sale every order pokes them, and one read then collects some 50 ms of orders instead
 * of one query per order (issue 12). Their rows reach catalogue answers and live order streams
 * that much later at most, and only under load: a feed that has been quiet reads at once.
 */
export const BUSY_FEED_INTERVAL_MS = 50;

/**
 * Gaps still open after this long are given up (see `gapTimeoutMs`): longer than any statement
 * may run (the statement lane cancels one after 10 s), short enough that a transaction left open
 * by a fault, or a long one that started before the gap was seen, holds an ordered feed for
 * seconds, not minutes.
 */
export const GAP_TIMEOUT_MS = 15_000;

/**
 * How long ids given up by the last resort are still looked for: a transaction that ran past
 * `GAP_TIMEOUT_MS` may yet commit (a stuck client, a lock wait), and its row is then delivered late
 * rather than never. They are asked for beside the gaps, in the same fetches (every poke, and the
 * change signal's safety poll every second), until their row appears, their writers are seen
 * ended, or this long has passed; at most `MAX_LATE` of them, the newest.
 */
export const LATE_WATCH_MS = 10 * 60_000;
const MAX_LATE = 100;

const BATCH = 1000;
/** Gaps asked for in one fetch (each is a query parameter; PostgreSQL takes at most 65,535). */
const MAX_ASKED_GAPS = 1000;
/** A jump this large in ids is not waited for id by id (a bulk insert elsewhere, a restore). */
const MAX_TRACKED_GAP = 10_000;

export class ChangeFeed<Row extends FeedRow> {
  /** Every id up to here is delivered or given up on. */
  watermark = 0;
  private highest = 0;
  /** Ids skipped, with when they were first seen missing and who could still fill them. */
  private readonly gaps = new Map<number, Gap>();
  private readonly held = new Map<number, Row>();
  /** Ids given up by the last resort, still looked for (`LATE_WATCH_MS`), oldest first. */
  private readonly late = new Map<number, Gap>();
  private running: Promise<void> | undefined;
  private queued: { promise: Promise<void>; resolve: () => void } | undefined;
  private more = false;
  private timer: NodeJS.Timeout | undefined;
  /** The next fetch, waiting for `minIntervalMs` to pass. */
  private waiting: NodeJS.Timeout | undefined;
  /** When the last fetch started (wall clock; `now` is for gap timeouts). */
  private lastStart = -Infinity;
  private stopped = false;
  private catchingUp: { id: number; resolve: () => void }[] = [];
  private readonly gapTimeoutMs: number;
  private readonly now: () => number;

  constructor(private readonly options: ChangeFeedOptions<Row>) {
    this.gapTimeoutMs = options.gapTimeoutMs ?? GAP_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  /** Starts after `id`: rows up to it are taken as delivered. */
  startAfter(id: number): void {
    this.watermark = id;
    this.highest = id;
  }

  /**
   * Starts after what `batch` (a read of every row after `after`, as a fetch's) saw: its rows are
   * taken as delivered, and the ids it saw skipped are followed as gaps, so a row still being
   * written at start-up is delivered when it commits, in order. (Starting after the highest id
   * alone would never deliver it.) Until those gaps settle the watermark stays below them.
   */
  startFrom(after: number, batch: FeedBatch<FeedRow>): void {
    this.startAfter(after);
    const now = this.now();
    const found = this.skipped(batch, now);
    this.closeGaps([], found, parseSnapshot(batch.snapshot));
    this.advance(now);
    if (this.gaps.size > 0) this.schedule(100);
  }

  /**
   * Resolves once every id up to `id` is delivered or given up (at once if it already is), or the
   * feed stops. Gaps time out only at a fetch: while fetches fail, this waits on.
   */
  caughtUp(id: number): Promise<void> {
    if (this.watermark >= id || this.stopped) return Promise.resolve();
    return new Promise((resolve) => this.catchingUp.push({ id, resolve }));
  }

  /**
   * Fetches what is new. The promise settles once a fetch that started after this call is done,
   * so whatever was committed before it has been seen: pokes while a fetch runs, or while the
   * next one waits for `minIntervalMs`, share that next fetch.
   */
  poke(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const idle = !this.running && !this.waiting;
    if (idle && Date.now() - this.lastStart >= (this.options.minIntervalMs ?? 0))
      return this.start();
    if (!this.queued) {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      this.queued = { promise, resolve };
    }
    const queued = this.queued.promise;
    // Fetched a moment ago and nothing running: the next fetch waits out the interval.
    if (idle) this.startNext();
    return queued;
  }

  private start(): Promise<void> {
    this.lastStart = Date.now();
    let fetched = false;
    const run = this.run()
      .then((ok) => {
        fetched = ok;
      })
      .finally(() => {
        this.running = undefined;
        if (this.queued || this.more) {
          this.more = false;
          this.startNext();
        } else if (fetched && this.gaps.size > 0) {
          this.schedule(100); // (after a failed fetch, its own retry in a second stands)
        }
      });
    this.running = run;
    return run;
  }

  /**
   * Starts the queued fetch once `minIntervalMs` has passed since the last one started (under a
   * stream of orders every one of them pokes; without this each poke on an idle feed was a query
   * of its own, and a poke during the wait started a second fetch beside the waiting one).
   */
  private startNext(): void {
    if (this.waiting) return;
    const go = () => {
      this.waiting = undefined;
      const queued = this.queued;
      this.queued = undefined;
      if (this.stopped) return queued?.resolve();
      void this.start().finally(() => queued?.resolve());
    };
    const wait = this.lastStart + (this.options.minIntervalMs ?? 0) - Date.now();
    if (wait <= 0) return go();
    this.waiting = setTimeout(go, wait);
    this.waiting.unref();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.waiting);
    this.queued?.resolve();
    for (const waiter of this.catchingUp.splice(0)) waiter.resolve();
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.poke(), ms);
    this.timer.unref();
  }

  /** One fetch; false if it failed (and a retry is scheduled). */
  private async run(): Promise<boolean> {
    let batch: FeedBatch<Row>;
    let asked: number[];
    try {
      asked = this.askedGaps();
      batch = await this.options.fetch(this.highest, asked, BATCH);
    } catch (error) {
      this.options.onError?.(error);
      this.schedule(1000);
      return false;
    }
    const { rows } = batch;
    const now = this.now();
    const newGap = this.newGap(batch, now);
    const fresh: Row[] = [];
    const found: number[] = [];
    const late: Row[] = [];
    for (const row of rows) {
      if (this.late.delete(row.id)) {
        late.push(row);
        continue;
      }
      if (row.id <= this.watermark || this.held.has(row.id)) continue;
      if (this.gaps.delete(row.id) === false && row.id <= this.highest) continue;
      if (row.id > this.highest) this.reach(row.id, newGap, found);
      fresh.push(row);
    }
    if (late.length > 0)
      (this.options.ordered ? this.options.deliverLate : this.options.deliver)?.(late);
    if (!this.options.ordered && fresh.length > 0) this.options.deliver(fresh);
    for (const row of fresh) this.held.set(row.id, row);
    // A full batch may have left out gaps that did fill: judge them on the next, complete one.
    if (rows.length === BATCH) this.more = true;
    else this.closeGaps(asked, found, parseSnapshot(batch.snapshot));
    this.advance(now);
    return true;
  }

  /** Takes a start-up read's rows as already delivered, keeping the ids it skipped as gaps. */
  private skipped(batch: FeedBatch<FeedRow>, now: number): number[] {
    const newGap = this.newGap(batch, now);
    const found: number[] = [];
    for (const { id } of batch.rows) if (id > this.highest) this.reach(id, newGap, found);
    return found;
  }

  /** What a gap found by `batch` knows of who could still fill it. */
  private newGap(batch: FeedBatch<FeedRow>, now: number): () => Gap {
    const ceiling = batch.xidCeiling === undefined ? undefined : BigInt(batch.xidCeiling);
    const writers = batch.writers?.map((xid) => BigInt(xid));
    return () => ({ since: now, ceiling, writers });
  }

  /** Moves `highest` up to `id`, keeping the ids in between as gaps (adding them to `found`). */
  private reach(id: number, newGap: () => Gap, found: number[]): void {
    if (id - this.highest <= MAX_TRACKED_GAP)
      for (let gap = this.highest + 1; gap < id; gap++) {
        this.gaps.set(gap, newGap());
        found.push(gap);
      }
    this.highest = id;
  }

  /**
   * The gaps to ask for, oldest first, then the ids given up but still looked for: at most
   * `MAX_ASKED_GAPS` (one query can only take so many).
   */
  private askedGaps(): number[] {
    const asked: number[] = [];
    for (const ids of [this.gaps.keys(), this.late.keys()])
      for (const id of ids) {
        if (asked.length === MAX_ASKED_GAPS) return asked;
        asked.push(id);
      }
    return asked;
  }

  /**
   * Gives up the gaps nobody can fill any more: this fetch read after every transaction that could
   * hold them had ended, and did not find them. Only gaps the fetch asked for, or found: it says
   * nothing of the others. Either its snapshot's oldest running transaction is at or above their
   * ceiling (in the fetch that found a gap, that means nothing was running at all), or, for a gap
   * found earlier, its snapshot sees every one of the table's writers listed then as ended.
   */
  private closeGaps(asked: number[], found: number[], snapshot: Snapshot): void {
    const gone = (gap: Gap | undefined, askedFor: boolean) =>
      gap?.ceiling !== undefined &&
      (snapshot.xmin >= gap.ceiling ||
        (askedFor && gap.writers !== undefined && gap.writers.every((xid) => snapshot.ended(xid))));
    for (const id of asked) {
      if (gone(this.gaps.get(id), true)) this.gaps.delete(id);
      if (gone(this.late.get(id), true)) this.late.delete(id);
    }
    for (const id of found) if (gone(this.gaps.get(id), false)) this.gaps.delete(id);
  }

  /** Moves the watermark over delivered rows and closed gaps, delivering in order if asked. */
  private advance(now: number): void {
    const ready: Row[] = [];
    const timedOut: number[] = [];
    for (;;) {
      const next = this.watermark + 1;
      if (next > this.highest) break;
      const row = this.held.get(next);
      if (row) {
        this.held.delete(next);
        ready.push(row);
      } else {
        const gap = this.gaps.get(next);
        if (gap) {
          if (now - gap.since < this.gapTimeoutMs) break;
          this.gaps.delete(next);
          timedOut.push(next);
          if (!this.options.ordered || this.options.deliverLate)
            this.late.set(next, { ...gap, since: now });
        }
      }
      this.watermark = next;
    }
    if (this.options.ordered && ready.length > 0) this.options.deliver(ready);
    if (timedOut.length > 0) this.options.onGapTimeout?.(timedOut);
    this.forgetLate(now);
    if (this.catchingUp.length > 0) {
      const waiting = this.catchingUp;
      this.catchingUp = waiting.filter((w) => w.id > this.watermark);
      for (const waiter of waiting) if (waiter.id <= this.watermark) waiter.resolve();
    }
  }

  /** Stops looking for ids given up longer than `LATE_WATCH_MS` ago, and for the oldest beyond `MAX_LATE`. */
  private forgetLate(now: number): void {
    for (const [id, gap] of this.late) {
      if (now - gap.since < LATE_WATCH_MS && this.late.size <= MAX_LATE) break;
      this.late.delete(id);
    }
  }
}

interface Gap {
  /** When it was found missing; for an id given up, when it was given up. */
  since: number;
  /** Every transaction that could hold its id has a lower id than this (see the class). */
  ceiling: bigint | undefined;
  /** The table's writers when the gap was found, one of which holds its id if it still runs. */
  writers: bigint[] | undefined;
}

interface Snapshot {
  /** The oldest transaction it saw running. */
  xmin: bigint;
  /** Whether the transaction had ended (committed or rolled back) when it was taken. */
  ended: (xid: bigint) => boolean;
}

/**
 * `pg_current_snapshot()` as text, "xmin:xmax:xid,…": every transaction below xmax had ended but
 * those listed; xmax is one past the last to end, so a transaction at or above it may still run.
 */
export function parseSnapshot(text: string): Snapshot {
  const [xmin, xmax, list] = text.split(":");
  const running = new Set((list ?? "").split(",").filter(Boolean));
  const below = BigInt(xmax!);
  return {
    xmin: BigInt(xmin!),
    ended: (xid) => xid < below && !running.has(String(xid)),
  };
}

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

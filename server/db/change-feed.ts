import { FeedIds, parseSnapshot, type FeedBatch, type FeedRow } from "./feed-ids";

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

const BATCH = 1000;

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
 *
 * The ids' bookkeeping is `FeedIds` (feed-ids.ts); the reads that give a fetch its snapshot, its
 * ceiling and the writers are in feed-reads.ts.
 */
export class ChangeFeed<Row extends FeedRow> {
  private readonly ids: FeedIds<Row>;
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
  private readonly now: () => number;

  constructor(private readonly options: ChangeFeedOptions<Row>) {
    this.ids = new FeedIds<Row>({
      gapTimeoutMs: options.gapTimeoutMs ?? GAP_TIMEOUT_MS,
      keepsLate: !options.ordered || options.deliverLate !== undefined,
    });
    this.now = options.now ?? Date.now;
  }

  /** Every id up to here is delivered or given up on. */
  get watermark(): number {
    return this.ids.watermark;
  }

  /** Starts after `id`: rows up to it are taken as delivered. */
  startAfter(id: number): void {
    this.ids.startAfter(id);
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
    this.ids.startFrom(batch, now);
    this.advance(now);
    if (this.ids.hasGaps) this.schedule(100);
  }

  /**
   * Resolves once every id up to `id` is delivered or given up (at once if it already is), or the
   * feed stops. Gaps time out only at a fetch: while fetches fail, this waits on.
   */
  caughtUp(id: number): Promise<void> {
    if (this.ids.watermark >= id || this.stopped) return Promise.resolve();
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
        } else if (fetched && this.ids.hasGaps) {
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
      asked = this.ids.askedGaps();
      batch = await this.options.fetch(this.ids.highest, asked, BATCH);
    } catch (error) {
      this.options.onError?.(error);
      this.schedule(1000);
      return false;
    }
    const now = this.now();
    const { fresh, late, found } = this.ids.take(batch, now);
    if (late.length > 0)
      (this.options.ordered ? this.options.deliverLate : this.options.deliver)?.(late);
    if (!this.options.ordered && fresh.length > 0) this.options.deliver(fresh);
    // A full batch may have left out gaps that did fill: judge them on the next, complete one.
    if (batch.rows.length === BATCH) this.more = true;
    else this.ids.closeGaps(asked, found, parseSnapshot(batch.snapshot));
    this.advance(now);
    return true;
  }

  /** Moves the watermark over delivered rows and closed gaps, delivering in order if asked. */
  private advance(now: number): void {
    const { ready, timedOut } = this.ids.advance(now);
    if (this.options.ordered && ready.length > 0) this.options.deliver(ready);
    if (timedOut.length > 0) this.options.onGapTimeout?.(timedOut);
    if (this.catchingUp.length > 0) {
      const waiting = this.catchingUp;
      this.catchingUp = waiting.filter((w) => w.id > this.ids.watermark);
      for (const waiter of waiting) if (waiter.id <= this.ids.watermark) waiter.resolve();
    }
  }
}

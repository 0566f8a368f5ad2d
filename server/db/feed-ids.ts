/**
 * Which ids of a followed table a feed (`ChangeFeed`, change-feed.ts) has delivered, holds for
 * delivery in order, finds missing (gaps: ids taken by transactions that may not have committed
 * yet) or gave up on but still looks for. Knows nothing of fetching or timing: the feed hands it
 * each read and asks what is ready. Why a gap can be closed is explained on `ChangeFeed`.
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

/**
 * How long ids given up by the last resort are still looked for: a transaction that ran past
 * `GAP_TIMEOUT_MS` may yet commit (a stuck client, a lock wait), and its row is then delivered late
 * rather than never. They are asked for beside the gaps, in the same fetches (every poke, and the
 * change signal's safety poll every second), until their row appears, their writers are seen
 * ended, or this long has passed; at most `MAX_LATE` of them, the newest.
 */
export const LATE_WATCH_MS = 10 * 60_000;
const MAX_LATE = 100;

/** Gaps asked for in one fetch (each is a query parameter; PostgreSQL takes at most 65,535). */
const MAX_ASKED_GAPS = 1000;
/** A jump this large in ids is not waited for id by id (a bulk insert elsewhere, a restore). */
export const MAX_TRACKED_GAP = 10_000;

export class FeedIds<Row extends FeedRow> {
  /** Every id up to here is delivered or given up on. */
  watermark = 0;
  /** The highest id seen. */
  highest = 0;
  /** Ids skipped, with when they were first seen missing and who could still fill them. */
  private readonly gaps = new Map<number, Gap>();
  private readonly held = new Map<number, Row>();
  /** Ids given up by the last resort, still looked for (`LATE_WATCH_MS`), oldest first. */
  private readonly late = new Map<number, Gap>();

  constructor(
    private readonly options: {
      /** A gap still open this long is given up (the feed's `gapTimeoutMs`). */
      gapTimeoutMs: number;
      /** Whether ids given up are still looked for, to be delivered late. */
      keepsLate: boolean;
    },
  ) {}

  /** Starts after `id`: rows up to it are taken as delivered. */
  startAfter(id: number): void {
    this.watermark = id;
    this.highest = id;
  }

  get hasGaps(): boolean {
    return this.gaps.size > 0;
  }

  /** Takes a start-up read's rows as already delivered, keeping the ids it skipped as gaps. */
  startFrom(batch: FeedBatch<FeedRow>, now: number): void {
    const newGap = this.newGap(batch, now);
    const found: number[] = [];
    for (const { id } of batch.rows) if (id > this.highest) this.reach(id, newGap, found);
    this.closeGaps([], found, parseSnapshot(batch.snapshot));
  }

  /**
   * Sorts one fetch's rows: `fresh` (new, or filling a gap: held until delivered in order),
   * `late` (given up, and now committed), each once; `found` are the gaps its rows skipped.
   */
  take(batch: FeedBatch<Row>, now: number): { fresh: Row[]; late: Row[]; found: number[] } {
    const newGap = this.newGap(batch, now);
    const fresh: Row[] = [];
    const found: number[] = [];
    const late: Row[] = [];
    for (const row of batch.rows) {
      if (this.late.delete(row.id)) {
        late.push(row);
        continue;
      }
      if (row.id <= this.watermark || this.held.has(row.id)) continue;
      if (this.gaps.delete(row.id) === false && row.id <= this.highest) continue;
      if (row.id > this.highest) this.reach(row.id, newGap, found);
      fresh.push(row);
    }
    for (const row of fresh) this.held.set(row.id, row);
    return { fresh, late, found };
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
  askedGaps(): number[] {
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
  closeGaps(asked: number[], found: number[], snapshot: Snapshot): void {
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

  /**
   * Moves the watermark over delivered rows and closed gaps: `ready` are the held rows it passed,
   * in id order, `timedOut` the gaps it gave up (open `gapTimeoutMs`).
   */
  advance(now: number): { ready: Row[]; timedOut: number[] } {
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
          if (now - gap.since < this.options.gapTimeoutMs) break;
          this.gaps.delete(next);
          timedOut.push(next);
          if (this.options.keepsLate) this.late.set(next, { ...gap, since: now });
        }
      }
      this.watermark = next;
    }
    this.forgetLate(now);
    return { ready, timedOut };
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

import { describe, expect, it, vi } from "vitest";
import { ChangeFeed } from "./change-feed";
import { LATE_WATCH_MS, parseSnapshot, type FeedRow } from "./feed-ids";
import { widenXid } from "./feed-reads";

/**
 * A table written by transactions that commit or roll back in any order, with PostgreSQL's
 * snapshots: xmax is one past the last transaction to finish, the running list holds only the
 * running transactions below it, and xmin is the oldest of those (or xmax). A writer has its
 * transaction id before it takes row ids (migration 0006), and holds the table open for writing from
 * its first row id to its end. Each fetch is a transaction of its own, which takes a transaction id
 * (the ceiling) when its rows skip ids and lists the table's writers after its snapshot, as
 * `readInOneSnapshot` does; `betweenSnapshotAndWriters` runs in between.
 */
function setup(ordered: boolean, gapTimeoutMs: number | "the default" = 1000) {
  const visible: FeedRow[] = [];
  const running = new Set<number>();
  const writing = new Set<number>();
  const hooks = { betweenSnapshotAndWriters: () => {}, writersUnknown: false };
  const delivered: number[] = [];
  const deliveredLate: number[] = [];
  const givenUp: number[] = [];
  let clock = 0;
  let nextXid = 100;
  let lastFinished = 99;
  let nextId = 1;
  const finish = (xid: number) => {
    running.delete(xid);
    writing.delete(xid);
    lastFinished = Math.max(lastFinished, xid);
  };
  const snapshot = () => {
    const xmax = lastFinished + 1;
    const listed = [...running].filter((xid) => xid < xmax).sort((a, b) => a - b);
    return `${listed[0] ?? xmax}:${xmax}:${listed.join(",")}`;
  };
  const asked: number[][] = [];
  const fetch = async (after: number, gaps: number[], limit: number) => {
    asked.push(gaps);
    const taken = snapshot();
    const rows = visible
      .filter((r) => r.id > after || gaps.includes(r.id))
      .sort((a, b) => a.id - b.id)
      .slice(0, limit);
    const fresh = rows.filter((r) => r.id > after);
    const skips = fresh.some((r, i) => r.id !== after + 1 + i);
    if (!skips) return { rows, snapshot: taken };
    const ceiling = nextXid++;
    hooks.betweenSnapshotAndWriters();
    const writers = [...writing].map(String);
    finish(ceiling); // the fetch's transaction ends
    return {
      rows,
      snapshot: taken,
      xidCeiling: String(ceiling),
      writers: hooks.writersUnknown ? undefined : writers,
    };
  };
  const feed = new ChangeFeed<FeedRow>({
    ordered,
    gapTimeoutMs: gapTimeoutMs === "the default" ? undefined : gapTimeoutMs,
    now: () => clock,
    fetch,
    deliver: (rows) => delivered.push(...rows.map((r) => r.id)),
    onGapTimeout: (ids) => givenUp.push(...ids),
    deliverLate: (rows) => deliveredLate.push(...rows.map((r) => r.id)),
  });
  /** Starts a writing transaction (its id given out now); `take` gives it row ids. */
  const begin = () => {
    const xid = nextXid++;
    running.add(xid);
    const ids: number[] = [];
    const tx = {
      take: (count = 1) => {
        writing.add(xid);
        for (let i = 0; i < count; i++) ids.push(nextId++);
        return tx;
      },
      commit: () => {
        finish(xid);
        visible.push(...ids.map((id) => ({ id })));
      },
      rollback: () => finish(xid),
    };
    return tx;
  };
  /** Transactions that each take one id and commit at once. */
  const commitNew = (count: number) => {
    for (let i = 0; i < count; i++) begin().take().commit();
  };
  return {
    feed,
    delivered,
    deliveredLate,
    asked,
    givenUp,
    begin,
    commitNew,
    hooks,
    /** A start-up read: every row after `after`, as `readStart` reads them. */
    readAll: (after = 0) => fetch(after, [], Infinity),
    tick: (ms: number) => (clock += ms),
  };
}

describe("ChangeFeed", () => {
  it("delivers in id order, holding rows behind a gap until it fills", async () => {
    const { feed, delivered, begin, commitNew } = setup(true);
    commitNew(2);
    const slow = begin().take(); // id 3
    commitNew(2);
    await feed.poke();
    expect(delivered).toEqual([1, 2]);
    await feed.poke();
    expect(delivered).toEqual([1, 2]); // still running: held, however many fetches pass
    slow.commit();
    await feed.poke();
    expect(delivered).toEqual([1, 2, 3, 4, 5]);
    expect(feed.watermark).toBe(5);
  });

  it("gives up a gap at the first fetch after its transaction rolled back", async () => {
    const { feed, delivered, givenUp, begin, commitNew } = setup(true);
    commitNew(1);
    const doomed = begin().take();
    commitNew(1);
    await feed.poke();
    expect(delivered).toEqual([1]);
    doomed.rollback();
    await feed.poke();
    expect(delivered).toEqual([1, 3]);
    expect(givenUp).toEqual([]); // not a timeout: no clock moved
  });

  it("gives up at once a gap left by a transaction already rolled back", async () => {
    const { feed, delivered, begin, commitNew } = setup(true);
    begin().take().rollback();
    commitNew(1);
    await feed.poke(); // nothing was running when it read: nobody can write id 1 any more
    expect(delivered).toEqual([2]);
  });

  it("does not give up in the fetch that found it a gap whose writer was running then", async () => {
    const { feed, delivered, begin, commitNew } = setup(true);
    const late = begin().take();
    commitNew(1);
    await feed.poke();
    late.commit(); // after the snapshot, before anything else: still delivered, in order
    await feed.poke();
    expect(delivered).toEqual([1, 2]);
  });

  it("holds a gap whose writer got its transaction id after the last one to finish", async () => {
    // PostgreSQL leaves such a writer out of the snapshot's running list: the list alone would
    // have given the gap up at once and lost the row.
    const { feed, delivered, begin } = setup(true);
    const first = begin(); // the older transaction id
    const second = begin();
    second.take(); // id 1
    first.take().commit(); // id 2, committed first
    await feed.poke();
    await feed.poke();
    await feed.poke();
    expect(delivered).toEqual([]);
    second.commit();
    await feed.poke();
    expect(delivered).toEqual([1, 2]);
  });

  it("waits for every transaction that could hold the id, not only for later fetches", async () => {
    const { feed, delivered, begin, commitNew } = setup(true);
    const other = begin().take(); // id 1, commits late
    const doomed = begin().take(); // id 2
    commitNew(1); // id 3
    await feed.poke();
    doomed.rollback();
    await feed.poke();
    expect(delivered).toEqual([]); // 1 still running
    other.commit();
    await feed.poke();
    expect(delivered).toEqual([1, 3]);
  });

  it("gives up a gap at its writer's rollback while an older transaction that wrote no row runs on", async () => {
    // A long transaction elsewhere (a migration, a session left open, another database) is older
    // than the gap's ceiling: by the ceiling alone the gap would wait for it, up to the last resort.
    const { feed, delivered, givenUp, begin, commitNew } = setup(true);
    const elsewhere = begin();
    commitNew(1);
    const doomed = begin().take();
    commitNew(1);
    await feed.poke();
    expect(delivered).toEqual([1]);
    await feed.poke();
    expect(delivered).toEqual([1]); // its writer still runs
    doomed.rollback();
    await feed.poke();
    expect(delivered).toEqual([1, 3]);
    expect(givenUp).toEqual([]);
    elsewhere.commit();
  });

  it("delivers a row whose writer committed between the fetch's snapshot and its list of writers", async () => {
    // Missing from that list, yet its row was not in that snapshot: the gap must not be judged on
    // the list in the same fetch.
    const { feed, delivered, begin, commitNew, hooks } = setup(true);
    const elsewhere = begin();
    const late = begin().take();
    commitNew(1);
    hooks.betweenSnapshotAndWriters = () => late.commit();
    await feed.poke();
    hooks.betweenSnapshotAndWriters = () => {};
    await feed.poke();
    expect(delivered).toEqual([1, 2]);
    elsewhere.commit();
  });

  it("waits for every older transaction when the writers could not all be told", async () => {
    const { feed, delivered, begin, commitNew, hooks } = setup(true);
    hooks.writersUnknown = true; // (a prepared transaction held the table)
    const elsewhere = begin();
    const doomed = begin().take();
    commitNew(1);
    await feed.poke();
    doomed.rollback();
    await feed.poke();
    expect(delivered).toEqual([]);
    elsewhere.commit();
    await feed.poke();
    expect(delivered).toEqual([2]);
  });

  it("keeps holding a gap whose transaction runs long, and delivers it when it commits", async () => {
    const { feed, delivered, givenUp, begin, commitNew, tick } = setup(true, "the default");
    const slow = begin().take();
    commitNew(1);
    await feed.poke();
    tick(10_000); // a slow commit on a busy machine: not lost, as it was after 5 s
    await feed.poke();
    expect(delivered).toEqual([]);
    slow.commit();
    await feed.poke();
    expect(delivered).toEqual([1, 2]);
    expect(givenUp).toEqual([]);
  });

  it("gives a gap up after gapTimeoutMs as a last resort, and delivers it late, apart and once, if it commits", async () => {
    const { feed, delivered, deliveredLate, givenUp, begin, commitNew, tick } = setup(true);
    commitNew(1);
    const stuck = begin().take();
    commitNew(1);
    await feed.poke();
    expect(delivered).toEqual([1]);
    tick(1500);
    await feed.poke();
    expect(delivered).toEqual([1, 3]);
    expect(givenUp).toEqual([2]);
    commitNew(1);
    await feed.poke();
    expect(deliveredLate).toEqual([]);
    stuck.commit(); // after the last resort: not in order any more, but not lost
    await feed.poke();
    expect(delivered).toEqual([1, 3, 4]);
    expect(deliveredLate).toEqual([2]);
    await feed.poke();
    expect(deliveredLate).toEqual([2]);
    feed.stop();
  });

  it("stops looking for an id given up once its writer is seen ended without it", async () => {
    const { feed, asked, begin, commitNew, tick } = setup(true);
    const elsewhere = begin(); // older, writes nothing: the ceiling alone would wait for it
    const doomed = begin().take();
    commitNew(1);
    await feed.poke();
    tick(1500);
    await feed.poke(); // given up, still looked for
    await feed.poke();
    expect(asked.at(-1)).toEqual([1]);
    doomed.rollback();
    await feed.poke(); // reads after its writer ended: nobody will write it
    await feed.poke();
    expect(asked.at(-1)).toEqual([]);
    elsewhere.commit();
    feed.stop();
  });

  it("looks for the newest 100 ids given up, no more", async () => {
    const { feed, asked, begin, commitNew, tick } = setup(true);
    begin().take(101); // ids 1..101, left open
    commitNew(1);
    await feed.poke();
    tick(1500);
    await feed.poke();
    await feed.poke();
    expect(asked.at(-1)).toEqual(Array.from({ length: 100 }, (_, i) => i + 2));
    feed.stop();
  });

  it("stops looking for an id given up LATE_WATCH_MS ago", async () => {
    const { feed, asked, deliveredLate, begin, commitNew, tick } = setup(true);
    const stuck = begin().take();
    commitNew(1);
    await feed.poke();
    tick(1500);
    await feed.poke();
    tick(LATE_WATCH_MS - 1);
    await feed.poke();
    expect(asked.at(-1)).toEqual([1]);
    tick(1);
    await feed.poke();
    await feed.poke();
    expect(asked.at(-1)).toEqual([]);
    stuck.commit();
    await feed.poke();
    expect(deliveredLate).toEqual([]);
    feed.stop();
  });

  it("unordered: delivers a row given up by the last resort when it commits, with the others", async () => {
    const { feed, delivered, deliveredLate, begin, commitNew, tick } = setup(false);
    const stuck = begin().take();
    commitNew(1);
    await feed.poke();
    tick(1500);
    await feed.poke();
    stuck.commit();
    await feed.poke();
    expect(delivered).toEqual([2, 1]);
    expect(deliveredLate).toEqual([]);
    feed.stop();
  });

  it("unordered: delivers at once, and still picks up a late row once", async () => {
    const { feed, delivered, begin, commitNew } = setup(false);
    commitNew(1);
    const late = begin().take();
    commitNew(1);
    await feed.poke();
    expect(delivered).toEqual([1, 3]);
    late.commit();
    await feed.poke();
    await feed.poke();
    expect(delivered).toEqual([1, 3, 2]);
    expect(feed.watermark).toBe(3);
  });

  it("judges gaps only on a fetch that was not cut short by its limit", async () => {
    const { feed, delivered, begin, commitNew } = setup(true);
    const big = begin().take(1001); // ids 1..1001
    commitNew(1); // id 1002
    await feed.poke();
    big.commit(); // the next fetch returns 1..1000 only: 1001 has filled too
    await feed.poke();
    await feed.poke();
    expect(delivered).toEqual(Array.from({ length: 1002 }, (_, i) => i + 1));
  });

  it("asks for at most 1,000 gaps at a time, and judges only those it asked for", async () => {
    const asked: number[] = [];
    const feed = new ChangeFeed<FeedRow>({
      ordered: true,
      fetch: async (after, gaps) => {
        asked.push(gaps.length);
        if (after === 0) return { rows: [{ id: 2501 }], snapshot: "5:9:5", xidCeiling: "10" };
        return { rows: [], snapshot: "50:50:" };
      },
      deliver: () => {},
    });
    // 2,500 ids still being written (a transaction holding them runs: xmin 5 < ceiling 10).
    await feed.poke();
    expect(feed.watermark).toBe(0);
    await feed.poke(); // xmin 50: every writer ended; 1,000 gaps asked for and given up
    await feed.poke();
    await feed.poke();
    expect(asked).toEqual([0, 1000, 1000, 500]);
    expect(feed.watermark).toBe(2501);
    feed.stop();
  });

  it("at start-up, follows an id still being written and delivers only it when it commits", async () => {
    const { feed, delivered, begin, commitNew, readAll } = setup(true);
    commitNew(1);
    const late = begin().take(); // id 2, still running at start-up
    commitNew(1);
    feed.startFrom(0, await readAll());
    expect(feed.watermark).toBe(1);
    let caughtUp = false;
    const waiting = feed.caughtUp(3).then(() => (caughtUp = true));
    await feed.poke();
    expect(caughtUp).toBe(false);
    late.commit();
    await feed.poke();
    await waiting;
    expect(delivered).toEqual([2]); // 1 and 3 were committed before: past, not sent as new
    expect(feed.watermark).toBe(3);
    feed.stop();
  });

  it("at start-up, passes at once over ids nobody can fill any more", async () => {
    const { feed, delivered, begin, commitNew, readAll } = setup(true);
    commitNew(1);
    begin().take().rollback(); // nothing else runs: given up in the start-up read itself
    commitNew(1);
    feed.startFrom(0, await readAll());
    expect(feed.watermark).toBe(3);
    await feed.caughtUp(3);
    commitNew(1);
    await feed.poke();
    expect(delivered).toEqual([4]);
    feed.stop();
  });

  it("at start-up, catches up through the last resort if a writer never ends", async () => {
    const { feed, delivered, givenUp, begin, commitNew, readAll, tick } = setup(true);
    begin().take(); // left open
    commitNew(1);
    feed.startFrom(0, await readAll());
    const waiting = feed.caughtUp(2);
    tick(1500);
    await feed.poke();
    await waiting;
    expect(givenUp).toEqual([1]);
    expect(delivered).toEqual([]);
    feed.stop();
  });

  it("at start-up, keeps a gap whose writer commits between the read's snapshot and its writers' list", async () => {
    const { feed, delivered, begin, commitNew, hooks, readAll } = setup(true);
    commitNew(1);
    const late = begin().take();
    commitNew(1);
    hooks.betweenSnapshotAndWriters = () => late.commit(); // in neither: judged at the next fetch
    const start = await readAll();
    hooks.betweenSnapshotAndWriters = () => {};
    feed.startFrom(0, start);
    expect(feed.watermark).toBe(1);
    await feed.poke();
    expect(delivered).toEqual([2]);
    feed.stop();
  });

  it("lets those waiting to catch up go when it stops", async () => {
    const { feed, begin, commitNew, readAll } = setup(true);
    begin().take();
    commitNew(1);
    feed.startFrom(0, await readAll());
    const waiting = feed.caughtUp(2);
    feed.stop();
    await waiting;
  });

  it("starts after a given id", async () => {
    const { feed, delivered, commitNew } = setup(true);
    commitNew(3);
    feed.startAfter(2);
    await feed.poke();
    expect(delivered).toEqual([3]);
  });

  it("reads a snapshot's text: its oldest running transaction, and which had ended", () => {
    const snapshot = parseSnapshot("100:105:100,103");
    expect(snapshot.xmin).toBe(100n);
    expect([99n, 100n, 101n, 103n, 104n, 105n, 106n].map(snapshot.ended)).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
      false,
    ]);
    expect(parseSnapshot("105:105:").xmin).toBe(105n);
    expect(parseSnapshot("105:105:").ended(104n)).toBe(true);
  });

  it("widens a 32-bit transaction id against a later 64-bit one, across an epoch", () => {
    expect(widenXid("700", 5n * 2n ** 32n + 900n)).toBe(5n * 2n ** 32n + 700n);
    expect(widenXid(String(2 ** 32 - 10), 5n * 2n ** 32n + 5n)).toBe(5n * 2n ** 32n - 10n);
    expect(widenXid("900", 900n)).toBe(900n);
  });
});

describe("ChangeFeed pokes", () => {
  it("answers a poke made during a fetch only after a fetch that started after it", async () => {
    const visible: FeedRow[] = [];
    const delivered: number[] = [];
    let release = () => {};
    let calls = 0;
    const feed = new ChangeFeed<FeedRow>({
      ordered: true,
      fetch: async (after) => {
        calls++;
        const rows = visible.filter((r) => r.id > after); // the snapshot this fetch reads
        if (calls === 1) await new Promise<void>((r) => (release = r));
        return { rows, snapshot: "1:1:" };
      },
      deliver: (rows) => delivered.push(...rows.map((r) => r.id)),
    });
    const first = feed.poke(); // reads before the commit below
    visible.push({ id: 1 }); // committed while the first fetch runs
    const second = feed.poke();
    release();
    await first;
    await second;
    expect(delivered).toEqual([1]);
    expect(calls).toBe(2);
  });
});

describe("ChangeFeed minIntervalMs", () => {
  /** A feed that counts its fetches and how many ran at once. */
  function counted(minIntervalMs: number) {
    let calls = 0;
    let running = 0;
    let mostAtOnce = 0;
    const feed = new ChangeFeed<FeedRow>({
      ordered: false,
      minIntervalMs,
      fetch: async () => {
        calls++;
        mostAtOnce = Math.max(mostAtOnce, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return { rows: [], snapshot: "1:1:" };
      },
      deliver: () => {},
    });
    return { feed, calls: () => calls, mostAtOnce: () => mostAtOnce };
  }

  it("pokes soon after a fetch, even on an idle feed, share one more fetch", async () => {
    vi.useFakeTimers();
    try {
      const { feed, calls } = counted(50);
      const first = feed.poke();
      await vi.advanceTimersByTimeAsync(5);
      await first;
      const second = feed.poke();
      const third = feed.poke();
      await vi.advanceTimersByTimeAsync(20);
      expect(calls()).toBe(1); // still within 50 ms of the first fetch's start
      await vi.advanceTimersByTimeAsync(40);
      await Promise.all([second, third]);
      expect(calls()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("never runs two fetches at once, however the pokes fall", async () => {
    vi.useFakeTimers();
    try {
      const { feed, calls, mostAtOnce } = counted(10);
      const pokes: Promise<void>[] = [];
      for (let ms = 0; ms < 200; ms += 3) {
        pokes.push(feed.poke());
        await vi.advanceTimersByTimeAsync(3);
      }
      await vi.advanceTimersByTimeAsync(50);
      await Promise.all(pokes);
      expect(mostAtOnce()).toBe(1);
      expect(calls()).toBeLessThanOrEqual(Math.ceil(200 / 10) + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("ChangeFeed after a failed fetch", () => {
  it("waits a second before trying again, even with gaps open", async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const feed = new ChangeFeed<FeedRow>({
        ordered: true,
        fetch: async () => {
          calls++;
          if (calls === 1) return { rows: [{ id: 2 }], snapshot: "10:10:", xidCeiling: "11" };
          throw new Error("the database is gone");
        },
        deliver: () => {},
      });
      await feed.poke(); // id 1 is a gap: the feed asks again in 100 ms
      await vi.advanceTimersByTimeAsync(100);
      expect(calls).toBe(2); // failed
      await vi.advanceTimersByTimeAsync(900);
      expect(calls).toBe(2); // not every 100 ms while the database is down
      await vi.advanceTimersByTimeAsync(150);
      expect(calls).toBe(3);
      feed.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

import { describe, expect, it, vi } from "vitest";
import { ChangeFeed, type FeedRow } from "./change-feed";

/** A table whose rows become visible in any order, and a feed following it. */
function setup(ordered: boolean) {
  const visible: FeedRow[] = [];
  const delivered: number[] = [];
  let clock = 0;
  const feed = new ChangeFeed<FeedRow>({
    ordered,
    gapTimeoutMs: 1000,
    now: () => clock,
    fetch: async (after, gaps, limit) =>
      visible
        .filter((r) => r.id > after || gaps.includes(r.id))
        .sort((a, b) => a.id - b.id)
        .slice(0, limit),
    deliver: (rows) => delivered.push(...rows.map((r) => r.id)),
  });
  return {
    feed,
    delivered,
    commit: (...ids: number[]) => visible.push(...ids.map((id) => ({ id }))),
    tick: (ms: number) => (clock += ms),
  };
}

describe("ChangeFeed", () => {
  it("delivers in id order, holding rows behind a gap until it fills", async () => {
    const { feed, delivered, commit } = setup(true);
    commit(1, 2, 4, 5);
    await feed.poke();
    expect(delivered).toEqual([1, 2]);
    commit(3);
    await feed.poke();
    expect(delivered).toEqual([1, 2, 3, 4, 5]);
    expect(feed.watermark).toBe(5);
  });

  it("gives up on a gap after the timeout (a rolled-back transaction)", async () => {
    const { feed, delivered, commit, tick } = setup(true);
    commit(1, 3);
    await feed.poke();
    expect(delivered).toEqual([1]);
    tick(1500);
    await feed.poke();
    expect(delivered).toEqual([1, 3]);
    commit(2); // too late: never delivered, never twice
    await feed.poke();
    expect(delivered).toEqual([1, 3]);
  });

  it("unordered: delivers at once, and still picks up a late row once", async () => {
    const { feed, delivered, commit } = setup(false);
    commit(1, 3);
    await feed.poke();
    expect(delivered).toEqual([1, 3]);
    commit(2);
    await feed.poke();
    await feed.poke();
    expect(delivered).toEqual([1, 3, 2]);
    expect(feed.watermark).toBe(3);
  });

  it("starts after a given id", async () => {
    const { feed, delivered, commit } = setup(true);
    commit(1, 2, 3);
    feed.startAfter(2);
    await feed.poke();
    expect(delivered).toEqual([3]);
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
        return rows;
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
        return [];
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

import { describe, expect, it } from "vitest";
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

import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CHECKS_PER_NETWORK,
  MAX_WAIT_MS,
  WAITING_PER_NETWORK,
  withNetworkSlot,
} from "./network-slots";

afterEach(() => vi.useRealTimers());

/** A check that runs until `finish()` is called; `started` says whether it began. */
function heldCheck() {
  let finish = () => {};
  const state = { started: false };
  const work = () =>
    new Promise<string>((resolve) => {
      state.started = true;
      finish = () => resolve("checked");
    });
  return { work, state, finish: () => finish() };
}

describe("withNetworkSlot (password checks per network)", () => {
  it("runs 4 checks of a network at once, queues 16 more in order, and refuses the next at once", async () => {
    const checks = Array.from({ length: CHECKS_PER_NETWORK + WAITING_PER_NETWORK }, heldCheck);
    const answers = checks.map((c) => withNetworkSlot("2001:db8:1:1::7", c.work));
    await Promise.resolve();
    expect(checks.filter((c) => c.state.started)).toHaveLength(CHECKS_PER_NETWORK);
    // Another address of the same /64 is the same network: no place left, refused.
    await expect(withNetworkSlot("2001:db8:1:1::8", heldCheck().work)).rejects.toMatchObject({
      code: "rate_limited",
      status: 429,
      extra: { retryAfterSeconds: 5 },
    });
    // Another network is not held up.
    const elsewhere = heldCheck();
    const answer = withNetworkSlot("203.0.113.9", elsewhere.work);
    await Promise.resolve();
    expect(elsewhere.state.started).toBe(true);
    elsewhere.finish();
    await expect(answer).resolves.toBe("checked");

    // One finishes: the first in the queue starts, the others keep waiting.
    checks[0]!.finish();
    await answers[0];
    await Promise.resolve();
    expect(checks[CHECKS_PER_NETWORK]!.state.started).toBe(true);
    expect(checks[CHECKS_PER_NETWORK + 1]!.state.started).toBe(false);
    // The rest, in the order they came, each let in as one before it finishes.
    for (const c of checks) {
      await vi.waitFor(() => expect(c.state.started).toBe(true));
      c.finish();
    }
    await expect(Promise.all(answers)).resolves.toHaveLength(checks.length);
  });

  it("refuses a check that waited 5 s for its turn, and lets the next ones in", async () => {
    vi.useFakeTimers();
    const running = Array.from({ length: CHECKS_PER_NETWORK }, heldCheck);
    const answers = running.map((c) => withNetworkSlot("198.51.100.4", c.work));
    const late = heldCheck();
    const lateAnswer = withNetworkSlot("198.51.100.4", late.work);
    const refusal = expect(lateAnswer).rejects.toMatchObject({ code: "rate_limited" });
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS);
    await refusal;
    expect(late.state.started).toBe(false);

    for (const c of running) c.finish();
    await Promise.all(answers);
    // The network's places are free again.
    const next = heldCheck();
    const nextAnswer = withNetworkSlot("198.51.100.4", next.work);
    await Promise.resolve();
    expect(next.state.started).toBe(true);
    next.finish();
    await expect(nextAnswer).resolves.toBe("checked");
  });
});

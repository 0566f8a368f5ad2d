import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { streamsOf, type OpenStream } from "../../test/event-stream";
import { createSeller, createShopper } from "../../test/sessions";
import { useTestApp } from "../../test/test-app";
import { OrderStreamHub } from "./order-stream-hub";
import type { StreamAudience } from "./order-stream-registry";
import { MAX_STREAMS_PER_SESSION } from "./stream-limits";

// A process that holds at most 3 streams (ORDER_STREAM_LIMIT, decision 034).
const t = useTestApp({ ORDER_STREAM_LIMIT: "3" }, { streamHeartbeatMs: 300 });
const stream = streamsOf(t);
const shopperStream = async () =>
  stream("/api/order/user/events", (await createShopper(t.database.db)).cookies);

/** `s` was refused as a full process answers: 503 JSON, before any event-stream header. */
async function expectRefused(s: OpenStream) {
  await s.ended;
  expect(s.status).toBe(503);
  expect(s.contentType).toMatch(/^application\/json/);
  expect(s.headers["retry-after"]).toBe("30");
  expect(s.headers["cache-control"]).toBe("no-store");
  expect(s.headers["x-accel-buffering"]).toBeUndefined();
  expect(JSON.parse(s.body)).toEqual({
    success: false,
    code: "unavailable",
    message:
      "Live order updates are busy right now. Your orders still refresh on their own; live updates will be back shortly.",
  });
}

describe("a process's limit of live order streams", () => {
  it("answers a stream past it 503 with Retry-After before any event, and lets one in again once one closes", async () => {
    expect(t.app.deps.orderStreams.limit).toBe(3);
    const held = [await shopperStream(), await shopperStream(), await shopperStream()];
    expect(held.map((s) => s.status)).toEqual([200, 200, 200]);

    await expectRefused(await shopperStream());
    expect(t.app.deps.orderStreams.size).toBe(3);

    held[0]!.close();
    await vi.waitFor(() => expect(t.app.deps.orderStreams.size).toBe(2));
    const admitted = await shopperStream();
    expect(admitted.status).toBe(200);
    expect(admitted.contentType).toBe("text/event-stream; charset=utf-8");
    await admitted.next((e) => e.comment === "heartbeat");
    await expectRefused(await shopperStream());
  });

  it("lets the shop's own streams in when shoppers' fill it: the seller's queue stays live in a sale", async () => {
    const held = [await shopperStream(), await shopperStream(), await shopperStream()];
    expect(held.map((s) => s.status)).toEqual([200, 200, 200]);
    const seller = await createSeller(t.database.db);
    const queue = await stream("/api/order/seller/events", seller.cookies);
    expect(queue.status).toBe(200);
    await queue.next((e) => e.comment === "heartbeat");
    expect(t.app.deps.orderStreams.size).toBe(4);
    await expectRefused(await shopperStream());
  });
});

/** A response as the hub uses it: written to, ended, closed by its client. */
class FakeResponse extends EventEmitter {
  destroyed = false;
  writableLength = 0;
  ended = false;
  write() {
    return true;
  }
  end() {
    this.ended = true;
    this.clientLeft();
  }
  /** The client goes away: the socket closes, as Node tells it. */
  clientLeft() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.emit("close");
  }
}

describe("OrderStreamHub's limits", () => {
  const hubs: OrderStreamHub[] = [];
  afterEach(() => hubs.splice(0).forEach((h) => h.closeAll()));
  /** A hub holding at most `process` streams, `account` per account (not started: no events). */
  function hubOf(
    limits: { process: number; account: number },
    liveSessions?: (hashes: string[]) => Promise<Set<string>>,
  ) {
    const hub = new OrderStreamHub(
      t.database,
      t.app.deps.urls,
      undefined,
      liveSessions,
      60_000,
      undefined,
      limits,
    );
    hubs.push(hub);
    const subscribe = async (audience: StreamAudience, session: string) => {
      const response = new FakeResponse();
      await hub.subscribe(response as unknown as ServerResponse, audience, session, undefined);
      return response;
    };
    return { hub, subscribe };
  }
  const shopper = (userId: string): StreamAudience => ({ kind: "shopper", userId });
  const seller = (sellerId: string): StreamAudience => ({ kind: "seller", sellerId });

  it("closes an account's oldest stream across its sessions, and keeps its own lookups in step", async () => {
    const { hub, subscribe } = hubOf({ process: 10, account: 2 });
    const a1 = await subscribe(shopper("a"), "a-phone");
    const a2 = await subscribe(shopper("a"), "a-laptop");
    // Another account, and a seller account with the same id: counted apart.
    const b1 = await subscribe(shopper("b"), "b-phone");
    const s1 = await subscribe(seller("a"), "seller-tablet");
    const a3 = await subscribe(shopper("a"), "a-tablet");
    expect([a1.ended, a2.ended, b1.ended, s1.ended, a3.ended]).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(hub.size).toBe(4);

    // Logging out of one session, or a client leaving, frees its place in its account.
    hub.closeSession("a-laptop");
    expect(a2.ended).toBe(true);
    a3.clientLeft();
    expect(hub.size).toBe(2);
    const a4 = await subscribe(shopper("a"), "a-phone");
    const a5 = await subscribe(shopper("a"), "a-phone");
    expect([a4.ended, a5.ended, b1.ended, s1.ended]).toEqual([false, false, false, false]);
    await subscribe(shopper("a"), "a-laptop");
    expect(a4.ended).toBe(true);
    expect(hub.size).toBe(4);
  });

  it("when full, refuses a new stream but lets in one that takes the place of its session's or account's oldest", async () => {
    const { hub, subscribe } = hubOf({ process: 5, account: 3 });
    const session = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++)
      session.push(await subscribe(shopper("a"), "a-phone"));
    // (The session's 4 streams are past the account's 3: the account's cap closed its oldest.)
    expect(session.map((r) => r.ended)).toEqual([true, false, false, false]);
    await subscribe(shopper("b"), "b-phone");
    await subscribe(shopper("c"), "c-phone");
    expect(hub.size).toBe(5);

    expect(hub.hasRoomFor(shopper("d"), "d-phone")).toBe(false);
    expect(hub.hasRoomFor(seller("s"), "seller-tablet")).toBe(true); // the shop's own
    expect(hub.hasRoomFor(shopper("b"), "b-laptop")).toBe(false); // b holds 1 of its 3
    // a holds its account's 3: a new one, from any of its sessions, takes the oldest's place.
    expect(hub.hasRoomFor(shopper("a"), "a-laptop")).toBe(true);
    await subscribe(shopper("a"), "a-laptop");
    expect(session[1]!.ended).toBe(true);
    expect(hub.size).toBe(5);
  });

  it("when full, lets a session at its own limit replace its oldest stream", async () => {
    const { hub, subscribe } = hubOf({ process: MAX_STREAMS_PER_SESSION + 1, account: 16 });
    const session = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++)
      session.push(await subscribe(shopper("a"), "a-phone"));
    await subscribe(shopper("b"), "b-phone");
    expect(hub.hasRoomFor(shopper("a"), "a-laptop")).toBe(false);
    expect(hub.hasRoomFor(shopper("a"), "a-phone")).toBe(true);
    await subscribe(shopper("a"), "a-phone");
    expect(session[0]!.ended).toBe(true);
    expect(hub.size).toBe(MAX_STREAMS_PER_SESSION + 1);
  });

  it("never holds a stream whose client left before it opened", async () => {
    const { hub } = hubOf({ process: 1, account: 16 });
    const gone = new FakeResponse();
    gone.clientLeft();
    await hub.subscribe(gone as unknown as ServerResponse, shopper("a"), "a-phone", undefined);
    expect(hub.size).toBe(0);
    expect(hub.hasRoomFor(shopper("b"), "b-phone")).toBe(true);
  });

  it("ends at a heartbeat the streams of sessions found dead, not one that opened while it asked", async () => {
    let asked: string[] = [];
    let answer: (alive: Set<string>) => void = () => {};
    const { hub, subscribe } = hubOf({ process: 10, account: 16 }, (hashes) => {
      asked = hashes;
      return new Promise((resolve) => (answer = resolve));
    });
    const loggedOut = await subscribe(shopper("a"), "a-old");
    const stillIn = await subscribe(shopper("b"), "b-phone");
    const beat = (hub as unknown as { beat(): Promise<void> }).beat();
    expect(asked).toEqual(["a-old", "b-phone"]);
    const fresh = await subscribe(shopper("a"), "a-new");
    answer(new Set(["b-phone"]));
    await beat;
    expect([loggedOut.ended, stillIn.ended, fresh.ended]).toEqual([true, false, false]);
    expect(hub.size).toBe(2);
  });
});

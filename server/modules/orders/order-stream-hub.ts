import type { ServerResponse } from "node:http";
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Order } from "../../../contract/order";
import { BUSY_FEED_INTERVAL_MS, ChangeFeed } from "../../db/change-feed";
import type { ChangeSignal } from "../../db/change-signal";
import type { Database } from "../../db/database";
import { LATE_WATCH_MS } from "../../db/feed-ids";
import { afterOrIn, readInOneSnapshot, readStart } from "../../db/feed-reads";
import { orderEvents, orders } from "../../db/schema";
import type { PublicUrls } from "../media/public-urls";
import { isVisible } from "./orders-service";
import { toOrders } from "./order-view";
import { MAX_STREAMS } from "./stream-limits";

/** What an event row says, as both the live feed and a replay read it. */
const eventColumns = {
  id: orderEvents.id,
  orderId: orderEvents.orderId,
  userId: orderEvents.userId,
  status: orderEvents.status,
  at: orderEvents.at,
};

/** Who a stream is for: the seller (every order) or a shopper (their own), and which account. */
export type StreamAudience =
  { kind: "seller"; sellerId: string } | { kind: "shopper"; userId: string };

/** The account a stream counts against (`MAX_STREAMS_PER_ACCOUNT`). */
const accountOf = (audience: StreamAudience) =>
  audience.kind === "seller" ? `seller:${audience.sellerId}` : `user:${audience.userId}`;

interface EventRow {
  id: number;
  orderId: string;
  userId: string;
  status: string;
  at: Date;
}

interface Subscriber {
  audience: StreamAudience;
  /** The session it belongs to (sha256 of the cookie), to close it at logout. */
  session: string;
  /** `accountOf(audience)`. */
  account: string;
  response: ServerResponse;
  /** Highest event id written to it. */
  lastSent: number;
  /**
   * Events up to this id were committed before it subscribed: it is sent the ones among them still
   * being written at this process's start-up (news to it) without their ids, so that a reconnect
   * never asks for the rest.
   */
  past: number;
  /** Live events that arrived while its replay was running. */
  held?: { id: number; frame: string }[];
}

/** Streams one session may hold; a newer one closes the oldest (a tab reopened, a phone back online). */
export const MAX_STREAMS_PER_SESSION = 4;
/**
 * Streams one account may hold across its sessions (each login is a new session); a newer one
 * closes the account's oldest. A family sharing one shopper account on four devices with up to
 * four tabs each, or a shop's staff sharing one seller login on several tablets, stay under it;
 * logging in again and again no longer buys streams without end (decision 034).
 */
export const MAX_STREAMS_PER_ACCOUNT = 16;
export const HEARTBEAT_MS = 15_000;
const REPLAY_BATCH = 500;

/** How many streams the hub holds (tests lower them). */
export interface StreamLimits {
  /** In this process: past it a new stream is refused (`hasRoomFor`), not let in. */
  process: number;
  /** Per account, across its sessions: a newer stream closes the account's oldest. */
  account: number;
}

/** Late events kept for pages that reconnect after they were sent (at most this many, this long). */
const KEPT_LATE = 100;
const KEPT_LATE_MS = LATE_WATCH_MS;

/** Sent to a stream ended for a newer one of its session or account (`endOldest`). */
export const REPLACED_FRAME = "event: replaced\ndata: a newer stream took this one's place\n\n";

/** An event's frame without its `id:` line: news to the stream, not a point to resume from. */
const withoutId = (frame: string) => frame.replace(/^id: \d+\n/, "");

/** Adds `subscriber` to the streams of `key`, oldest first. */
function addTo(map: Map<string, Set<Subscriber>>, key: string, subscriber: Subscriber): void {
  const streams = map.get(key);
  if (streams) streams.add(subscriber);
  else map.set(key, new Set([subscriber]));
}

function removeFrom(map: Map<string, Set<Subscriber>>, key: string, subscriber: Subscriber): void {
  const streams = map.get(key);
  if (streams?.delete(subscriber) && streams.size === 0) map.delete(key);
}

/**
 * The live order streams of this process (server-sent events). Order changes are read, in the
 * order they were committed, from the order_events table that every process writes in the same
 * transaction as the change (ChangeFeed), so a change made through any process reaches every
 * subscriber; a reconnect with Last-Event-ID first replays what it missed from the same table.
 */
export class OrderStreamHub {
  private readonly subscribers = new Set<Subscriber>();
  /**
   * The same streams by session and by account, each oldest first: a session's or an account's
   * own are found without a walk over them all.
   */
  private readonly bySession = new Map<string, Set<Subscriber>>();
  private readonly byAccount = new Map<string, Set<Subscriber>>();
  private readonly limits: StreamLimits;
  private readonly feed: ChangeFeed<EventRow>;
  private delivering: Promise<void> = Promise.resolve();
  private heartbeat: NodeJS.Timeout | undefined;
  /** The highest event id committed when this process started following them. */
  private startedAt = 0;
  /** Late events sent lately, oldest first: a page reconnecting from a higher id gets them too. */
  private late: { row: EventRow; sentAt: number }[] = [];

  constructor(
    private readonly database: Database,
    private readonly urls: PublicUrls,
    private readonly log?: Pick<Logger, "info" | "warn" | "error">,
    /** Checks which of these sessions are still alive (logout in another process, expiry). */
    private readonly liveSessions?: (hashes: string[]) => Promise<Set<string>>,
    private readonly heartbeatMs = HEARTBEAT_MS,
    /** How long an event still being written holds the streams (`GAP_TIMEOUT_MS`; tests shorten it). */
    gapTimeoutMs?: number,
    /** `MAX_STREAMS` in the process and `MAX_STREAMS_PER_ACCOUNT` unless given. */
    limits: Partial<StreamLimits> = {},
  ) {
    this.limits = { process: MAX_STREAMS, account: MAX_STREAMS_PER_ACCOUNT, ...limits };
    this.feed = new ChangeFeed<EventRow>({
      ordered: true,
      minIntervalMs: BUSY_FEED_INTERVAL_MS,
      fetch: (after, gaps, limit) =>
        readInOneSnapshot(this.database.db, orderEvents, after, (tx) =>
          tx
            .select(eventColumns)
            .from(orderEvents)
            .where(afterOrIn(orderEvents.id, after, gaps))
            .orderBy(asc(orderEvents.id))
            .limit(limit),
        ),
      deliver: (rows) => this.enqueue(() => this.broadcast(rows)),
      onError: (error) => this.log?.warn({ err: error }, "could not read order events"),
      onGapTimeout: (ids) =>
        this.log?.warn(
          { ids },
          "order events no longer waited for (their transactions ran too long); still watched for 10 minutes",
        ),
      deliverLate: (rows) => {
        this.log?.info(
          { ids: rows.map((r) => r.id) },
          "order events no longer waited for came late",
        );
        this.enqueue(() => this.broadcastLate(rows));
      },
      gapTimeoutMs,
    });
  }

  async start(signal: ChangeSignal): Promise<void> {
    // After the events committed by now; those still being written (ids skipped) follow in order.
    const start = await readStart(this.database.db, orderEvents, orderEvents.id);
    this.feed.startFrom(start.after, start.batch);
    this.startedAt = start.highest;
    signal.onChange(() => this.feed.poke());
    this.heartbeat = setInterval(() => void this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** The most streams this process holds. */
  get limit(): number {
    return this.limits.process;
  }

  /**
   * Whether a new stream of this session may open now: the process holds fewer than its limit, or
   * the new one takes the place of the session's or the account's oldest (which `subscribe`
   * closes), so the count does not grow. Asked before any header is written: a stream refused
   * is answered 503, and the page polls instead.
   */
  hasRoomFor(audience: StreamAudience, session: string): boolean {
    return (
      // The shop's own streams are let in even when the process is full: the seller's queue
      // must stay live in a flash sale. They stay few: 16 per seller account, and seller accounts
      // are made only by `seller:create`, never by a sign-up.
      audience.kind === "seller" ||
      this.subscribers.size < this.limits.process ||
      (this.bySession.get(session)?.size ?? 0) >= MAX_STREAMS_PER_SESSION ||
      (this.byAccount.get(accountOf(audience))?.size ?? 0) >= this.limits.account
    );
  }

  /**
   * Starts streaming to `response` (headers already written; `hasRoomFor` said yes, with nothing
   * awaited since). The session's oldest stream is closed past `MAX_STREAMS_PER_SESSION`, then
   * the account's past its limit. With `lastEventId`, every event after it is sent first, then
   * live ones, none twice and none missed.
   */
  async subscribe(
    response: ServerResponse,
    audience: StreamAudience,
    session: string,
    lastEventId: number | undefined,
  ): Promise<void> {
    // A client gone before its stream opened (while its session was checked) is never held: its
    // `close` has already fired, and nothing would take it out again.
    if (response.destroyed) return;
    const account = accountOf(audience);
    this.endOldest(this.bySession.get(session), MAX_STREAMS_PER_SESSION - 1);
    this.endOldest(this.byAccount.get(account), this.limits.account - 1);
    const subscriber: Subscriber = {
      audience,
      session,
      account,
      response,
      lastSent: lastEventId ?? this.feed.watermark,
      past: lastEventId ?? Math.max(this.feed.watermark, this.startedAt),
      held: lastEventId === undefined ? undefined : [],
    };
    this.subscribers.add(subscriber);
    addTo(this.bySession, session, subscriber);
    addTo(this.byAccount, account, subscriber);
    response.on("close", () => this.forget(subscriber));
    response.write(`retry: 3000\n\n`);
    if (lastEventId === undefined) return;
    try {
      // A replay reads up to what the live feed has settled; right after start-up that may be
      // below events committed before it, which the feed takes as past and never sends.
      await this.feed.caughtUp(this.startedAt);
      if (!this.subscribers.has(subscriber)) return; // closed meanwhile
      // An id past every event written (made up, or from another store's database) resumes from
      // the newest: kept, it would hold back every event below it, for ever.
      const [newest] = await this.database.db
        .select({ id: sql<string | null>`max(${orderEvents.id})::text` })
        .from(orderEvents);
      const resumeFrom = Math.min(lastEventId, Number(newest?.id ?? 0));
      subscriber.lastSent = subscriber.past = resumeFrom;
      await this.replay(subscriber, resumeFrom);
      // Late events below the id it resumes from were sent while it may have been away, and no
      // replay reads them: their orders go to it as they are now, as news (the order may have
      // moved on since, and a list that let it go must not take it back at the late status).
      const since = Date.now() - KEPT_LATE_MS;
      await this.sendCurrent(
        subscriber,
        this.late
          .filter(
            ({ row, sentAt }) =>
              sentAt > since &&
              row.id <= resumeFrom &&
              (subscriber.audience.kind === "seller" || subscriber.audience.userId === row.userId),
          )
          .map(({ row }) => row.orderId),
      );
    } finally {
      const held = subscriber.held ?? [];
      subscriber.held = undefined;
      for (const event of held) this.write(subscriber, event.id, event.frame);
    }
  }

  /** Ends the streams of a session (logout). */
  closeSession(session: string): void {
    for (const subscriber of this.bySession.get(session) ?? []) this.end(subscriber);
  }

  /** Ends every stream (shutdown). */
  closeAll(): void {
    clearInterval(this.heartbeat);
    this.feed.stop();
    for (const subscriber of this.subscribers) this.end(subscriber);
  }

  private async replay(subscriber: Subscriber, after: number): Promise<void> {
    // Only up to what the live feed has settled: anything later arrives live, in order.
    const until = this.feed.watermark;
    for (let from = after; from < until;) {
      const rows = await this.database.db
        .select(eventColumns)
        .from(orderEvents)
        .where(
          and(
            gt(orderEvents.id, from),
            lte(orderEvents.id, until),
            subscriber.audience.kind === "shopper"
              ? eq(orderEvents.userId, subscriber.audience.userId)
              : undefined,
          ),
        )
        .orderBy(asc(orderEvents.id))
        .limit(REPLAY_BATCH);
      if (rows.length === 0) break;
      const frames = await this.frames(rows);
      for (const { row, frame, visibleToShopper } of frames)
        if (this.wants(subscriber, row, visibleToShopper)) this.write(subscriber, row.id, frame);
      from = rows.at(-1)!.id;
      if (rows.length < REPLAY_BATCH) break;
    }
    subscriber.lastSent = Math.max(subscriber.lastSent, until);
  }

  private async broadcast(rows: EventRow[]): Promise<void> {
    if (this.subscribers.size === 0) return;
    for (const { row, frame, visibleToShopper } of await this.frames(rows)) {
      for (const subscriber of this.subscribers) {
        if (!this.wants(subscriber, row, visibleToShopper)) continue;
        if (subscriber.held) subscriber.held.push({ id: row.id, frame });
        else this.write(subscriber, row.id, frame);
      }
    }
  }

  /** Runs `delivery` after the ones before it: the streams get events in the order the feed gave them. */
  private enqueue(delivery: () => Promise<void>): void {
    this.delivering = this.delivering
      .then(delivery)
      .catch((error: unknown) => this.log?.error({ err: error }, "order stream delivery failed"));
  }

  /**
   * Events no longer waited for (their transactions ran past the last resort) that committed after
   * all: sent to every open stream they concern, without their ids, as news. A stream may get one
   * twice (from a replay, or a shopper's reconnect from an id below it), which the page takes as the
   * same news. Which orders they were is kept a while (`KEPT_LATE_MS`, at most `KEPT_LATE`): a
   * page that was away then and reconnects from a higher id is sent those orders as they are now.
   */
  private async broadcastLate(rows: EventRow[]): Promise<void> {
    const now = Date.now();
    this.late = [...this.late, ...rows.map((row) => ({ row, sentAt: now }))]
      .filter((l) => now - l.sentAt < KEPT_LATE_MS)
      .slice(-KEPT_LATE);
    if (this.subscribers.size === 0) return;
    for (const { row, frame, visibleToShopper } of await this.frames(rows)) {
      for (const subscriber of this.subscribers)
        if (this.wants(subscriber, row, visibleToShopper)) this.send(subscriber, withoutId(frame));
    }
  }

  /** The orders as they are now, each as news (no id) to `subscriber`, if it may see them. */
  private async sendCurrent(subscriber: Subscriber, orderIds: string[]): Promise<void> {
    if (orderIds.length === 0) return;
    const orderRows = await this.database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [...new Set(orderIds)]));
    const visible = new Set(orderRows.filter(isVisible).map((o) => o.id));
    const views = await toOrders(this.database.db, orderRows, this.urls);
    if (!this.subscribers.has(subscriber)) return; // closed meanwhile
    for (const order of views) {
      if (subscriber.audience.kind === "shopper" && !visible.has(order._id)) continue;
      this.send(subscriber, `event: order\ndata: ${JSON.stringify(order)}\n\n`);
    }
  }

  /**
   * The seller is sent every event; a shopper those of their own orders that their list shows,
   * never one at Awaiting Payment (an online order is listed nowhere until paid: live, that event
   * went to nobody, and a replay after the payment must not send it either).
   */
  private wants(subscriber: Subscriber, row: EventRow, visibleToShopper: boolean): boolean {
    if (subscriber.audience.kind === "seller") return true;
    return (
      subscriber.audience.userId === row.userId &&
      visibleToShopper &&
      row.status !== "Awaiting Payment"
    );
  }

  /** Each event as an SSE frame: the order as the lists show it, at the status of that event. */
  private async frames(rows: EventRow[]) {
    const ids = [...new Set(rows.map((r) => r.orderId))];
    const orderRows = await this.database.db.select().from(orders).where(inArray(orders.id, ids));
    const views = new Map<string, Order>(
      (await toOrders(this.database.db, orderRows, this.urls)).map((o) => [o._id, o]),
    );
    const visible = new Set(orderRows.filter(isVisible).map((o) => o.id));
    return rows.flatMap((row) => {
      const order = views.get(row.orderId);
      if (!order) return [];
      const data = JSON.stringify({
        ...order,
        status: row.status,
        history: order.history.filter((h) => Date.parse(h.at) <= row.at.getTime()),
      });
      return [
        {
          row,
          frame: `id: ${row.id}\nevent: order\ndata: ${data}\n\n`,
          visibleToShopper: visible.has(row.orderId),
        },
      ];
    });
  }

  private write(subscriber: Subscriber, id: number, frame: string): void {
    if (id <= subscriber.lastSent && subscriber.held === undefined) return;
    subscriber.lastSent = Math.max(subscriber.lastSent, id);
    this.send(subscriber, id <= subscriber.past ? withoutId(frame) : frame);
  }

  /** Writes to a stream; one that stopped reading (its buffer keeps growing) is dropped, not waited for. */
  private send(subscriber: Subscriber, text: string): void {
    if (subscriber.response.writableLength > 1024 * 1024) return this.end(subscriber);
    subscriber.response.write(text);
  }

  private async beat(): Promise<void> {
    if (this.subscribers.size === 0) return;
    // Only the sessions asked about can be found dead: a stream opened while the answer was on
    // its way was not asked about (its session was checked as it opened), and stays open.
    const asked = new Set(this.bySession.keys());
    let alive: Set<string> | undefined;
    try {
      alive = await this.liveSessions?.([...asked]);
    } catch (error) {
      this.log?.warn({ err: error }, "could not check the sessions of order streams");
    }
    for (const subscriber of this.subscribers) {
      if (alive && asked.has(subscriber.session) && !alive.has(subscriber.session))
        this.end(subscriber);
      else subscriber.response.write(": heartbeat\n\n");
    }
  }

  /**
   * Ends the oldest of `streams` until `keep` are left, each told first that a newer stream took
   * its place (`event: replaced`): its page then polls until it is looked at again, rather than
   * reconnecting at once and ending the next oldest in its turn, round and round.
   */
  private endOldest(streams: Set<Subscriber> | undefined, keep: number): void {
    while (streams && streams.size > Math.max(0, keep)) {
      const [oldest] = streams;
      oldest!.response.write(REPLACED_FRAME);
      this.end(oldest!);
    }
  }

  private end(subscriber: Subscriber): void {
    this.forget(subscriber);
    subscriber.response.end();
  }

  /** Takes a stream out of the hub (ended here, or closed by its client). */
  private forget(subscriber: Subscriber): void {
    this.subscribers.delete(subscriber);
    removeFrom(this.bySession, subscriber.session, subscriber);
    removeFrom(this.byAccount, subscriber.account, subscriber);
  }
}

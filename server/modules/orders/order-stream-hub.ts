import type { ServerResponse } from "node:http";
import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import { BUSY_FEED_INTERVAL_MS, ChangeFeed } from "../../db/change-feed";
import type { ChangeSignal } from "../../db/change-signal";
import type { Database } from "../../db/database";
import { LATE_WATCH_MS } from "../../db/feed-ids";
import { readStart } from "../../db/feed-reads";
import { orderEvents } from "../../db/schema";
import type { PublicUrls } from "../media/public-urls";
import {
  eventFrames,
  eventsBetween,
  ordersAsNow,
  readNewEvents,
  wantsEvent,
  withoutId,
  type EventRow,
} from "./order-event-frames";
import {
  accountOf,
  StreamRegistry,
  type StreamAudience,
  type Subscriber,
} from "./order-stream-registry";
import { MAX_STREAMS, MAX_STREAMS_PER_ACCOUNT, type StreamLimits } from "./stream-limits";

export const HEARTBEAT_MS = 15_000;
const REPLAY_BATCH = 500;

/** Late events kept for pages that reconnect after they were sent (at most this many, this long). */
const KEPT_LATE = 100;
const KEPT_LATE_MS = LATE_WATCH_MS;

/**
 * The live order streams of this process (server-sent events). Order changes are read, in the
 * order they were committed, from the order_events table that every process writes in the same
 * transaction as the change (ChangeFeed), so a change made through any process reaches every
 * subscriber; a reconnect with Last-Event-ID first replays what it missed from the same table.
 * Which streams are open, and their limits, is its registry's (order-stream-registry.ts); what an
 * event looks like, and who may see it, order-event-frames.ts's.
 */
export class OrderStreamHub {
  private readonly streams: StreamRegistry;
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
    this.streams = new StreamRegistry({
      process: MAX_STREAMS,
      account: MAX_STREAMS_PER_ACCOUNT,
      ...limits,
    });
    this.feed = new ChangeFeed<EventRow>({
      ordered: true,
      minIntervalMs: BUSY_FEED_INTERVAL_MS,
      fetch: (after, gaps, limit) => readNewEvents(this.database.db, after, gaps, limit),
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
    return this.streams.size;
  }

  /** The most streams this process holds. */
  get limit(): number {
    return this.streams.limits.process;
  }

  /** Whether a new stream of this session may open now (`StreamRegistry.hasRoomFor`). */
  hasRoomFor(audience: StreamAudience, session: string): boolean {
    return this.streams.hasRoomFor(audience, session);
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
    const subscriber: Subscriber = {
      audience,
      session,
      account: accountOf(audience),
      response,
      lastSent: lastEventId ?? this.feed.watermark,
      past: lastEventId ?? Math.max(this.feed.watermark, this.startedAt),
      held: lastEventId === undefined ? undefined : [],
    };
    this.streams.add(subscriber);
    response.write(`retry: 3000\n\n`);
    if (lastEventId === undefined) return;
    try {
      // A replay reads up to what the live feed has settled; right after start-up that may be
      // below events committed before it, which the feed takes as past and never sends.
      await this.feed.caughtUp(this.startedAt);
      if (!this.streams.has(subscriber)) return; // closed meanwhile
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
    this.streams.closeSession(session);
  }

  /** Ends every stream (shutdown). */
  closeAll(): void {
    clearInterval(this.heartbeat);
    this.feed.stop();
    this.streams.closeAll();
  }

  private async replay(subscriber: Subscriber, after: number): Promise<void> {
    // Only up to what the live feed has settled: anything later arrives live, in order.
    const until = this.feed.watermark;
    for (let from = after; from < until;) {
      const rows = await eventsBetween(
        this.database.db,
        subscriber.audience,
        from,
        until,
        REPLAY_BATCH,
      );
      if (rows.length === 0) break;
      const frames = await eventFrames(this.database.db, this.urls, rows);
      for (const { row, frame, visibleToShopper } of frames)
        if (wantsEvent(subscriber.audience, row, visibleToShopper))
          this.write(subscriber, row.id, frame);
      from = rows.at(-1)!.id;
      if (rows.length < REPLAY_BATCH) break;
    }
    subscriber.lastSent = Math.max(subscriber.lastSent, until);
  }

  private async broadcast(rows: EventRow[]): Promise<void> {
    if (this.streams.size === 0) return;
    for (const { row, frame, visibleToShopper } of await this.frames(rows)) {
      for (const subscriber of this.streams.subscribers) {
        if (!wantsEvent(subscriber.audience, row, visibleToShopper)) continue;
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
    if (this.streams.size === 0) return;
    for (const { row, frame, visibleToShopper } of await this.frames(rows)) {
      for (const subscriber of this.streams.subscribers)
        if (wantsEvent(subscriber.audience, row, visibleToShopper))
          this.streams.send(subscriber, withoutId(frame));
    }
  }

  /** The orders as they are now, each as news (no id) to `subscriber`, if it may see them. */
  private async sendCurrent(subscriber: Subscriber, orderIds: string[]): Promise<void> {
    if (orderIds.length === 0) return;
    const current = await ordersAsNow(this.database.db, this.urls, orderIds);
    if (!this.streams.has(subscriber)) return; // closed meanwhile
    for (const { order, visibleToShopper } of current) {
      if (subscriber.audience.kind === "shopper" && !visibleToShopper) continue;
      this.streams.send(subscriber, `event: order\ndata: ${JSON.stringify(order)}\n\n`);
    }
  }

  private frames(rows: EventRow[]) {
    return eventFrames(this.database.db, this.urls, rows);
  }

  private write(subscriber: Subscriber, id: number, frame: string): void {
    if (id <= subscriber.lastSent && subscriber.held === undefined) return;
    subscriber.lastSent = Math.max(subscriber.lastSent, id);
    this.streams.send(subscriber, id <= subscriber.past ? withoutId(frame) : frame);
  }

  private async beat(): Promise<void> {
    if (this.streams.size === 0) return;
    // Only the sessions asked about can be found dead: a stream opened while the answer was on
    // its way was not asked about (its session was checked as it opened), and stays open.
    const asked = this.streams.sessions();
    let alive: Set<string> | undefined;
    try {
      alive = await this.liveSessions?.([...asked]);
    } catch (error) {
      this.log?.warn({ err: error }, "could not check the sessions of order streams");
    }
    for (const subscriber of this.streams.subscribers) {
      if (alive && asked.has(subscriber.session) && !alive.has(subscriber.session))
        this.streams.end(subscriber);
      else subscriber.response.write(": heartbeat\n\n");
    }
  }
}

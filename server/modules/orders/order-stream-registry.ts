import type { ServerResponse } from "node:http";
import { MAX_STREAMS_PER_SESSION, type StreamLimits } from "./stream-limits";

/** Who a stream is for: the seller (every order) or a shopper (their own), and which account. */
export type StreamAudience =
  { kind: "seller"; sellerId: string } | { kind: "shopper"; userId: string };

/** The account a stream counts against (`MAX_STREAMS_PER_ACCOUNT`). */
export const accountOf = (audience: StreamAudience) =>
  audience.kind === "seller" ? `seller:${audience.sellerId}` : `user:${audience.userId}`;

export interface Subscriber {
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

/** Sent to a stream ended for a newer one of its session or account (`endOldest`). */
export const REPLACED_FRAME = "event: replaced\ndata: a newer stream took this one's place\n\n";

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
 * The open streams of this process (OrderStreamHub's): which there are, by session and by
 * account, within their limits (decision 034), and how each is written to and ended. What they
 * are sent is the hub's.
 */
export class StreamRegistry {
  readonly subscribers = new Set<Subscriber>();
  /**
   * The same streams by session and by account, each oldest first: a session's or an account's
   * own are found without a walk over them all.
   */
  private readonly bySession = new Map<string, Set<Subscriber>>();
  private readonly byAccount = new Map<string, Set<Subscriber>>();

  constructor(readonly limits: StreamLimits) {}

  get size(): number {
    return this.subscribers.size;
  }

  /** The sessions that hold streams now. */
  sessions(): Set<string> {
    return new Set(this.bySession.keys());
  }

  /**
   * Whether a new stream of this session may open now: the process holds fewer than its limit, or
   * the new one takes the place of the session's or the account's oldest (which `add` closes), so
   * the count does not grow. Asked before any header is written: a stream refused is answered
   * 503, and the page polls instead.
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
   * Holds a new stream: the session's oldest is closed past `MAX_STREAMS_PER_SESSION` first, then
   * the account's past its limit. It leaves by itself when its client closes it.
   */
  add(subscriber: Subscriber): void {
    this.endOldest(this.bySession.get(subscriber.session), MAX_STREAMS_PER_SESSION - 1);
    this.endOldest(this.byAccount.get(subscriber.account), this.limits.account - 1);
    this.subscribers.add(subscriber);
    addTo(this.bySession, subscriber.session, subscriber);
    addTo(this.byAccount, subscriber.account, subscriber);
    subscriber.response.on("close", () => this.forget(subscriber));
  }

  has(subscriber: Subscriber): boolean {
    return this.subscribers.has(subscriber);
  }

  /** Ends the streams of a session (logout). */
  closeSession(session: string): void {
    for (const subscriber of this.bySession.get(session) ?? []) this.end(subscriber);
  }

  /** Ends every stream (shutdown). */
  closeAll(): void {
    for (const subscriber of this.subscribers) this.end(subscriber);
  }

  /** Writes to a stream; one that stopped reading (its buffer keeps growing) is dropped, not waited for. */
  send(subscriber: Subscriber, text: string): void {
    if (subscriber.response.writableLength > 1024 * 1024) return this.end(subscriber);
    subscriber.response.write(text);
  }

  end(subscriber: Subscriber): void {
    this.forget(subscriber);
    subscriber.response.end();
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

  /** Takes a stream out (ended here, or closed by its client). */
  private forget(subscriber: Subscriber): void {
    this.subscribers.delete(subscriber);
    removeFrom(this.bySession, subscriber.session, subscriber);
    removeFrom(this.byAccount, subscriber.account, subscriber);
  }
}

import { act, waitFor } from "@testing-library/react";
import { vi } from "vitest";
import type { Order } from "../../contract/order";

type Listener = (event: Event) => void;

/**
 * A stand-in for the browser's EventSource (jsdom has none): tests open it, push `order` events
 * and make it fail, as the server and network would.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  closed = false;
  private readonly listeners = new Map<string, Set<Listener>>();
  private nextId = 1;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  /** Installs the fake as `EventSource`; undo with `vi.unstubAllGlobals()`. */
  static install(): typeof FakeEventSource {
    FakeEventSource.instances = [];
    vi.stubGlobal("EventSource", FakeEventSource);
    return FakeEventSource;
  }

  /** The stream most recently opened on `url` that is not closed. */
  static current(url: string): FakeEventSource | undefined {
    return FakeEventSource.instances.filter((s) => s.url === url && !s.closed).at(-1);
  }

  /** Waits for a stream on `url` to be opened (the page may open it a moment after it shows). */
  static async next(url: string): Promise<FakeEventSource> {
    return waitFor(() => {
      const stream = FakeEventSource.current(url);
      if (!stream) throw new Error(`no stream on ${url} yet`);
      return stream;
    });
  }

  addEventListener(type: string, listener: Listener) {
    const set = this.listeners.get(type) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }

  /** Delivers `event`, then lets React and TanStack Query (which notify on a timer) settle. */
  private async emit(event: Event) {
    await act(async () => {
      for (const listener of this.listeners.get(event.type) ?? []) listener(event);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    return this.emit(new Event("open"));
  }

  push(order: Order) {
    const lastEventId = String(this.nextId++);
    return this.emit(new MessageEvent("order", { data: JSON.stringify(order), lastEventId }));
  }

  /** The server ended it for a newer stream of the same session or account (`event: replaced`). */
  replaced() {
    return this.emit(
      new MessageEvent("replaced", { data: "a newer stream took this one's place" }),
    );
  }

  /** A network error: the browser keeps reconnecting, unless `fatal` (e.g. a 401) closed it. */
  fail(fatal = false) {
    this.readyState = fatal ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    return this.emit(new Event("error"));
  }
}

import { useQueryClient, type Query } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { Order } from "../../contract/order";
import { applyOrderEvent } from "./order-cache";
import { orderKeys } from "./query-keys";

/**
 * Live order updates (api-contract.md, "Live events"): the server's event stream patches the
 * order caches in place (order-cache.ts, applyOrderEvent); when the stream cannot be used, the
 * order queries (`orderKeys.all`) are polled instead.
 */
export type OrderEventsState = "connecting" | "live" | "polling";

export const ORDER_POLL_MS = 10_000;
/** Errors in a row (the browser reconnecting each time) before falling back to polling. */
export const MAX_STREAM_ERRORS = 3;
/**
 * While polling, when to try the live stream again: soon after it failed (a restart or a short
 * outage is over in seconds), then less often, then every minute until it opens. Each wait is
 * spread by ±25%, so that the pages open at a restart do not all come back in the same instant.
 */
export const STREAM_RETRY_MS = [5_000, 15_000, 30_000, 60_000] as const;
/** A stream open this long is steady: when it next fails, retries start again from the first wait. */
const STEADY_STREAM_MS = 30_000;

function parseOrder(text: unknown): Order | undefined {
  if (typeof text !== "string") return undefined;
  try {
    const value = JSON.parse(text) as Partial<Order> | null;
    const valid =
      value &&
      typeof value._id === "string" &&
      typeof value.status === "string" &&
      Array.isArray(value.items) &&
      Array.isArray(value.history);
    return valid ? (value as Order) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Subscribes to `url` (`/api/order/user/events` or `/api/order/seller/events`; null: not now,
 * e.g. logged out) while mounted. `onOrder` hears each order received, with the cached copy it
 * replaced. Answers the connection state, for a small "Live" indicator.
 */
export function useOrderEvents(
  url: string | null,
  onOrder?: (order: Order, previous: Order | undefined) => void,
): OrderEventsState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<OrderEventsState>("connecting");
  const listener = useRef(onOrder);
  useEffect(() => {
    listener.current = onOrder;
  });

  useEffect(() => {
    if (!url) return;
    let source: EventSource | undefined;
    let pollTimer: ReturnType<typeof setInterval> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let openedBefore = false;
    let retries = 0;
    /** When the current stream last opened; undefined once it failed. */
    let openedAt: number | undefined;
    const startedAt = Date.now();
    const refetch = (predicate?: (query: Query) => boolean) =>
      void queryClient.invalidateQueries(
        { queryKey: orderKeys.all, predicate },
        { cancelRefetch: false },
      );
    // A list whose last refresh failed says "Not updating" until one works: once the stream is
    // back, it is refreshed at once.
    const failed = (query: Query) => query.state.status === "error";

    const stopPolling = () => {
      clearInterval(pollTimer);
      clearTimeout(retryTimer);
      pollTimer = retryTimer = undefined;
    };
    const stopWaitingToBeShown = () => document.removeEventListener("visibilitychange", onShown);
    function onShown() {
      if (document.visibilityState !== "visible") return;
      stopWaitingToBeShown();
      clearTimeout(retryTimer);
      connect();
    }
    const startPolling = (replaced = false) => {
      setState("polling");
      if (pollTimer === undefined) {
        refetch();
        pollTimer = setInterval(() => refetch(), ORDER_POLL_MS);
      }
      if (typeof EventSource === "undefined") return;
      if (openedAt !== undefined && Date.now() - openedAt >= STEADY_STREAM_MS) retries = 0;
      openedAt = undefined;
      // Ended for a newer stream of this browser (another tab): the stream is tried again when
      // this tab is next looked at, or after the longest wait, not at once, which would end
      // another tab's in its turn.
      // (Hidden by then, it waits to be shown: another tab took the place in front.)
      const whenShown = () => {
        retryTimer = undefined;
        if (document.visibilityState === "hidden")
          document.addEventListener("visibilitychange", onShown);
        else connect();
      };
      const spread = 0.75 + Math.random() / 2;
      if (replaced) {
        // The server was answering: a failure after this tab streams again starts from the
        // first wait.
        retries = 0;
        if (document.visibilityState === "hidden") return whenShown();
        retryTimer = setTimeout(whenShown, STREAM_RETRY_MS.at(-1)! * spread);
        return;
      }
      const delay = STREAM_RETRY_MS[Math.min(retries, STREAM_RETRY_MS.length - 1)]!;
      retries += 1;
      retryTimer = setTimeout(connect, delay * spread);
    };

    function connect() {
      retryTimer = undefined;
      stopWaitingToBeShown();
      const stream = new EventSource(url!);
      source = stream;
      let errors = 0;
      // The browser replays what a reconnect missed (Last-Event-ID) once an event id was seen.
      let sawEventId = false;
      stream.addEventListener("open", () => {
        if (source !== stream) return;
        errors = 0;
        openedAt = Date.now();
        stopPolling();
        setState("live");
        if (!openedBefore)
          refetch(
            (q) => failed(q) || (q.state.dataUpdatedAt > 0 && q.state.dataUpdatedAt < startedAt),
          );
        else if (!sawEventId) refetch();
        else refetch(failed);
        openedBefore = true;
      });
      stream.addEventListener("order", (event) => {
        const message = event as MessageEvent<unknown>;
        if (message.lastEventId) sawEventId = true;
        const order = parseOrder(message.data);
        if (!order) return;
        const previous = applyOrderEvent(queryClient, order);
        listener.current?.(order, previous);
      });
      stream.addEventListener("replaced", () => {
        if (source !== stream) return;
        stream.close();
        source = undefined;
        startPolling(true);
      });
      stream.addEventListener("error", () => {
        if (source !== stream) return;
        errors += 1;
        if (stream.readyState === EventSource.CLOSED || errors >= MAX_STREAM_ERRORS) {
          stream.close();
          source = undefined;
          startPolling();
        } else setState("connecting");
      });
    }

    if (typeof EventSource === "undefined") startPolling();
    else connect();
    return () => {
      stopPolling();
      stopWaitingToBeShown();
      source?.close();
      source = undefined;
    };
  }, [url, queryClient]);

  return url ? state : "connecting";
}

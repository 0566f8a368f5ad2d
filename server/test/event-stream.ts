import http, { type IncomingHttpHeaders } from "node:http";
import { afterEach, beforeAll } from "vitest";
import { cookieHeader } from "./sessions";
import type { TestContext } from "./test-app";

export interface StreamEvent {
  id?: string;
  event?: string;
  data?: string;
  /** A comment line (`: heartbeat`). */
  comment?: string;
}

export interface OpenStream {
  status: number;
  contentType: string | undefined;
  headers: IncomingHttpHeaders;
  /** Everything received so far, as text (a refusal's JSON body). */
  readonly body: string;
  events: StreamEvent[];
  /** Resolves with the first event (from `from` on) matching `match`, or rejects after `timeoutMs`. */
  next(match: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens a server-sent event stream over real HTTP (inject cannot stream) and parses its frames. */
export function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: "text/event-stream", ...headers } });
    request.on("error", reject);
    request.on("response", (response) => {
      const events: StreamEvent[] = [];
      const waiters: {
        match: (e: StreamEvent) => boolean;
        resolve: (e: StreamEvent) => void;
        from: number;
      }[] = [];
      let buffer = "";
      let body = "";
      let endedResolve = () => {};
      const ended = new Promise<void>((r) => (endedResolve = r));
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        body += chunk;
        let split: number;
        while ((split = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const event: StreamEvent = {};
          for (const line of frame.split("\n")) {
            if (line.startsWith(":")) event.comment = line.slice(1).trim();
            const [, key, value] = /^(id|event|data|retry): ?(.*)$/.exec(line) ?? [];
            if (key === "id" || key === "event" || key === "data") event[key] = value;
          }
          events.push(event);
          for (const waiter of [...waiters]) {
            if (waiter.match(event)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(event);
            }
          }
        }
      });
      response.on("end", () => endedResolve());
      response.on("close", () => endedResolve());
      resolve({
        status: response.statusCode ?? 0,
        contentType: response.headers["content-type"],
        headers: response.headers,
        get body() {
          return body;
        },
        events,
        ended,
        // Generous: an event waits, by design, behind an id another transaction took and has not
        // committed yet (change-feed.ts), and a whole test run shares two cores.
        next: (match, timeoutMs = 10_000) => {
          const seen = events.find(match);
          if (seen) return Promise.resolve(seen);
          return new Promise((res, rej) => {
            const timer = setTimeout(
              () => rej(new Error(`no matching event within ${timeoutMs} ms`)),
              timeoutMs,
            );
            waiters.push({
              match,
              from: events.length,
              resolve: (e) => {
                clearTimeout(timer);
                res(e);
              },
            });
          });
        },
        close: () => request.destroy(),
      });
    });
  });
}

/** The order carried by an `order` event. */
export const orderOf = (event: StreamEvent) =>
  JSON.parse(event.data ?? "{}") as { _id: string; status: string; history: { status: string }[] };

/**
 * For a test file's live streams: serves `t`'s app on a free loopback port (inject cannot stream)
 * and answers a function that opens a stream on it with a session's cookies (and Last-Event-ID),
 * each closed after its test.
 */
export function streamsOf(t: TestContext) {
  let baseUrl = "";
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  const open: OpenStream[] = [];
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  return async (path: string, cookies: Record<string, string>, lastEventId?: string) => {
    const s = await openEventStream(`${baseUrl}${path}`, {
      cookie: cookieHeader(cookies),
      ...(lastEventId ? { "last-event-id": lastEventId } : {}),
    });
    open.push(s);
    return s;
  };
}

import { isIP } from "node:net";
import type { IncomingMessage } from "node:http";

/**
 * `X-Forwarded-For` as far as it can be believed: read from the right (the proxy nearest the
 * store appends last), it is cut at the first entry that is not an IP address, with everything
 * to its left. A proxy only ever appends addresses; anything else was written by a client, and
 * neither it nor what it wrote before can name the client. Then the client address Fastify
 * derives (TRUST_PROXY) is always an address: with a hop count and a client that reaches the store
 * directly, `X-Forwarded-For: not-an-ip` leaves the socket's own address (decision 010).
 */
export function believableForwardedFor(header: string): string | undefined {
  const entries = header.split(",").map((entry) => entry.trim());
  let first = entries.length;
  while (first > 0 && isIP(entries[first - 1]!) !== 0) first--;
  const kept = entries.slice(first);
  return kept.length > 0 ? kept.join(", ") : undefined;
}

/** Applies `believableForwardedFor` to a request's header, before anything reads its address. */
export function keepBelievableForwardedFor(raw: IncomingMessage): void {
  const header = raw.headers["x-forwarded-for"];
  if (header === undefined) return;
  const kept = believableForwardedFor(Array.isArray(header) ? header.join(",") : header);
  if (kept === undefined) delete raw.headers["x-forwarded-for"];
  else raw.headers["x-forwarded-for"] = kept;
}

import type { FastifyInstance } from "fastify";
import { addVary, compress, pickCoding } from "./content-coding";

/** JSON answers at least this long go compressed to a browser that accepts it. */
export const COMPRESS_JSON_FROM = 8 * 1024;

/**
 * Compresses the API's large JSON answers (brotli, else gzip, as the browser accepts), on libuv's
 * thread pool: the seller's queue of 500 open orders is about 570 KB of JSON and 90 KB as brotli,
 * a shopper's 200 orders 230 KB and 37 KB. The catalogue compresses its own answers once per
 * version (decision 023), marked by their ETag; streams (live events, the CSV export) and small
 * answers, where compression saves less than it costs, are left as they are.
 */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (
      typeof payload !== "string" ||
      payload.length < COMPRESS_JSON_FROM ||
      // A versioned answer (the catalogue, pages) has chosen its coding already: no more work
      // on the store's busiest path.
      reply.hasHeader("etag") ||
      reply.hasHeader("content-encoding") ||
      !String(reply.getHeader("content-type")).startsWith("application/json")
    )
      return done(null, payload);
    addVary(reply, "accept-encoding");
    const coding = pickCoding(request.headers["accept-encoding"]);
    if (!coding || request.method === "HEAD") return done(null, payload);
    compress(payload, coding).then(
      (body) => {
        reply.header("content-encoding", coding).removeHeader("content-length");
        done(null, body);
      },
      (error: Error) => done(error),
    );
  });
}

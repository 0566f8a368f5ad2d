import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { addVary, compress, pickCoding, type Coding, type Effort } from "./content-coding";

/** Answers shorter than this go as they are: compressing them saves less than it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * How long a version must stay the newest for it to count as settled. A version that replaced one
 * younger than this is churning: a list or page that shows a product in a flash sale is made again
 * after every order, and each version would be compressed once at full effort for a handful of
 * reads. Churning versions are compressed quickly instead, and again at full effort if they last
 * this long (docs/decisions/024-answers-compressed-once-per-version.md).
 */
export const SETTLED_MS = 1000;

interface Encoding {
  bytes: Promise<Buffer>;
  effort: Effort;
  /** A full-effort compression of a quickly compressed version is under way. */
  upgrading?: boolean;
}

/**
 * One version of an answer that is sent many times (a catalogue answer, a storefront page): its
 * body, its ETag, and its compressed bodies, each made the first time a browser asks for it.
 */
export interface VersionedAnswer {
  body: string;
  etag: string;
  /** When this version was made (Date.now's clock). */
  madeAt: number;
  /** Whether it replaced a version younger than SETTLED_MS. */
  churning: boolean;
  encodings?: Partial<Record<Coding, Encoding>>;
}

export function etagOf(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** The version of `body` that replaces `previous` (if any) at `now`. */
export function versionOf(
  body: string,
  previous: Pick<VersionedAnswer, "madeAt"> | undefined,
  now: number,
): VersionedAnswer {
  return {
    body,
    etag: etagOf(body),
    madeAt: now,
    churning: previous !== undefined && now - previous.madeAt < SETTLED_MS,
  };
}

/**
 * The answer's body compressed in `coding`, made once per version on libuv's thread pool (so a
 * large list does not hold up the event loop): a page of 24 products, about 10 KB, becomes about
 * 2.6 KB of brotli. A churning version is compressed quickly (brotli 1, gzip 1: a fifth of the
 * CPU, about a fifth more bytes); once it has lasted SETTLED_MS a full-effort copy is made in the
 * background and the quick one is sent until it is ready. A compression that failed is not kept:
 * the next read tries again.
 */
export function encodedBody(
  answer: VersionedAnswer,
  coding: Coding,
  now = Date.now(),
): Promise<Buffer> {
  const encodings = (answer.encodings ??= {});
  const settled = now - answer.madeAt >= SETTLED_MS;
  const kept = encodings[coding];
  if (kept) {
    if (kept.effort === "quick" && settled && !kept.upgrading) {
      kept.upgrading = true;
      void compress(answer.body, coding, "thorough").then(
        (bytes) => (encodings[coding] = { bytes: Promise.resolve(bytes), effort: "thorough" }),
        () => (kept.upgrading = false),
      );
    }
    return kept.bytes;
  }
  const effort: Effort = answer.churning && !settled ? "quick" : "thorough";
  const bytes = compress(answer.body, coding, effort).catch((error: unknown) => {
    if (encodings[coding]?.bytes === bytes) delete encodings[coding];
    throw error;
  });
  encodings[coding] = { bytes, effort };
  return bytes;
}

/** The ETag of the answer in `coding`: the plain body's, or a weak one of its own per coding. */
export function etagIn(answer: Pick<VersionedAnswer, "etag">, coding: Coding | undefined): string {
  return coding ? `W/${answer.etag.slice(0, -1)}-${coding}"` : answer.etag;
}

/** Whether an If-None-Match header names the answer in any of its codings (weak or strong). */
export function matchesAny(
  ifNoneMatch: string | undefined,
  answer: Pick<VersionedAnswer, "etag">,
): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true; // any current version (RFC 9110 §13.1.2)
  const tags = new Set([
    answer.etag,
    etagIn(answer, "br").slice(2),
    etagIn(answer, "gzip").slice(2),
  ]);
  return ifNoneMatch.split(",").some((tag) => tags.has(tag.trim().replace(/^W\//, "")));
}

/**
 * Sends the version, or 304 if the browser has it. Compressed (brotli, else gzip) when the browser
 * accepts it and the body is long enough to gain. Each coding is its own representation with its
 * own weak ETag (RFC 9110 §8.8.1), sent on the 304 as on the 200; an If-None-Match naming any of
 * them matches, since all carry the same data. Settles once the reply is sent (not finished).
 */
export async function sendVersioned(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: VersionedAnswer,
  contentType: string,
  /** 404 for a page that is not there: sent whole, never as 304 (which stands for a 200). */
  status = 200,
): Promise<void> {
  const coding =
    answer.body.length >= MIN_COMPRESSED_BYTES
      ? pickCoding(request.headers["accept-encoding"])
      : undefined;
  reply.header("etag", etagIn(answer, coding));
  // Kept when the route chose it (a page setting a cookie is private).
  if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-cache");
  addVary(reply, "accept-encoding");
  if (status === 200 && matchesAny(request.headers["if-none-match"], answer)) {
    reply.status(304).send();
    return;
  }
  reply.status(status).type(contentType);
  if (!coding) {
    reply.send(answer.body);
    return;
  }
  const body = await encodedBody(answer, coding);
  reply.header("content-encoding", coding).send(body);
}

import { compress, type Coding } from "../../http/content-coding";
import type { CatalogAnswer } from "./catalog-cache";

/** Answers shorter than this go as they are: compressing them saves less than it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * The answer's body compressed in `coding`, made once per rendered answer (an answer re-rendered
 * after a stock change is a new object) on libuv's thread pool, so a large list does not hold up
 * the event loop. A list page of 24 products, about 10 KB, becomes about 2.6 KB of brotli. A
 * compression that failed is not kept: the next read tries again.
 */
export function encodedBody(answer: CatalogAnswer, coding: Coding): Promise<Buffer> {
  const encodings = (answer.encodings ??= {});
  return (encodings[coding] ??= compress(answer.body, coding).catch((error: unknown) => {
    delete encodings[coding];
    throw error;
  }));
}

/** The ETag of the answer in `coding`: the plain JSON's, or a weak one of its own per coding. */
export function etagIn(answer: CatalogAnswer, coding: Coding | undefined): string {
  return coding ? `W/${answer.etag.slice(0, -1)}-${coding}"` : answer.etag;
}

/** Whether an If-None-Match header names the answer in any of its codings (weak or strong). */
export function matchesAny(ifNoneMatch: string | undefined, answer: CatalogAnswer): boolean {
  if (!ifNoneMatch) return false;
  const tags = new Set([
    answer.etag,
    etagIn(answer, "br").slice(2),
    etagIn(answer, "gzip").slice(2),
  ]);
  return ifNoneMatch.split(",").some((tag) => tags.has(tag.trim().replace(/^W\//, "")));
}

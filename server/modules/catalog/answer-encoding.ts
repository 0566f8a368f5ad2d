import { promisify } from "node:util";
import zlib from "node:zlib";
import type { CatalogAnswer } from "./catalog-cache";

/** The content codings catalogue answers come in besides plain JSON, best first. */
export type Coding = "br" | "gzip";

/** Answers shorter than this go as they are: compressing them saves less than it costs. */
export const MIN_COMPRESSED_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The coding to answer in for an Accept-Encoding header: brotli if accepted, else gzip, else
 * none. A coding listed with `q=0` is refused (RFC 9110 §12.5.3); `*` accepts both. Other
 * q-values are not ranked: every browser accepts both at the same weight, and brotli is smaller.
 */
export function pickCoding(acceptEncoding: string | undefined): Coding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, boolean>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...parameters] = part.split(";").map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((p) => p.startsWith("q="));
    accepted.set(name, q === undefined || Number(q.slice(2)) > 0);
  }
  const wildcard = accepted.get("*") ?? false;
  for (const coding of ["br", "gzip"] as const) {
    if (accepted.get(coding) ?? wildcard) return coding;
  }
  return undefined;
}

/**
 * The answer's body compressed in `coding`, made once per rendered answer (an answer re-rendered
 * after a stock change is a new object) on libuv's thread pool, so a large list does not hold up
 * the event loop. Brotli at quality 5, as the pages: a list page of 24 products, about 10 KB,
 * becomes about 2.6 KB. A compression that failed is not kept: the next read tries again.
 */
export function encodedBody(answer: CatalogAnswer, coding: Coding): Promise<Buffer> {
  const encodings = (answer.encodings ??= {});
  return (encodings[coding] ??= compress(answer.body, coding).catch((error: unknown) => {
    delete encodings[coding];
    throw error;
  }));
}

function compress(body: string, coding: Coding): Promise<Buffer> {
  return coding === "br"
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzip(body, { level: 6 });
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

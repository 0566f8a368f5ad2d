import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyReply } from "fastify";

/** The content codings the store compresses answers in, best first. */
export type Coding = "br" | "gzip";

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

/** Brotli at quality 5 and gzip at level 6: most of the gain for a millisecond or so of CPU. */
const brotliOptions = (text: string): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
  },
});
const gzipOptions: zlib.ZlibOptions = { level: 6 };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** `text` compressed on libuv's thread pool (for answers that may be large). */
export function compress(text: string, coding: Coding): Promise<Buffer> {
  return coding === "br" ? brotli(text, brotliOptions(text)) : gzip(text, gzipOptions);
}

/** `text` compressed at once, on the event loop (for answers known to be small, as pages). */
export function compressNow(text: string, coding: Coding): Buffer {
  return coding === "br"
    ? zlib.brotliCompressSync(text, brotliOptions(text))
    : zlib.gzipSync(text, gzipOptions);
}

/** Adds `field` to the answer's Vary, keeping what it says already (CORS adds `Origin`). */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader("vary");
  const now =
    typeof current === "string" ? current : Array.isArray(current) ? current.join(", ") : "";
  const kept = now.split(",").some((f) => f.trim().toLowerCase() === field);
  void reply.header("vary", !now ? field : kept ? now : `${now}, ${field}`);
}

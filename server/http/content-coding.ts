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

/**
 * How hard to compress: "thorough" (brotli 5, gzip 6) takes most of the gain for about a
 * millisecond of CPU on a 30 KB page; "quick" (brotli 1, gzip 1) takes a fifth to a third of that
 * CPU for about a fifth more bytes, for versions replaced within a second (versioned-answer.ts).
 */
export type Effort = "thorough" | "quick";

const brotliQuality: Record<Effort, number> = { thorough: 5, quick: 1 };
const gzipLevel: Record<Effort, number> = { thorough: 6, quick: 1 };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** `text` compressed on libuv's thread pool, so the event loop goes on serving meanwhile. */
export function compress(
  text: string,
  coding: Coding,
  effort: Effort = "thorough",
): Promise<Buffer> {
  if (coding === "gzip") return gzip(text, { level: gzipLevel[effort] });
  return brotli(text, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality[effort],
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    },
  });
}

/** Adds `field` to the answer's Vary, keeping what it says already (CORS adds `Origin`). */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader("vary");
  const now =
    typeof current === "string" ? current : Array.isArray(current) ? current.join(", ") : "";
  const kept = now.split(",").some((f) => f.trim().toLowerCase() === field);
  void reply.header("vary", !now ? field : kept ? now : `${now}, ${field}`);
}

import zlib from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";

/** The answer's text, compressed catalogue answers included; undefined for streams and files. */
function textOf(reply: FastifyReply, payload: unknown): string | undefined {
  if (typeof payload === "string") return payload;
  if (!Buffer.isBuffer(payload)) return undefined;
  const coding = reply.getHeader("content-encoding");
  if (coding === "br") return zlib.brotliDecompressSync(payload).toString();
  if (coding === "gzip") return zlib.gunzipSync(payload).toString();
  return undefined;
}

/**
 * Checks every JSON answer against the schema its route documents for that status (exact code,
 * then `4xx`/`5xx`): the OpenAPI document and the API cannot drift apart unnoticed. Violations
 * are collected; the test app fails the test that caused one.
 */
export function answerChecker(violations: string[]) {
  return (request: FastifyRequest, reply: FastifyReply, payload: unknown): void => {
    const documented = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    if (!documented || reply.statusCode === 304) return;
    const status = reply.statusCode;
    const schema =
      documented[status] ?? documented[`${Math.floor(status / 100)}xx`] ?? documented.default;
    const where = `${request.method} ${request.routeOptions.url} → ${status}`;
    if (!schema) return void violations.push(`${where}: no documented answer for this status`);
    if (!(schema instanceof z.ZodType)) return; // CSV, event streams: not JSON
    const text = textOf(reply, payload);
    if (text === undefined) return; // a stream or a file
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return void violations.push(`${where}: the answer is not JSON`);
    }
    const result = schema.safeParse(body);
    if (!result.success)
      violations.push(`${where}: ${JSON.stringify(result.error.issues.slice(0, 3))}`);
  };
}

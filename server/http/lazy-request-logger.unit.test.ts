import { Writable } from "node:stream";
import Fastify from "fastify";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { lazyRequestLogger } from "./lazy-request-logger";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: "info" }, stream) };
}

describe("lazyRequestLogger", () => {
  it("builds no child for a request that writes nothing at an enabled level", () => {
    const { logger, lines } = capture();
    const child = vi.spyOn(logger, "child");
    const log = lazyRequestLogger(logger, { reqId: "r1" }, {});
    log.debug("not at info level");
    log.trace({ detail: 1 }, "nor this");
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(log.level).toBe("info");
  });

  it("writes with the request's id once it logs, building the child once", () => {
    const { logger, lines } = capture();
    const child = vi.spyOn(logger, "child");
    const log = lazyRequestLogger(logger, { reqId: "r1" }, {});
    log.warn({ err: new Error("boom") }, "first");
    log.error("second");
    expect(child).toHaveBeenCalledTimes(1);
    expect(child.mock.calls[0]![0]).toEqual({ reqId: "r1" });
    log.child({ part: "x" }).info("third");
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([
      ["r1", "first"],
      ["r1", "second"],
      ["r1", "third"],
    ]);
    expect(lines[0]!.err).toMatchObject({ message: "boom" });
    expect(lines[2]!.part).toBe("x");
  });

  it("is what a Fastify request logs with", async () => {
    const { logger, lines } = capture();
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyRequestLogger });
    app.get("/", async (request) => {
      request.log.info("hello");
      return { ok: true };
    });
    const response = await app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    const hello = lines.find((l) => l.msg === "hello");
    expect(hello?.reqId).toEqual(expect.any(String));
    await app.close();
  });
});

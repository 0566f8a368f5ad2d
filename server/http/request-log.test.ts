import { afterAll, beforeAll, expect, it } from "vitest";
import { capturedLog } from "../test/captured-log";
import { startTestApp } from "../test/test-app";

const { logger, lines: logged } = capturedLog("debug");
let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp({}, { logger });
});
afterAll(async () => {
  await t?.close();
});

it("logs each request at debug with who asked (the client's address), what, and how it went", async () => {
  await t.app.inject({ url: "/api/product/list?limit=2", remoteAddress: "10.1.2.3" });
  await t.app.inject({ url: "/api/nope", remoteAddress: "10.1.2.4" });
  const requests = logged.filter((line) => line.msg === "request");
  expect(requests).toEqual([
    expect.objectContaining({
      level: 20,
      method: "GET",
      url: "/api/product/list?limit=2",
      ip: "10.1.2.3",
      status: 200,
      reqId: expect.any(String) as string,
    }),
    expect.objectContaining({ url: "/api/nope", ip: "10.1.2.4", status: 404 }),
  ]);
});

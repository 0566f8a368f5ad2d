import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../test/test-app";

// Requests so broken that no route sees them still get the contract's error shape. These go
// over a real socket: inject cannot send broken HTTP.
const t = useTestApp();
let port = 0;
beforeAll(async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  port = typeof address === "object" && address ? address.port : 0;
});
afterAll(() => undefined);

function raw(text: string | Buffer, options: { waitMs?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("end", () => resolve(answer));
    socket.on("close", () => resolve(answer));
    socket.on("error", (error) => (answer ? resolve(answer) : reject(error)));
    socket.write(text);
    if (options.waitMs) setTimeout(() => socket.destroy(), options.waitMs).unref();
  });
}

function parse(answer: string) {
  const [head, body] = answer.split("\r\n\r\n");
  return {
    status: Number(/^HTTP\/1\.1 (\d+)/.exec(head ?? "")?.[1]),
    body: JSON.parse(body ?? "{}") as unknown,
  };
}

describe("malformed HTTP", () => {
  it.each([
    ["a request line that is not HTTP", "HELLO WORLD\r\n\r\n"],
    ["a broken header line", "GET /api/health HTTP/1.1\r\nHost: x\r\nBroken header\r\n\r\n"],
    [
      "conflicting framing",
      "POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    ],
    [
      "a bad chunk size",
      "POST /api/user/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n",
    ],
  ])("answers %s with 400 in the contract's shape", async (_what, request) => {
    const { status, body } = parse(await raw(request));
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      code: "bad_request",
      message: "The request could not be read.",
    });
  });

  it("answers an HTTP/1.1 request without Host with 400 in the contract's shape", async () => {
    const { status, body } = parse(
      await raw("GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n"),
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      code: "bad_request",
      message: "The request could not be read: it has no Host header.",
    });
  });

  it("answers headers too large with 431 in the contract's shape", async () => {
    const { status, body } = parse(
      await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`),
    );
    expect(status).toBe(431);
    expect(body).toMatchObject({ success: false, code: "bad_request" });
  });

  it("keeps answering well-formed requests afterwards", async () => {
    const answer = await raw("GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(answer).toContain('"status":"ok"');
  });
});

import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { answerClientError } from "./client-errors";

/** A socket that records what is written to it instead of sending it. */
function fakeSocket() {
  const socket = new Socket();
  let written = "";
  Object.defineProperty(socket, "writable", { value: true });
  socket.end = ((chunk: string) => {
    written += chunk;
    return socket;
  }) as typeof socket.end;
  return { socket, written: () => written };
}

describe("answerClientError", () => {
  it("answers a client too slow to send its headers with 408 in the contract's shape", () => {
    const { socket, written } = fakeSocket();
    answerClientError(
      Object.assign(new Error("timeout"), { code: "ERR_HTTP_REQUEST_TIMEOUT" }),
      socket,
    );
    const [head, body] = written().split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
    expect(head).toContain("Content-Type: application/json; charset=utf-8");
    expect(JSON.parse(body!)).toEqual({
      success: false,
      code: "request_timeout",
      message: "The request took too long to arrive. Please try again.",
    });
  });

  it("writes nothing to a connection the client reset", () => {
    const { socket, written } = fakeSocket();
    answerClientError(Object.assign(new Error("reset"), { code: "ECONNRESET" }), socket);
    expect(written()).toBe("");
  });
});

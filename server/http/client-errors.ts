import type { Socket } from "node:net";
import type { ErrorBody } from "../../contract/errors";

/**
 * Requests so broken that no route ever sees them (bad framing, headers too large, a client too
 * slow to send its headers) still get the contract's error shape, written straight to the socket.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, body] = describe(error.code);
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n` +
      `X-Content-Type-Options: nosniff\r\n\r\n${json}`,
  );
}

function describe(code: string | undefined): [number, string, ErrorBody] {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT")
    return [
      408,
      "Request Timeout",
      {
        success: false,
        code: "request_timeout",
        message: "The request took too long to arrive. Please try again.",
      },
    ];
  if (code === "HPE_HEADER_OVERFLOW")
    return [
      431,
      "Request Header Fields Too Large",
      { success: false, code: "bad_request", message: "The request headers are too large." },
    ];
  return [
    400,
    "Bad Request",
    { success: false, code: "bad_request", message: "The request could not be read." },
  ];
}

import type { Writable } from "node:stream";

/**
 * Where the store writes its log lines and console messages: standard output, without ever
 * blocking. A reader that stops reading (a stalled log shipper) or goes away (`| cat`, killed)
 * must not freeze the store: lines that cannot be written soon are dropped, and that is said once
 * on standard error if it can be. Node writes to a pipe asynchronously, so the only risks are an
 * ever-growing buffer (bounded here) and the broken-pipe error (caught here).
 */
export interface LogOutput {
  write(line: string): void;
  /** Lines dropped so far. */
  readonly dropped: number;
}

export function createLogOutput(
  stream: Writable = process.stdout,
  warn: Writable = process.stderr,
  maxBufferedBytes = 1024 * 1024,
): LogOutput {
  let broken = false;
  let dropped = 0;
  let warned = false;
  const ignore = () => {};
  // An error (EPIPE: the reader went away) must never become an uncaught exception.
  stream.on("error", () => (broken = true));
  if (warn !== stream) warn.on("error", ignore);
  const drop = (why: string) => {
    dropped++;
    if (warned || warn === stream) return;
    warned = true;
    if (warn.writable && warn.writableLength < maxBufferedBytes)
      warn.write(`GreenCart: log output ${why}; dropping log lines until it recovers.\n`);
  };
  return {
    get dropped() {
      return dropped;
    },
    write(line: string) {
      if (broken || stream.destroyed || !stream.writable) return drop("is closed");
      if (stream.writableLength > maxBufferedBytes) return drop("is not being read");
      warned = false;
      stream.write(line);
    },
  };
}

import fs from "node:fs";

/** Live order streams one process holds at most, whatever its limit of open files. */
export const MAX_STREAMS = 5_000;

/** Streams one session may hold; a newer one closes the oldest (a tab reopened, a phone back online). */
export const MAX_STREAMS_PER_SESSION = 4;
/**
 * Streams one account may hold across its sessions (each login is a new session); a newer one
 * closes the account's oldest. A family sharing one shopper account on four devices with up to
 * four tabs each, or a shop's staff sharing one seller login on several tablets, stay under it;
 * logging in again and again no longer buys streams without end (decision 034).
 */
export const MAX_STREAMS_PER_ACCOUNT = 16;

/** How many streams the hub holds (tests lower them). */
export interface StreamLimits {
  /** In this process: past it a new stream is refused (`hasRoomFor`), not let in. */
  process: number;
  /** Per account, across its sessions: a newer stream closes the account's oldest. */
  account: number;
}

/**
 * The soft limit of open files in a `/proc/<pid>/limits` text (Linux), or undefined when the line
 * is missing, unreadable or says `unlimited`.
 */
export function parseOpenFilesSoftLimit(limits: string): number | undefined {
  const line = limits.split("\n").find((l) => l.startsWith("Max open files"));
  const soft = line?.slice("Max open files".length).trim().split(/\s+/)[0];
  if (!soft || !/^\d{1,15}$/.test(soft)) return undefined;
  return Number(soft);
}

/**
 * This process's soft limit of open files, from `/proc/self/limits`; undefined where there is no
 * such file (macOS, Windows) or it cannot be read. Node raises the soft limit to the hard one as it
 * starts, so this is the limit the process runs with, not the one it was started with.
 */
export function readOpenFilesSoftLimit(file = "/proc/self/limits"): number | undefined {
  try {
    return parseOpenFilesSoftLimit(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * The default limit of live order streams a process holds: `MAX_STREAMS`, and at most half its
 * open files, so that the other half is left to ordinary requests, database connections and files.
 */
export function defaultStreamLimit(openFiles: number | undefined): number {
  if (openFiles === undefined) return MAX_STREAMS;
  return Math.max(1, Math.min(MAX_STREAMS, Math.floor(openFiles / 2)));
}

/**
 * The limit of live order streams this process holds: ORDER_STREAM_LIMIT, or the default for its
 * open files (read once, at start: each stream holds a socket, so a file descriptor). A configured
 * limit not below the open files is warned about: streams could leave none for other requests.
 */
export function processStreamLimit(
  configured: number | undefined,
  warn: (message: string) => void,
): number {
  const openFiles = readOpenFilesSoftLimit();
  const limit = configured ?? defaultStreamLimit(openFiles);
  if (configured !== undefined && openFiles !== undefined && limit >= openFiles)
    warn(
      `ORDER_STREAM_LIMIT=${limit} is not below this process's limit of ${openFiles} open files: live order streams could leave none for other requests`,
    );
  return limit;
}

import { isLostConnection, sqlStateOf } from "../db/database-errors";
import { AppError } from "./app-error";

/**
 * Database failures a client can be told about, in one place: text PostgreSQL cannot store (every
 * schema already refuses control characters; should a field slip through, the client still hears
 * that its text was at fault), a database that is down, overloaded or out of reach (503, try
 * again), and a transaction that lost a race it cannot win (409, try again). Anything else is a
 * bug: 500.
 */
export function fromDatabaseError(error: unknown): AppError | undefined {
  // Fastify's errors about the request itself (a client that hung up mid-upload: ECONNRESET) are
  // the client's, not the database's.
  const status = (error as { statusCode?: unknown } | undefined)?.statusCode;
  if (typeof status === "number" && status < 500) return undefined;
  // (Before the SQLSTATE: Node's EPIPE has a SQLSTATE's shape.)
  if (isLostConnection(error)) return unavailable();
  const state = sqlStateOf(error);
  if (!state) return undefined;
  if (state === "22021" || state === "22P05")
    return new AppError("validation_failed", "The text contains characters that are not allowed");
  if (state === "40001" || state === "40P01")
    return new AppError("conflict", "Someone changed this at the same moment. Please try again.");
  // Connection exceptions, too many connections, a server shutting down or starting up (57P01–3),
  // a statement cancelled for running too long.
  if (state.startsWith("08") || state === "53300" || state.startsWith("57P") || state === "57014")
    return unavailable();
  return undefined;
}

const unavailable = () =>
  new AppError("unavailable", "The store is busy right now. Please try again in a moment.", {
    retryAfterSeconds: 5,
  });

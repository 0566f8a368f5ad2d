import type { Config } from "./config";

/**
 * What an operator reads when the store cannot start for a reason of the machine's rather than
 * the code's (the port taken, the database server down, a data folder that is a file): one
 * sentence naming the setting to change, no stack trace. Undefined for anything else, which is
 * reported whole: it is a fault to look into, not a setting.
 */
export function startupProblem(
  error: unknown,
  config: Pick<Config, "port" | "host" | "dataDir" | "databaseUrl">,
): string | undefined {
  const failure = firstCause(error);
  if (!failure) return undefined;
  const { code, syscall, path } = failure;
  const database = config.databaseUrl ? databaseServer(config.databaseUrl) : undefined;
  if (syscall === "listen" || syscall === "bind") {
    if (code === "EADDRINUSE")
      return `Port ${config.port} is already in use on ${config.host}: stop the program using it, or set PORT to another port.`;
    if (code === "EACCES")
      return `Port ${config.port} needs administrator rights on this machine: set PORT to 1024 or above.`;
    if (code === "EADDRNOTAVAIL")
      return `HOST=${config.host} is not an address of this machine: use 127.0.0.1 (this machine only) or 0.0.0.0 (every network it is on).`;
  }
  if ((code === "ENOTFOUND" || code === "EAI_AGAIN") && failure.hostname === config.host)
    return `HOST=${config.host} is not a name this machine can listen on: use 127.0.0.1 or 0.0.0.0.`;
  if (database) {
    if (code === "ECONNREFUSED" || code === "ETIMEDOUT" || code === "EHOSTUNREACH")
      return `Could not reach the PostgreSQL server of DATABASE_URL at ${database} (${code}): is it running, and does it accept connections there?`;
    if (code === "ENOTFOUND" || code === "EAI_AGAIN")
      return `The host of DATABASE_URL (${database}) could not be found: check its name.`;
    if (code === "28P01" || code === "28000")
      return `PostgreSQL refused the login of DATABASE_URL at ${database}: check its user and password. (${failure.message})`;
    if (code === "3D000")
      return `The database named in DATABASE_URL does not exist on ${database}: create it first (createdb, with a UTF-8 character type). (${failure.message})`;
    if (
      ["timeout expired", "timeout exceeded when trying to connect"].includes(failure.message) ||
      failure.message.startsWith("Connection terminated")
    )
      return `The PostgreSQL server of DATABASE_URL at ${database} did not answer in time: is it running and reachable?`;
  }
  if (
    path?.startsWith(config.dataDir) &&
    ["ENOTDIR", "EEXIST", "EACCES", "EPERM", "EROFS", "ENOSPC"].includes(code ?? "")
  )
    return `DATA_DIR=${config.dataDir} cannot hold the store's files (${code} at ${path}): point it at a folder the store may write to.`;
  return undefined;
}

interface SystemFailure {
  code?: string;
  syscall?: string;
  hostname?: string;
  path?: string;
  message: string;
}

/** The error itself, or the first of several (Node tries each address of `localhost` in turn). */
function firstCause(error: unknown): SystemFailure | undefined {
  if (error instanceof AggregateError && error.errors.length > 0)
    return firstCause(error.errors[0]);
  if (!(error instanceof Error)) return undefined;
  return error;
}

/** host:port of a postgres:// URL, without its user or password. */
function databaseServer(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || "localhost"}:${parsed.port || "5432"}`;
  } catch {
    return "the configured server";
  }
}

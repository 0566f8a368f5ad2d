/**
 * The first of `error` and the errors in its `cause` chain (drizzle wraps driver errors in
 * `cause`) for which `pick` finds something, and what it found.
 */
function firstInCauses(
  error: unknown,
  pick: (e: Record<string, unknown>) => string | undefined,
): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const found = pick(e as Record<string, unknown>);
    if (found !== undefined) return found;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** PostgreSQL's SQLSTATE of a failed query, wherever the driver put it. */
export function sqlStateOf(error: unknown): string | undefined {
  return firstInCauses(error, (e) => {
    const code = text(e.code);
    return code !== undefined && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
  });
}

/** The DETAIL of a failed query (our own database functions put an id there). */
export function sqlDetailOf(error: unknown): string | undefined {
  return firstInCauses(error, (e) => text(e.detail));
}

/** The constraint a failed query broke (a foreign key's, a unique index's), by its name. */
export function sqlConstraintOf(error: unknown): string | undefined {
  return firstInCauses(error, (e) => text(e.constraint));
}

/** The HINT of a failed query (our own database functions put JSON there). */
export function sqlHintOf(error: unknown): string | undefined {
  return firstInCauses(error, (e) => text(e.hint));
}

/** The MESSAGE of a failed query, for our own database functions' errors. */
export function sqlMessageOf(error: unknown): string | undefined {
  return firstInCauses(error, (e) => {
    const message = text(e.message);
    return sqlStateOf(e) && message && !message.startsWith("Failed query") ? message : undefined;
  });
}

export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === "23505";

/** Node's codes for a server that cannot be reached or a connection that broke. */
const unreachable = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * How node-postgres and pg-pool say a connection was lost or could not be had: plain errors with
 * no SQLSTATE (lost-database.pg.test.ts makes each of them against a real server).
 */
const lostConnection = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "timeout exceeded when trying to connect",
];

/** Whether the database could not be reached, or the connection to it broke. */
export function isLostConnection(error: unknown): boolean {
  return (
    firstInCauses(error, (e) => {
      const code = text(e.code);
      if (code !== undefined && unreachable.has(code)) return code;
      const message = text(e.message);
      return message !== undefined && lostConnection.some((m) => message.startsWith(m))
        ? message
        : undefined;
    }) !== undefined
  );
}

/**
 * A lost connection's error as the log should carry it: what failed, not the driver's objects.
 * pg-pool hangs the whole client on its error (`err.client`: connection parameters, the type
 * table, the backend's query-cancel key), which a log line would otherwise serialise whole.
 */
export function connectionErrorForLog(error: unknown): Record<string, string | undefined> {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return {
    type: error.name,
    message: error.message,
    code: typeof code === "string" ? code : undefined,
    severity: typeof severity === "string" ? severity : undefined,
  };
}

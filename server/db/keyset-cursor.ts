import { sql, type AnyColumn, type SQL } from "drizzle-orm";

/**
 * A place in a list ordered by a timestamp and then an id (keyset paging): the timestamp in
 * microseconds, as PostgreSQL keeps it, so that no two rows' places are confused.
 */
export interface Keyset {
  micros: bigint;
  id: string;
}

const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const keysetPattern = new RegExp(`^k(\\d{1,17})_(${uuid})$`);

/**
 * A row's timestamp in microseconds since the epoch, as text (a bigint would lose precision in JS):
 * a column's, or an expression's (written as the index that orders the list has it).
 */
export const microsOf = (column: AnyColumn | SQL) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/**
 * Rows strictly past `keyset` in the order (timestamp, id): `<` newest first, `>` oldest first.
 * `at` is a column or an expression; for an index on it to serve, it must be the index's own.
 */
export function pastKeyset(
  at: AnyColumn | SQL,
  id: AnyColumn,
  keyset: Keyset,
  direction: "<" | ">",
): SQL {
  const moment = sql`'epoch'::timestamptz + ${keyset.micros.toString()}::bigint * interval '1 microsecond'`;
  return direction === "<"
    ? sql`(${at}, ${id}) < (${moment}, ${keyset.id}::uuid)`
    : sql`(${at}, ${id}) > (${moment}, ${keyset.id}::uuid)`;
}

/** The cursor a client is given: opaque to it. */
export function keysetText(keyset: Keyset): string {
  return `k${keyset.micros}_${keyset.id}`;
}

/** The keyset a cursor's text names, or undefined when it is not one `keysetText` made. */
export function parseKeyset(text: string): Keyset | undefined {
  const match = keysetPattern.exec(text);
  return match ? { micros: BigInt(match[1]!), id: match[2]! } : undefined;
}

/** Cursors travel as base64url text; anything else is not one of ours. */
export function encodeCursorText(text: string): string {
  return Buffer.from(text).toString("base64url");
}
export function decodeCursorText(encoded: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(encoded)) return undefined;
  return Buffer.from(encoded, "base64url").toString("latin1");
}

/** A cursor that is a keyset alone (lists without other kinds of cursor). */
export const encodeKeysetCursor = (keyset: Keyset) => encodeCursorText(keysetText(keyset));

/** The keyset a keyset-alone cursor names, or undefined when it is not one of ours. */
export function decodeKeysetCursor(encoded: string): Keyset | undefined {
  const text = decodeCursorText(encoded);
  return text === undefined ? undefined : parseKeyset(text);
}

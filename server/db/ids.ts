const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids are UUIDs in the database. Anything else cannot name a row, so callers answer "not found"
 * instead of letting PostgreSQL reject the value.
 */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

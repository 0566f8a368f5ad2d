import { timestamp } from "drizzle-orm/pg-core";

// Every table is PostgreSQL: the same schema and migrations serve PGlite and a PostgreSQL server.
// The CHECKs and unique keys are the invariants of architecture.md rule 4: they hold even if code
// is wrong.

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

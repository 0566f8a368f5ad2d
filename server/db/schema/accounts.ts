import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

// Who uses the store: shoppers (users) and their saved addresses, sellers, their sessions, and
// the counters of the login and registration limits.

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    cartItems: jsonb("cart_items").$type<Record<string, number>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    check("users_email_lower", sql`${t.email} = lower(${t.email})`),
    check("users_name_length", sql`char_length(${t.name}) between 1 and 80`),
  ],
);

export const sellers = pgTable(
  "sellers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sellers_email_key").on(t.email),
    check("sellers_email_lower", sql`${t.email} = lower(${t.email})`),
  ],
);

/** Server-side sessions. The cookie holds a random token; only its SHA-256 is stored here. */
export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id").references(() => sellers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("sessions_one_owner", sql`(${t.userId} is null) <> (${t.sellerId} is null)`),
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

export const addresses = pgTable(
  "addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    street: text("street").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipcode: text("zipcode").notNull(),
    country: text("country").notNull(),
    phone: text("phone").notNull(),
    /** Where it is (the shopper's "use my location"), for a shop that delivers within a radius. */
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    /** The add's Idempotency-Key, if it sent one: a retry of that add answers with this address. */
    idempotencyKey: text("idempotency_key"),
    /** What the key stood for (addresses-service.ts addRequestHash): another body with it is refused. */
    requestHash: text("request_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    index("addresses_user_idx").on(t.userId, t.createdAt),
    // One address per shopper and key, whatever runs at once (adds without a key are NULL: distinct).
    uniqueIndex("addresses_user_idempotency_key").on(t.userId, t.idempotencyKey),
    check(
      "addresses_key_has_hash",
      sql`(${t.idempotencyKey} is null) = (${t.requestHash} is null)`,
    ),
  ],
);

/**
 * Browsers that logged in to an account before (OWASP's device cookie, decision 010): their
 * login attempts are limited per browser, not per address, so failures by others behind the same
 * address cannot lock the account's owner out. The cookie holds a random token; only its SHA-256
 * is stored.
 */
export const trustedDevices = pgTable(
  "trusted_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id").references(() => sellers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("trusted_devices_one_owner", sql`(${t.userId} is null) <> (${t.sellerId} is null)`),
    index("trusted_devices_expires_at_idx").on(t.expiresAt),
  ],
);

/**
 * Counters of the authentication limits (login attempts, registrations), one row per subject,
 * changed by one conditional statement per attempt so that concurrent requests and several
 * processes count exactly (docs/decisions/010-login-limits.md).
 */
export const authCounters = pgTable("auth_counters", {
  /** What is counted, e.g. `login:user:<email>:<ip>`, `login-ip:<ip>`, `register:<ip>`. */
  subject: text("subject").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  /** For limits that slow down instead of refusing: the earliest time the next attempt may run. */
  nextSlotAt: timestamp("next_slot_at", { withTimezone: true }),
});

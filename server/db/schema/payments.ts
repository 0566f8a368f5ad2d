import {
  bigserial,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { orders } from "./orders";

// Online payments: the provider's hosted checkout per order, and the provider events applied.

/** A hosted checkout created with a payment provider for one online order. */
export const paymentSessions = pgTable(
  "payment_sessions",
  {
    id: text("id").primaryKey(),
    provider: text("provider").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The provider's page: absolute, or a path of this store (the demo provider) made absolute at the edge. */
    url: text("url").notNull(),
    /** Where the shopper goes back to after paying or cancelling: an allowed CORS origin, the store's own address they shopped at (PUBLIC_URL unset), or null for PUBLIC_URL. */
    returnOrigin: text("return_origin"),
    amountPaise: integer("amount_paise").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("payment_sessions_order_key").on(t.orderId)],
);

/** Provider events already applied: the unique key makes each one count at most once. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** What applying the event did (paid, cancelled, ignored, refund_needed...). */
    outcome: text("outcome").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_events_provider_event_key").on(t.provider, t.eventId)],
);

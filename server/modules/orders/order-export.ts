import { Readable } from "node:stream";
import { and, asc, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { microsOf, pastKeyset, type Keyset } from "../../db/keyset-cursor";
import { orderItems, orders } from "../../db/schema";
import { paiseToRupees } from "../../../contract/money";
import { visibleOrder } from "./orders-service";

const BATCH = 500;
/**
 * When an order counts: when it was placed (cash on delivery: at once; online: once paid), or,
 * never placed, when it was started (see `exportOrders`). Written as index
 * `orders_placed_or_created_idx` (migration 0012) has it, so that the index serves.
 */
const placedOrStarted = sql`coalesce(${orders.placedAt}, ${orders.createdAt})`;
const micros = microsOf(placedOrStarted);

const header = [
  "Order ID",
  "Placed at",
  "Status",
  "Payment",
  "Paid",
  "Items total (INR)",
  "Delivery fee (INR)",
  "Small cart fee (INR)",
  "Order amount (INR)",
  "Product",
  "Quantity",
  "Unit price (INR)",
  "Line total (INR)",
  "Customer",
  "Email",
  "Phone",
  "Street",
  "City",
  "State",
  "Zip code",
  "Country",
];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, semicolon, tab or line break,
 * quotes doubled. A text field a spreadsheet would run as a formula (= + - @) gets an apostrophe
 * before it, and so does any such start after a semicolon, tab or line break inside it: a
 * spreadsheet whose list separator is the semicolon (German, French) splits the line there,
 * quotes or not, and would run what follows.
 */
export function csvField(value: string | number | boolean): string {
  let text = String(value);
  if (typeof value === "string") text = text.replace(/(?<=^|[;\t\r\n])(?=[=+\-@\t\r])/g, "'");
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (fields: (string | number | boolean)[]) => `${fields.map(csvField).join(",")}\r\n`;

/**
 * The orders placed from `from` to `to` (whole days in the shop's time zone), one row per item,
 * newest last, streamed in batches so a year of orders never sits in memory. Starts with a byte
 * order mark so spreadsheet programs read it as UTF-8 (₹, names in any script).
 *
 * An order's day and its "Placed at" are when it was placed, the day the seller dashboard counts
 * it on: an online checkout started at 23:55 and paid at 00:05 belongs to the second day in both
 * (not to the day it was created), so a day of the export matches that day on the dashboard. The
 * one visible order never placed, an online payment that arrived after its hold lapsed (cancelled,
 * money owed back), goes by when it was started: the dashboard does not count it, but the export
 * must not drop a refund owed.
 */
export function exportOrders(
  db: Executor,
  period: { from: string; to: string },
  timeZone: string,
): Readable {
  const start = sql`(${period.from}::date)::timestamp at time zone ${timeZone}`;
  const end = sql`((${period.to}::date) + 1)::timestamp at time zone ${timeZone}`;
  const local = new Intl.DateTimeFormat("sv-SE", {
    timeZone,
    dateStyle: "short",
    timeStyle: "medium",
  });
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    let after: Keyset | undefined;
    for (;;) {
      const rows = await db
        .select({ order: orders, micros })
        .from(orders)
        .where(
          and(
            visibleOrder,
            sql`${placedOrStarted} >= ${start}`,
            sql`${placedOrStarted} < ${end}`,
            after ? pastKeyset(placedOrStarted, orders.id, after, ">") : undefined,
          ),
        )
        .orderBy(asc(placedOrStarted), asc(orders.id))
        .limit(BATCH);
      if (rows.length === 0) return;
      const batch = rows.map((r) => r.order);
      const items = await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            batch.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderItems.productId));
      let chunk = "";
      for (const order of batch) {
        const a = order.address;
        for (const item of items.filter((i) => i.orderId === order.id)) {
          chunk += csvLine([
            order.id,
            local.format(order.placedAt ?? order.createdAt),
            order.status,
            order.paymentType,
            order.isPaid ? "yes" : "no",
            paiseToRupees(order.itemsTotalPaise).toFixed(2),
            paiseToRupees(order.deliveryFeePaise).toFixed(2),
            paiseToRupees(order.smallCartFeePaise).toFixed(2),
            paiseToRupees(order.amountPaise).toFixed(2),
            item.product.name,
            item.quantity,
            paiseToRupees(item.unitPricePaise).toFixed(2),
            paiseToRupees(item.unitPricePaise * item.quantity).toFixed(2),
            `${a.firstName} ${a.lastName}`,
            a.email,
            a.phone,
            a.street,
            a.city,
            a.state,
            a.zipcode,
            a.country,
          ]);
        }
      }
      yield chunk;
      const last = rows.at(-1)!;
      after = { micros: BigInt(last.micros), id: last.order.id };
      if (rows.length < BATCH) return;
    }
  }
  return Readable.from(lines());
}

import { Readable } from "node:stream";
import { and, asc, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/database";
import { microsOf, pastKeyset, type Keyset } from "../../db/keyset-cursor";
import { orderItems, orders } from "../../db/schema";
import { paiseToRupees } from "../../../contract/money";
import { visibleOrder } from "./orders-service";

const BATCH = 500;
const micros = microsOf(orders.createdAt);

const header = [
  "Order ID",
  "Placed at",
  "Status",
  "Payment",
  "Paid",
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
 */
export function exportOrders(
  db: Db,
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
            sql`${orders.createdAt} >= ${start}`,
            sql`${orders.createdAt} < ${end}`,
            after ? pastKeyset(orders.createdAt, orders.id, after, ">") : undefined,
          ),
        )
        .orderBy(asc(orders.createdAt), asc(orders.id))
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
            local.format(order.createdAt),
            order.status,
            order.paymentType,
            order.isPaid ? "yes" : "no",
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

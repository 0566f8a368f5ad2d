import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { queryRows } from "../db/database";
import { openPglite } from "../db/pglite";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-seed-orders-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const spawnScript = (script: string, args: string[], folder = dataDir) =>
  spawnSync(
    process.execPath,
    ["--import", "tsx", path.resolve(import.meta.dirname, script), ...args],
    {
      env: { PATH: process.env.PATH ?? "", DATA_DIR: folder, LOG_LEVEL: "silent" },
      encoding: "utf8",
    },
  );

const run = (script: string, args: string[]) => {
  const result = spawnScript(script, args);
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
};

it("says there is nothing to order from, rather than that it added orders, on a shop with no products", async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-seed-orders-empty-"));
  try {
    const result = spawnScript("seed-orders.ts", ["--orders", "50"], empty);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("There are no products to order");
    expect(result.stdout).not.toContain("Added");
    const database = await openPglite(path.join(empty, "db"));
    try {
      const [left] = await queryRows<{ orders: number; users: number }>(
        database.db,
        sql`select (select count(*)::int from orders) as orders, (select count(*)::int from users) as users`,
      );
      expect(left).toEqual({ orders: 0, users: 0 });
    } finally {
      await database.close();
    }
    // A mistyped option: its usage, not Node's own parse error.
    const mistyped = spawnScript("seed-orders.ts", ["--order", "50"], empty);
    expect(mistyped.status).toBe(2);
    expect(mistyped.stderr).toContain("Usage: npm run seed:orders");
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

it("makes orders of different products, as the store itself would leave them", async () => {
  run("seed-catalog.ts", ["--products", "40"]);
  run("seed-orders.ts", ["--orders", "400", "--days", "3"]);
  const database = await openPglite(path.join(dataDir, "db"));
  try {
    const one = async (query: SQL) =>
      (await queryRows<Record<string, unknown>>(database.db, query))[0] ?? {};
    expect(await one(sql`select count(*)::int as orders from orders`)).toEqual({ orders: 400 });
    // Drawn for each order, not once for all of them.
    const spread = await one(
      sql`select count(distinct product_id)::int as products, max(lines)::int as most_lines,
                 min(lines)::int as fewest_lines
          from order_items
          join (select order_id, count(*) as lines from order_items group by order_id) l using (order_id)`,
    );
    expect(spread.products).toBeGreaterThan(30);
    expect(spread).toMatchObject({ most_lines: 4, fewest_lines: 1 });
    // Lines of an order are different products, and the order's amount is their sum.
    expect(
      await one(sql`select count(*)::int as wrong from orders o
                    where amount_paise <> (select sum(unit_price_paise * quantity)
                                           from order_items i where i.order_id = o.id)`),
    ).toEqual({ wrong: 0 });
    expect(
      await one(sql`select count(*)::int as repeated from (
                      select order_id, product_id from order_items group by 1, 2 having count(*) > 1
                    ) twice`),
    ).toEqual({ repeated: 0 });
    // No state the store never makes: unpaid online orders past checkout, cash paid before it
    // arrives, online orders cancelled without their money going back, old orders still open.
    expect(
      await one(sql`select count(*)::int as impossible from orders
                    where (payment_type = 'Online' and not is_paid)
                       or (payment_type = 'COD' and is_paid and status <> 'Delivered')
                       or (payment_type = 'Online' and status = 'Cancelled' and refunded_at is null)
                       or (status in ('Order Placed', 'Packing', 'Out for Delivery')
                           and placed_at < now() - interval '1 hour')
                       or delivered_at > now()`),
    ).toEqual({ impossible: 0 });
    const statuses = await one(
      sql`select count(*) filter (where status = 'Delivered')::int as delivered,
                 count(*) filter (where status = 'Cancelled')::int as cancelled
          from orders`,
    );
    expect(statuses.delivered).toBeGreaterThan(300);
    expect(statuses.cancelled).toBeGreaterThan(0);
  } finally {
    await database.close();
  }
});

import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows, type Database } from "./database";
import { createEmbeddedTestDatabase } from "../test/test-database";
import { tableStates, upkeepOf, upkeepTables, type TableState } from "./pglite-upkeep";

// The embedded database has no autovacuum: the store's upkeep gives its planner statistics and
// clears dead rows as autovacuum would (decision 035).

const opened: Database[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

async function embedded() {
  const database = await createEmbeddedTestDatabase();
  opened.push(database);
  return database;
}

const shelve = (database: Database, count: number) =>
  database.db.execute(
    sql`insert into products (name, category, price_paise, offer_price_paise, stock, in_stock)
        select 'Shelf item ' || n, 'Grains', 6000, 5500, 40, true from generate_series(1, ${count}) n`,
  );

async function statisticsOf(database: Database, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_statistic where starelid = ${table}::regclass`,
  );
  return row!.n;
}

describe("the embedded database's upkeep", () => {
  it("analyses a table that has rows and no statistics, then leaves it until it has changed enough", async () => {
    const database = await embedded();
    await shelve(database, 1000);
    expect(await statisticsOf(database, "products")).toBe(0);

    expect(await upkeepTables(database.db)).toContain('vacuum (analyze) "products"');
    expect(await statisticsOf(database, "products")).toBeGreaterThan(0);
    // Nothing changed since: nothing to do (the empty tables need nothing either).
    expect(await upkeepTables(database.db)).toEqual([]);

    // More than 50 + 10% of 1,000 rows changed: statistics again, no vacuum yet (dead rows not
    // above 50 + 20%).
    const change = (from: number, to: number) =>
      database.db.execute(
        sql`update products set stock = stock - 1
              where substring(name from 12)::int between ${from} and ${to}`,
      );
    const ofProducts = async () =>
      (await upkeepTables(database.db)).filter((ran) => ran.endsWith('"products"'));
    await change(1, 160);
    expect(await ofProducts()).toEqual(['analyze "products"']);
    // 260 more: a vacuum too.
    await change(161, 420);
    expect(await ofProducts()).toEqual(['vacuum (analyze) "products"']);
    const [products] = (await tableStates(database.db)).filter((t) => t.table === "products");
    expect(products).toMatchObject({ rowsThen: 1000, deadRows: 0, modifiedSinceAnalyze: 0 });
  });

  it("gives the planner what it needs to read a page of orders' lines by their orders", async () => {
    const database = await embedded();
    await shelve(database, 1000);
    await database.db.execute(sql`
      insert into users (name, email, password_hash) values ('Asha', 'asha@example.com', 'x')`);
    await database.db.execute(sql`
      insert into orders (user_id, address, amount_paise, items_total_paise, payment_type, status,
                          deliver_by)
      select (select id from users limit 1), '{}'::jsonb, 5500, 5500, 'COD', 'Delivered', now()
        from generate_series(1, 4000)`);
    await database.db.execute(sql`
      insert into order_items (order_id, product_id, quantity, unit_price_paise, product)
      select o.id, p.id, 1, 5500, '{}'::jsonb
        from (select id, row_number() over () as n from orders) o
        join (select id, row_number() over () as n from products) p
          on p.n in (1 + o.n % 1000, 1 + (o.n * 7) % 1000)`);
    // What a list of 200 orders reads for their lines (order-view.ts).
    const page = await queryRows<{ id: string }>(
      database.db,
      sql`select id from orders order by created_at desc, id desc limit 200`,
    );
    const plan = async () =>
      (
        await queryRows<{ "QUERY PLAN": string }>(
          database.db,
          sql`explain select * from order_items
                where order_id in (${sql.join(
                  page.map((o) => sql`${o.id}::uuid`),
                  sql`, `,
                )}) order by product_id`,
        )
      )
        .map((row) => row["QUERY PLAN"])
        .join("\n");
    // Without statistics: every line of every order read, kept if its order is one of the 200
    // (with 100,000 orders the seller's list of 200 took 1.1 s, the plan then going by product).
    expect(await plan()).toMatch(/Seq Scan on order_items/);
    await upkeepTables(database.db);
    expect(await plan()).not.toMatch(/Seq Scan on order_items/);
    expect(await plan()).toMatch(/(Index|Recheck) Cond: \(order_id = ANY/);
  });
});

describe("when a table needs upkeep", () => {
  const settled: TableState = {
    table: "orders",
    rowsThen: 10_000,
    pagesThen: 400,
    pagesNow: 400,
    hasStatistics: true,
    modifiedSinceAnalyze: 0,
    deadRows: 0,
    insertedSinceVacuum: 0,
  };

  it("follows autovacuum's default thresholds", () => {
    expect(upkeepOf(settled)).toBeNull();
    expect(upkeepOf({ ...settled, modifiedSinceAnalyze: 1050 })).toBeNull();
    expect(upkeepOf({ ...settled, modifiedSinceAnalyze: 1051 })).toBe("analyze");
    expect(upkeepOf({ ...settled, deadRows: 2051, modifiedSinceAnalyze: 100 })).toBe("vacuum");
    expect(upkeepOf({ ...settled, insertedSinceVacuum: 3001, modifiedSinceAnalyze: 3001 })).toBe(
      "vacuum (analyze)",
    );
  });

  it("sees what changed before this start as growth since the last upkeep (the counts start at zero)", () => {
    expect(upkeepOf({ ...settled, pagesNow: 448 })).toBeNull();
    expect(upkeepOf({ ...settled, pagesNow: 449 })).toBe("vacuum (analyze)");
  });

  it("analyses a table never analysed, and leaves an empty one", () => {
    expect(upkeepOf({ ...settled, rowsThen: -1, pagesThen: 0, pagesNow: 3 })).toBe("analyze");
    expect(
      upkeepOf({ ...settled, rowsThen: -1, pagesThen: 0, pagesNow: 0, hasStatistics: false }),
    ).toBeNull();
    expect(upkeepOf({ ...settled, rowsThen: 0, pagesNow: 1, hasStatistics: false })).toBeNull();
  });
});

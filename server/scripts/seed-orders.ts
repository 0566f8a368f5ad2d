// `npm run seed:orders -- --orders 100000 [--days 90]`: fills the configured database (DATA_DIR or
// DATABASE_URL) with generated past orders spread over the last days, for the dashboard's
// benchmark and for trying the seller area with a busy shop's history. Needs products (run
// `npm start` once, or seed:catalog) and makes one shopper for them.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadConfig } from "../config";
import { openDatabase } from "../db/open-database";
import { addresses, users } from "../db/schema";
import { hashPassword } from "../modules/auth/passwords";

const { values } = parseArgs({
  options: {
    orders: { type: "string", default: "100000" },
    days: { type: "string", default: "90" },
  },
});
const total = Number(values.orders);
const days = Number(values.days);
if (
  !Number.isInteger(total) ||
  total < 1 ||
  total > 5_000_000 ||
  !Number.isInteger(days) ||
  days < 1
) {
  console.error("--orders must be 1 to 5000000 and --days a whole number of days");
  process.exit(1);
}

const config = loadConfig(process.env);
const database = await openDatabase(config);
const [user] = await database.db
  .insert(users)
  .values({
    name: "Generated Shopper",
    email: `generated-${Date.now()}@example.com`,
    passwordHash: await hashPassword(`generated-${Date.now()}`),
  })
  .returning();
const [address] = await database.db
  .insert(addresses)
  .values({
    userId: user!.id,
    firstName: "Asha",
    lastName: "Rao",
    email: "asha@example.com",
    street: "12 MG Road",
    city: "Bengaluru",
    state: "Karnataka",
    zipcode: "560001",
    country: "India",
    phone: "+919876543210",
  })
  .returning();

const started = Date.now();
const batch = 20_000;
for (let done = 0; done < total; done += batch) {
  const n = Math.min(batch, total - done);
  // Mostly delivered orders, some cancelled, a few still open; times spread over the period.
  await database.db.execute(sql`
    with made as (
      select gen_random_uuid() as id,
             now() - random() * make_interval(days => ${days}) as placed,
             random() as r, (random() * 25)::int as dispatch_min, (random() * 20)::int as ride_min
      from generate_series(1, ${n})
    ), picked as (
      select m.*, p.id as product_id, p.name, p.category, p.images, p.price_paise, p.offer_price_paise,
             1 + (random() * 3)::int as quantity
      from made m
      cross join lateral (
        select * from products where deleted_at is null
        offset (random() * greatest((select count(*) from products) - 1, 0))::int limit 1
      ) p
    ), inserted as (
      insert into orders (id, user_id, address, address_id, amount_paise, payment_type, status,
                          is_paid, placed_at, dispatched_at, delivered_at, deliver_by, created_at, updated_at)
      select id, ${user!.id}::uuid,
             ${JSON.stringify({ _id: address!.id, firstName: "Asha", lastName: "Rao", email: "asha@example.com", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560001", country: "India", phone: "+919876543210" })}::jsonb,
             ${address!.id}::uuid, offer_price_paise * quantity,
             case when r < 0.5 then 'COD' else 'Online' end,
             case when r < 0.9 then 'Delivered' when r < 0.95 then 'Cancelled' else 'Order Placed' end,
             r < 0.9 or (r >= 0.5 and r < 0.95),
             placed,
             case when r < 0.9 then placed + make_interval(mins => dispatch_min) end,
             case when r < 0.9 then placed + make_interval(mins => dispatch_min + ride_min) end,
             placed + interval '30 minutes', placed, placed
      from picked
      returning id
    )
    insert into order_items (order_id, product_id, quantity, unit_price_paise, product)
    select p.id, p.product_id, p.quantity, p.offer_price_paise,
           jsonb_build_object('_id', p.product_id, 'name', p.name, 'category', p.category,
             'image', p.images, 'price', p.price_paise / 100.0, 'offerPrice', p.offer_price_paise / 100.0)
    from picked p
  `);
}
// As autovacuum would leave a settled table: statistics and the visibility map (index-only reads).
await database.db.execute(sql`vacuum analyze orders`);
await database.db.execute(sql`vacuum analyze order_items`);
console.log(`Added ${total} orders in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
await database.close();

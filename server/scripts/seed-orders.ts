// `npm run seed:orders -- --orders 100000 [--days 90]`: fills the configured database (DATA_DIR or
// DATABASE_URL) with generated past orders spread over the last days, for the dashboard's
// benchmark and for trying the seller area with a busy shop's history. Needs products (run
// `npm start` once, or seed:catalog) and makes one shopper for them.
import { sql } from "drizzle-orm";
import { queryRows } from "../db/database";
import { addresses, users } from "../db/schema";
import { hashPassword } from "../modules/auth/passwords";
import { openScriptDatabase, scriptOptions } from "./script-setup";

const values = scriptOptions(
  {
    orders: { type: "string", default: "100000" },
    days: { type: "string", default: "90" },
  },
  "npm run seed:orders -- [--orders 100000] [--days 90]",
);
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

const { database } = await openScriptDatabase();
const [shelf] = await queryRows<{ products: number }>(
  database.db,
  sql`select count(*)::int as products from products where deleted_at is null`,
);
if (!shelf?.products) {
  console.error(
    "There are no products to order: start the store once (it loads the demo catalogue), or run `npm run seed:catalog`, then try again.",
  );
  await database.close();
  process.exit(1);
}
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
  // Times spread over the period; orders of the last 40 minutes still open (Order Placed or
  // Packing), older ones mostly delivered, some cancelled. Each order has 1 to 4 different
  // products, drawn for that order (the products numbered once, each order's lines at its own
  // random place and steps of a prime), and states the store itself makes: cash is paid on
  // delivery, an online order is paid when placed, and an online order cancelled was refunded.
  await database.db.execute(sql`
    with made as (
      select gen_random_uuid() as id, random() as r, random() < 0.5 as cod, random() as pick,
             1 + floor(random() * 4)::int as lines,
             now() - random() * make_interval(days => ${days}) as at,
             (random() * 25)::int as dispatch_min, (random() * 20)::int as ride_min
      from generate_series(1, ${n})
    ), shelf as (
      select row_number() over (order by id) - 1 as n, id, name, category, images, price_paise,
             offer_price_paise
      from products where deleted_at is null
    ), shelf_size as (
      select count(*) as size from shelf
    ), picked as (
      select m.id as order_id, s.id as product_id, s.name, s.category, s.images, s.price_paise,
             s.offer_price_paise, 1 + floor(random() * 3)::int as quantity
      from made m
      cross join shelf_size
      cross join lateral generate_series(0, least(m.lines, shelf_size.size) - 1) as line
      join shelf s on s.n = (floor(m.pick * shelf_size.size)::bigint + line * 7919) % shelf_size.size
    ), totals as (
      select order_id, sum(offer_price_paise * quantity) as amount from picked group by order_id
    ), dated as (
      select m.*, t.amount,
             case when m.at > now() - interval '40 minutes'
                    then case when m.r < 0.6 then 'Order Placed' else 'Packing' end
                  when m.r < 0.95 then 'Delivered' else 'Cancelled' end as status,
             m.at as placed
      from made m join totals t on t.order_id = m.id
    ), inserted as (
      insert into orders (id, user_id, address, address_id, amount_paise, items_total_paise,
                          payment_type, status,
                          is_paid, refunded_at, placed_at, dispatched_at, delivered_at, deliver_by,
                          created_at, updated_at)
      select id, ${user!.id}::uuid,
             ${JSON.stringify({ _id: address!.id, firstName: "Asha", lastName: "Rao", email: "asha@example.com", street: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560001", country: "India", phone: "+919876543210" })}::jsonb,
             ${address!.id}::uuid, amount, amount,
             case when cod then 'COD' else 'Online' end,
             status,
             status = 'Delivered' or not cod,
             case when status = 'Cancelled' and not cod then placed + interval '20 minutes' end,
             placed,
             case when status = 'Delivered' then least(now(), placed + make_interval(mins => dispatch_min)) end,
             case when status = 'Delivered' then least(now(), placed + make_interval(mins => dispatch_min + ride_min)) end,
             placed + interval '30 minutes', placed, placed
      from dated
      returning id
    )
    insert into order_items (order_id, product_id, quantity, unit_price_paise, product)
    select p.order_id, p.product_id, p.quantity, p.offer_price_paise,
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

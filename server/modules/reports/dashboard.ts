import { and, asc, isNull, lte, sql } from "drizzle-orm";
import type { Dashboard } from "../../../contract/seller";
import { paiseToRupees } from "../../../contract/money";
import { queryRows, type Executor } from "../../db/database";
import { products } from "../../db/schema";
import { toProduct } from "../catalog/product-view";
import type { PublicUrls } from "../media/public-urls";

const LOW_STOCK_SHOWN = 20;

/**
 * The shop's day and last `days` days in numbers, counted in the shop's time zone. An order
 * counts from when it was placed (cash on delivery: at once; online: once paid), unless it was
 * cancelled; revenue is what those orders come to (cash on delivery before it is collected too),
 * so that revenue is the orders times their average value, and the top products' revenue adds up
 * to it. Dispatch times and deliveries on time are those of today, whenever the order was placed.
 * Every query reads an index (orders by placed_at, dispatched_at, delivered_at; open orders by
 * deliver_by).
 */
export async function sellerDashboard(
  db: Executor,
  days: number,
  timeZone: string,
  urls: PublicUrls,
): Promise<Omit<Dashboard, "success">> {
  const todayStart = sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  const periodStart = sql`(date_trunc('day', now() at time zone ${timeZone}) - make_interval(days => ${days - 1}::int)) at time zone ${timeZone}`;

  // Four independent reads, run side by side on the pool.
  const [[today], perDay, [first], top, low] = await Promise.all([
    queryRows<{
      orders: string;
      revenue: string;
      average: string | null;
      median_dispatch: string | null;
      on_time: string | null;
      late_now: string;
    }>(
      db,
      sql`select
          count(*) filter (where status <> 'Cancelled')::text as orders,
          coalesce(sum(amount_paise) filter (where status <> 'Cancelled'), 0)::text as revenue,
          (avg(amount_paise) filter (where status <> 'Cancelled'))::text as average,
          (select percentile_cont(0.5) within group (order by extract(epoch from dispatched_at - placed_at) / 60)
             from orders where dispatched_at >= ${todayStart})::text as median_dispatch,
          (select avg(case when delivered_at <= deliver_by then 1.0 else 0.0 end)
             from orders where delivered_at >= ${todayStart})::text as on_time,
          (select count(*) from orders late
             where late.status in ('Order Placed','Packing','Out for Delivery')
               and late.deliver_by < now())::text as late_now
        from orders
        where placed_at >= ${todayStart}`,
    ),
    queryRows<{ date: string; orders: string; revenue: string }>(
      db,
      sql`select to_char((placed_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as date,
               count(*) filter (where status <> 'Cancelled')::text as orders,
               coalesce(sum(amount_paise) filter (where status <> 'Cancelled'), 0)::text as revenue
        from orders where placed_at >= ${periodStart}
        group by 1`,
    ),
    queryRows<{ date: string }>(
      db,
      sql`select to_char((now() at time zone ${timeZone})::date - ${days - 1}::int, 'YYYY-MM-DD') as date`,
    ),
    queryRows<{ product_id: string; name: string; units: string; revenue: string }>(
      db,
      sql`with sold as (
          select i.product_id, sum(i.quantity) as units, sum(i.quantity * i.unit_price_paise) as revenue
          from orders o join order_items i on i.order_id = o.id
          where o.placed_at >= ${periodStart} and o.status <> 'Cancelled'
          group by i.product_id
          order by units desc, revenue desc
          limit 5)
        select sold.product_id, p.name, sold.units::text as units, sold.revenue::text as revenue
        from sold join products p on p.id = sold.product_id
        order by sold.units desc, sold.revenue desc`,
    ),
    db
      .select()
      .from(products)
      .where(and(isNull(products.deletedAt), lte(products.stock, products.lowStockThreshold)))
      .orderBy(asc(products.stock), asc(products.name))
      .limit(LOW_STOCK_SHOWN),
  ]);
  const byDate = new Map(perDay.map((d) => [d.date, d]));
  const dates = Array.from({ length: days }, (_, i) => addDays(first!.date, i));

  const rupees = (paise: string | null) => paiseToRupees(Math.round(Number(paise ?? 0)));
  return {
    timeZone,
    today: {
      orders: Number(today!.orders),
      revenue: rupees(today!.revenue),
      averageOrderValue: rupees(today!.average),
      medianMinutesToDispatch:
        today!.median_dispatch === null
          ? null
          : Math.round(Number(today!.median_dispatch) * 10) / 10,
      onTimeRate: today!.on_time === null ? null : Number(Number(today!.on_time).toFixed(4)),
      lateNow: Number(today!.late_now),
    },
    days: dates.map((date) => ({
      date,
      orders: Number(byDate.get(date)?.orders ?? 0),
      revenue: rupees(byDate.get(date)?.revenue ?? "0"),
    })),
    topProducts: top.map((t) => ({
      _id: t.product_id,
      name: t.name,
      units: Number(t.units),
      revenue: rupees(t.revenue),
    })),
    lowStock: low.map((row) => toProduct(row, urls)),
  };
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

import { inArray, sql } from "drizzle-orm";
import { categoryKeys, type CategoryKey } from "../../../contract/categories";
import type { PickList } from "../../../contract/order";
import { queryRows, type Executor } from "../../db/database";
import type { PublicUrls } from "../media/public-urls";

/** Orders whose units are still to be packed. */
const TO_PACK = ["Order Placed", "Packing"] as const;

/**
 * Every unit to pack across the open orders, one line per product with its quantity and the
 * orders it belongs to (the soonest promise first), grouped by category in the store's order (those
 * without one last) and then by product name. Names and pictures are the ordered snapshot.
 */
export async function pickList(db: Executor, urls: PublicUrls): Promise<PickList["items"]> {
  const rows = await queryRows<{
    product_id: string;
    name: string;
    category: string | null;
    image: string[];
    weight: string | null;
    quantity: string;
    order_ids: string[];
  }>(
    db,
    sql`select i.product_id,
               (array_agg(i.product->>'name' order by o.created_at desc))[1] as name,
               (array_agg(i.product->>'category' order by o.created_at desc))[1] as category,
               (array_agg(i.product->'image' order by o.created_at desc))[1] as image,
               (array_agg(i.product->>'weight' order by o.created_at desc))[1] as weight,
               sum(i.quantity)::text as quantity,
               array_agg(o.id::text order by o.deliver_by, o.id) as order_ids
        from order_items i join orders o on o.id = i.order_id
        where ${inArray(sql`o.status`, [...TO_PACK])}
        group by i.product_id`,
  );
  // Products without a category after every category's.
  const rank = (c: CategoryKey | null) =>
    c === null ? categoryKeys.length : categoryKeys.indexOf(c);
  return rows
    .map((r) => ({
      product: {
        _id: r.product_id,
        name: r.name,
        category: r.category as CategoryKey | null,
        image: urls.images(r.image ?? []),
        ...(r.weight ? { weight: r.weight } : {}),
      },
      quantity: Number(r.quantity),
      orderIds: r.order_ids,
    }))
    .sort(
      (a, b) =>
        rank(a.product.category) - rank(b.product.category) ||
        a.product.name.localeCompare(b.product.name),
    );
}

import { count } from "drizzle-orm";
import { rupeesToPaise } from "../../contract/money";
import type { MediaStorage } from "../modules/media/media-storage";
import { describeStockChange } from "../modules/inventory/stock-ledger";
import type { Db } from "../db/database";
import { products } from "../db/schema";
import { withStartupLock } from "../db/startup-lock";
import { demoProducts } from "../db/seed/demo-catalog";
import { demoImages } from "./demo-images";

/**
 * Loads the demo catalogue into an empty store (and only then), so `npm start` shows a full shop.
 * Several processes starting together on one database seed it once (startup lock). Returns the
 * number of products added.
 */
export async function seedDemoCatalog(db: Db, media: MediaStorage): Promise<number> {
  const images = new Map<string, string[]>();
  for (const item of demoProducts)
    if (!images.has(item.icon)) images.set(item.icon, await demoImages(media, item.icon));

  return withStartupLock(db, async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) > 0) return 0;
    await describeStockChange(tx, { reason: "restock", actor: "system", note: "Demo catalogue" });
    const now = Date.now();
    await tx.insert(products).values(
      demoProducts.map((item, index) => ({
        name: item.name,
        category: item.category,
        pricePaise: rupeesToPaise(item.price),
        offerPricePaise: rupeesToPaise(item.offerPrice),
        weight: item.weight,
        stock: item.stock,
        inStock: item.stock > 0,
        description: item.description,
        images: images.get(item.icon) ?? [],
        // Spread creation times so "newest first" has a stable, meaningful order.
        createdAt: new Date(now - index * 60_000),
        updatedAt: new Date(now - index * 60_000),
      })),
    );
    return demoProducts.length;
  });
}

import { count } from "drizzle-orm";
import { categories } from "../../../contract/categories";
import { rupeesToPaise } from "../../../contract/money";
import type { MediaStorage } from "../../modules/media/media-storage";
import type { Db } from "../database";
import { products } from "../schema";
import { categoryIcons, demoProducts } from "./demo-catalog";
import { renderEmojiWebp, storeEmojiImages } from "./emoji-images";

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Category tile images (`/media/category-<key>.webp`, as contract/categories.ts names them). */
export async function ensureCategoryImages(media: MediaStorage): Promise<void> {
  for (const category of categories) {
    const name = category.image.replace("/media/", "");
    if (!(await media.exists(name)))
      await media.save(name, await renderEmojiWebp(categoryIcons[category.path], 256));
  }
}

/** Images of a demo product, shared by every product drawn with the same emoji. */
export function demoImages(media: MediaStorage, icon: string): Promise<string[]> {
  return storeEmojiImages(media, icon, `demo-${slug(icon)}`);
}

/**
 * Loads the demo catalogue into an empty store (and only then), so `npm start` shows a full shop.
 * Returns the number of products added.
 */
export async function seedDemoCatalog(db: Db, media: MediaStorage): Promise<number> {
  await ensureCategoryImages(media);
  const [existing] = await db.select({ n: count() }).from(products);
  if ((existing?.n ?? 0) > 0) return 0;
  const now = Date.now();
  const rows = [];
  for (const [index, item] of demoProducts.entries()) {
    rows.push({
      name: item.name,
      category: item.category,
      pricePaise: rupeesToPaise(item.price),
      offerPricePaise: rupeesToPaise(item.offerPrice),
      weight: item.weight,
      stock: item.stock,
      inStock: item.stock > 0,
      description: item.description,
      images: await demoImages(media, item.icon),
      // Spread creation times so "newest first" has a stable, meaningful order.
      createdAt: new Date(now - index * 60_000),
      updatedAt: new Date(now - index * 60_000),
    });
  }
  await db.insert(products).values(rows);
  return rows.length;
}

import { rupeesToPaise } from "../../contract/money";
import type { CategoryKey } from "../../contract/categories";
import type { Executor } from "../db/database";
import { products } from "../db/schema";

let counter = 0;

export interface ProductOverrides {
  name?: string;
  category?: CategoryKey;
  price?: number;
  offerPrice?: number;
  stock?: number;
  inStock?: boolean;
  weight?: string | null;
  description?: string[];
  images?: string[];
  createdAt?: Date;
  deletedAt?: Date | null;
}

/** Inserts a product straight into the database; every field can be overridden. */
export async function insertProduct(db: Executor, overrides: ProductOverrides = {}) {
  counter++;
  const stock = overrides.stock ?? 50;
  const [row] = await db
    .insert(products)
    .values({
      name: overrides.name ?? `Test Product ${counter}`,
      category: overrides.category ?? "Vegetables",
      pricePaise: rupeesToPaise(overrides.price ?? 50),
      offerPricePaise: rupeesToPaise(overrides.offerPrice ?? 45),
      stock,
      inStock: overrides.inStock ?? stock > 0,
      weight: overrides.weight === undefined ? "500g" : overrides.weight,
      description: overrides.description ?? ["A test product."],
      images: overrides.images ?? ["/media/test-large.webp", "/media/test-thumb.webp"],
      createdAt: overrides.createdAt ?? new Date(Date.now() + counter),
      deletedAt: overrides.deletedAt ?? null,
    })
    .returning();
  if (!row) throw new Error("insertProduct: nothing inserted");
  return row;
}

import type { Product } from "../../../contract/product";
import type { CategoryKey } from "../../../contract/categories";
import { paiseToRupees } from "../../../contract/money";
import type { products } from "../../db/schema";

export type ProductRow = typeof products.$inferSelect;

/** A product row as the API returns it (api-contract.md, "Entities"). */
export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    category: row.category as CategoryKey,
    price: paiseToRupees(row.pricePaise),
    offerPrice: paiseToRupees(row.offerPricePaise),
    image: row.images,
    description: row.description,
    inStock: row.inStock,
    stock: row.stock,
    ...(row.weight ? { weight: row.weight } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

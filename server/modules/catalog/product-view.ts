import type { CategoryKey } from "../../../contract/categories";
import { paiseToRupees } from "../../../contract/money";
import type { Product } from "../../../contract/product";
import type { products } from "../../db/schema";
import type { PublicUrls } from "../media/public-urls";

export type ProductRow = typeof products.$inferSelect;

/** A product as the API returns it, with the version of its stock reading (see StockBoard). */
export interface CatalogEntry {
  product: Product;
  stockVersion: number;
}

/** A product row as the API returns it (api-contract.md, "Entities"), image URLs absolute. */
export function toProduct(row: ProductRow, urls: PublicUrls): Product {
  return {
    _id: row.id,
    name: row.name,
    category: row.category as CategoryKey | null,
    price: paiseToRupees(row.pricePaise),
    offerPrice: paiseToRupees(row.offerPricePaise),
    image: urls.images(row.images),
    description: row.description,
    inStock: row.inStock,
    ...(row.switchedOff ? { switchedOff: true as const } : {}),
    stock: row.stock,
    ...(row.weight ? { weight: row.weight } : {}),
    lowStockThreshold: row.lowStockThreshold,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCatalogEntry(row: ProductRow, urls: PublicUrls): CatalogEntry {
  return { product: toProduct(row, urls), stockVersion: row.stockVersion };
}

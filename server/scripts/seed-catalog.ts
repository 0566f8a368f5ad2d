// `npm run seed:catalog -- --products 10000 [--category Grains]`: adds a large generated catalogue
// to the configured database (DATA_DIR or DATABASE_URL), for benchmarks and browser journeys
// (every product in one category with --category). Uses the demo images; prices are made up.
import path from "node:path";
import { findCategory } from "../../contract/categories";
import { products } from "../db/schema";
import { demoProducts } from "../db/seed/demo-catalog";
import { DatabaseMediaStorage, LocalMediaStorage } from "../modules/media/media-storage";
import { demoImages, ensureCategoryImages } from "../seed/demo-images";
import { seedDemoCatalog } from "../seed/seed-demo-catalog";
import { openScriptDatabase, scriptOptions } from "./script-setup";

const values = scriptOptions(
  { products: { type: "string", default: "10000" }, category: { type: "string" } },
  "npm run seed:catalog -- [--products 10000] [--category Grains]",
);
const total = Number(values.products);
if (!Number.isInteger(total) || total < 1 || total > 1_000_000) {
  console.error("--products must be a whole number from 1 to 1000000");
  process.exit(1);
}
const onlyCategory = values.category === undefined ? undefined : findCategory(values.category);
if (values.category !== undefined && !onlyCategory) {
  console.error("--category must be one of the store's categories, e.g. Grains");
  process.exit(1);
}

const { config, database } = await openScriptDatabase();
const media =
  config.mediaStore === "database"
    ? new DatabaseMediaStorage(database.db)
    : new LocalMediaStorage(path.join(config.dataDir, "media"));
// The demo catalogue first (as `npm start` would), so the store looks as it always does; the
// generated products come after it in "newest first".
await seedDemoCatalog(database.db, media);
await ensureCategoryImages(media);

const adjectives = [
  "Organic",
  "Farm Fresh",
  "Premium",
  "Classic",
  "Value Pack",
  "Select",
  "Daily",
  "Family Size",
];
const imagesByIcon = new Map<string, string[]>();
for (const item of demoProducts) {
  if (!imagesByIcon.has(item.icon)) imagesByIcon.set(item.icon, await demoImages(media, item.icon));
}

// With --category, the generated products are variations of that category's demo products, so a
// "Grains" page is all rice and flour, not tomatoes filed under Grains.
const bases = onlyCategory
  ? demoProducts.filter((item) => item.category === onlyCategory.path)
  : demoProducts;

const started = Date.now();
const batchSize = 1000;
const olderThanDemo = Date.now() - 7 * 24 * 3600_000;
for (let offset = 0; offset < total; offset += batchSize) {
  const rows = [];
  for (let i = offset; i < Math.min(total, offset + batchSize); i++) {
    const base = bases[i % bases.length]!;
    const price = Math.round(base.price * (0.8 + ((i * 37) % 50) / 100) * 100);
    const stock = i % 23 === 0 ? 0 : 20 + ((i * 13) % 200);
    rows.push({
      name: `${adjectives[i % adjectives.length]} ${base.name} #${i + 1}`,
      category: onlyCategory?.path ?? base.category,
      pricePaise: price,
      offerPricePaise: Math.max(1, Math.round(price * 0.9)),
      weight: base.weight,
      stock,
      inStock: stock > 0,
      description: base.description,
      images: imagesByIcon.get(base.icon) ?? [],
      createdAt: new Date(olderThanDemo - i * 1000),
      updatedAt: new Date(olderThanDemo - i * 1000),
    });
  }
  await database.db.insert(products).values(rows);
}
console.log(`Added ${total} products in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
await database.close();

// `npm run seed:catalog -- --products 10000`: adds a large generated catalogue to the configured
// database (DATA_DIR or DATABASE_URL), for benchmarks. Uses the demo images; prices are made up.
import path from "node:path";
import { parseArgs } from "node:util";
import { categoryKeys } from "../../contract/categories";
import { loadConfig } from "../config";
import { openDatabase } from "../db/open-database";
import { products } from "../db/schema";
import { demoProducts } from "../db/seed/demo-catalog";
import { demoImages, ensureCategoryImages } from "../db/seed/seed-demo-catalog";
import { LocalMediaStorage } from "../modules/media/media-storage";

const { values } = parseArgs({ options: { products: { type: "string", default: "10000" } } });
const total = Number(values.products);
if (!Number.isInteger(total) || total < 1 || total > 1_000_000) {
  console.error("--products must be a whole number from 1 to 1000000");
  process.exit(1);
}

const config = loadConfig(process.env);
const database = await openDatabase(config);
const media = new LocalMediaStorage(path.join(config.dataDir, "media"));
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

const started = Date.now();
const batchSize = 1000;
for (let offset = 0; offset < total; offset += batchSize) {
  const rows = [];
  for (let i = offset; i < Math.min(total, offset + batchSize); i++) {
    const base = demoProducts[i % demoProducts.length]!;
    const price = Math.round(base.price * (0.8 + ((i * 37) % 50) / 100) * 100);
    const stock = i % 23 === 0 ? 0 : 20 + ((i * 13) % 200);
    rows.push({
      name: `${adjectives[i % adjectives.length]} ${base.name} #${i + 1}`,
      category: categoryKeys.includes(base.category) ? base.category : "Vegetables",
      pricePaise: price,
      offerPricePaise: Math.max(1, Math.round(price * 0.9)),
      weight: base.weight,
      stock,
      inStock: stock > 0,
      description: base.description,
      images: imagesByIcon.get(base.icon) ?? [],
    });
  }
  await database.db.insert(products).values(rows);
}
console.log(`Added ${total} products in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
await database.close();

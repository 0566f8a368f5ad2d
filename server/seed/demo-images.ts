import fs from "node:fs/promises";
import path from "node:path";
import { categories } from "../../contract/categories";
import type { MediaStorage } from "../modules/media/media-storage";
import { mediaPath } from "../modules/media/media-storage";

/**
 * The demo catalogue's pictures, rendered once from Microsoft's Fluent Emoji (MIT licence) and
 * kept beside its products (server/db/seed/images/), so a start needs no icon set in memory: a
 * product's large picture (640 px) and its thumbnail (320 px) as WebP, and one picture per
 * category tile.
 */
const folder = path.join(import.meta.dirname, "../db/seed/images");

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

async function copyIn(media: MediaStorage, name: string): Promise<string> {
  if (!(await media.exists(name)))
    await media.save(name, await fs.readFile(path.join(folder, name)));
  return mediaPath(name);
}

/** Category tile images (`/media/category-<key>.webp`, as contract/categories.ts names them). */
export async function ensureCategoryImages(media: MediaStorage): Promise<void> {
  for (const category of categories) await copyIn(media, category.image.replace("/media/", ""));
}

/**
 * A demo product's `image` list: the large picture; its thumbnail sits beside it (`-thumb` for
 * `-large`), shared by every product drawn with the same icon.
 */
export async function demoImages(media: MediaStorage, icon: string): Promise<string[]> {
  const base = `demo-${slug(icon)}`;
  await copyIn(media, `${base}-thumb.webp`);
  return [await copyIn(media, `${base}-large.webp`)];
}

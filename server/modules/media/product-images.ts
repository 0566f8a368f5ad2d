import { randomUUID } from "node:crypto";
import type { MediaStorage } from "./media-storage";
import type { ProcessedImage } from "./image-pipeline";

/**
 * A product's `image` list holds one URL per picture, the large size; each has its thumbnail
 * beside it under the same name with `-thumb` for `-large` (docs/decisions/005-product-images.md).
 */
export function thumbnailUrl(largeUrl: string): string {
  return largeUrl.replace(/-large\.webp$/, "-thumb.webp");
}

/** Stores processed pictures under new random names; returns their URLs and the names written. */
export async function storeProductImages(
  media: MediaStorage,
  images: ProcessedImage[],
  written: string[],
): Promise<string[]> {
  const urls: string[] = [];
  for (const image of images) {
    const base = `p-${randomUUID()}`;
    written.push(`${base}-large.webp`);
    const url = await media.save(`${base}-large.webp`, image.large);
    written.push(`${base}-thumb.webp`);
    await media.save(`${base}-thumb.webp`, image.thumb);
    urls.push(url);
  }
  return urls;
}

/** Deletes files written for a request that failed, so nothing is left behind. */
export async function removeMedia(media: MediaStorage, names: string[]): Promise<void> {
  await Promise.all(names.map((name) => media.remove(name).catch(() => {})));
}

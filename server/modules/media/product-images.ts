import { randomUUID } from "node:crypto";
import { thumbnailUrl } from "../../../contract/product-images";
import type { MediaStorage } from "./media-storage";
import type { ProcessedImage } from "./image-pipeline";

/** Stores processed pictures under new random names; returns their URLs and the names written. */
export async function storeProductImages(
  media: MediaStorage,
  images: ProcessedImage[],
  written: string[],
): Promise<string[]> {
  const urls: string[] = [];
  for (const image of images) {
    const large = `p-${randomUUID()}-large.webp`;
    const thumb = thumbnailUrl(large);
    written.push(large);
    const url = await media.save(large, image.large);
    written.push(thumb);
    await media.save(thumb, image.thumb);
    urls.push(url);
  }
  return urls;
}

/** Deletes files written for a request that failed, so nothing is left behind. */
export async function removeMedia(media: MediaStorage, names: string[]): Promise<void> {
  await Promise.all(names.map((name) => media.remove(name).catch(() => {})));
}

/**
 * A product's `image` list holds one URL per picture, the large size (`…-large.webp`); each has
 * its thumbnail beside it under the same name with `-thumb` for `-large`
 * (docs/decisions/005-product-images.md). The server writes both by this rule and draws its pages'
 * small pictures by it; the web app shows them by it.
 */
export function thumbnailUrl(largeUrl: string): string {
  return largeUrl.replace(/-large\.webp$/, "-thumb.webp");
}

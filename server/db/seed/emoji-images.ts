import { createRequire } from "node:module";
import sharp from "sharp";
import type { MediaStorage } from "../../modules/media/media-storage";

interface IconSet {
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
  aliases?: Record<string, { parent: string }>;
}

let iconSet: IconSet | undefined;
function loadIconSet(): IconSet {
  // Microsoft's Fluent Emoji (MIT), packaged for npm by Iconify.
  iconSet ??= createRequire(import.meta.url)("@iconify-json/fluent-emoji/icons.json") as IconSet;
  return iconSet;
}

/** The SVG of one Fluent Emoji icon. */
export function emojiSvg(name: string, size: number): string {
  const set = loadIconSet();
  const icon = set.icons[name] ?? set.icons[set.aliases?.[name]?.parent ?? ""];
  if (!icon) throw new Error(`Unknown Fluent Emoji icon: ${name}`);
  const width = icon.width ?? set.width ?? 32;
  const height = icon.height ?? set.height ?? 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${width} ${height}">${icon.body}</svg>`;
}

/** Image sizes the store serves for a product: large for the detail page, thumbnail for cards. */
export const productImageSizes = { large: 640, thumb: 320 } as const;

/**
 * Renders an emoji into square WebP images (large and thumbnail, like an uploaded photo) with a
 * little padding, stored under stable names so a second run reuses them. Returns the product's
 * `image` list: the large URL; the thumbnail sits beside it (`-thumb` for `-large`).
 */
export async function storeEmojiImages(
  media: MediaStorage,
  icon: string,
  baseName: string,
): Promise<string[]> {
  const urls: string[] = [];
  for (const [label, size] of Object.entries(productImageSizes)) {
    const name = `${baseName}-${label}.webp`;
    if (!(await media.exists(name))) await media.save(name, await renderEmojiWebp(icon, size));
    if (label === "large") urls.push(`/media/${name}`);
  }
  return urls;
}

/** A square WebP of the emoji with a little transparent padding. */
export async function renderEmojiWebp(icon: string, size: number): Promise<Buffer> {
  const inner = Math.round(size * 0.8);
  const png = await sharp(Buffer.from(emojiSvg(icon, inner)))
    .png()
    .toBuffer();
  return sharp({
    create: { width: size, height: size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: png, gravity: "center" }])
    .webp({ quality: 82 })
    .toBuffer();
}

/** The pictures the server takes (api-contract.md, product add and images): checked here first. */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(",");
export const MAX_PHOTOS = 4;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** Why a chosen file cannot be sent, in plain words; undefined when it can. */
export function imageFileProblem(file: File): string | undefined {
  // Some systems give no type (AVIF on older ones); the server checks the bytes anyway.
  if (file.type && !(IMAGE_TYPES as readonly string[]).includes(file.type))
    return `${file.name} is not a JPEG, PNG, WebP or AVIF picture.`;
  if (file.size > MAX_PHOTO_BYTES) return `${file.name} is larger than 5 MB.`;
  return undefined;
}

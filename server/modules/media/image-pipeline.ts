import fs from "node:fs/promises";
import type * as Sharp from "sharp";
import type { Metadata, SharpOptions } from "sharp";
import { AppError } from "../../http/app-error";

// A small server must survive a burst of large uploads: libvips works one thread per image, keeps
// no decoded pixels between calls, and at most two pictures are worked on at a time; the others
// wait on disk (see product-upload.ts), not in memory. It is loaded on the first upload only.
let loaded: Promise<typeof Sharp> | undefined;
const loadSharp = () =>
  (loaded ??= import("sharp").then((module) => {
    module.default.concurrency(1);
    module.default.cache(false);
    return module;
  }));
const MAX_PARALLEL_IMAGES = 2;
let working = 0;
const queue: (() => void)[] = [];

async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (working >= MAX_PARALLEL_IMAGES) await new Promise<void>((resolve) => queue.push(resolve));
  else working++;
  try {
    return await work();
  } finally {
    const next = queue.shift();
    if (next) next();
    else working--;
  }
}

/** Larger pictures are refused: decoding one would take too much memory (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
export const IMAGE_SIZES = { large: 1200, thumb: 400 } as const;

export type ImageKind = "jpeg" | "png" | "webp" | "avif";

/** The format sharp must find for each kind we let through (AVIF is read by libheif). */
const decoderFormat: Record<ImageKind, string> = {
  jpeg: "jpeg",
  png: "png",
  webp: "webp",
  avif: "heif",
};

const ascii = (buffer: Buffer, start: number, end: number) =>
  buffer.subarray(start, end).toString("latin1");

/** What an upload really is, by its first bytes (never by its name or declared type). */
export function sniffImageKind(buffer: Buffer): ImageKind | undefined {
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff)
    return "jpeg";
  if (
    buffer.length >= 8 &&
    buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return "png";
  if (buffer.length >= 12 && ascii(buffer, 0, 4) === "RIFF" && ascii(buffer, 8, 12) === "WEBP")
    return "webp";
  if (buffer.length >= 12 && ascii(buffer, 4, 8) === "ftyp") {
    const brands = ascii(buffer, 8, Math.min(buffer.length, 64));
    if (/avi[fs]/.test(brands)) return "avif";
  }
  return undefined;
}

export interface ProcessedImage {
  large: Buffer;
  thumb: Buffer;
}

// `failOn: "warning"` makes a truncated or corrupt file an error instead of a half-grey picture;
// `limitInputPixels` refuses a bomb from its header, before any pixel is decoded.
const decodeOptions: SharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  sequentialRead: true,
  failOn: "warning",
};

/**
 * Checks an uploaded picture (bytes, or a file they were spooled to) and re-encodes it: decoded
 * with a pixel limit, turned upright by its EXIF orientation, stripped of all metadata (sharp
 * writes none unless asked with withMetadata), and written as WebP in a large and a thumbnail
 * size. The original bytes are never kept.
 */
/** How many uploads this process has decoded in full, past the header checks (tests read it). */
export const imagesDecoded = { count: 0 };

export function processProductImage(
  input: Buffer | string,
  label: string,
): Promise<ProcessedImage> {
  return withImageSlot(() => processNow(input, label));
}

async function firstBytes(input: Buffer | string): Promise<Buffer> {
  if (Buffer.isBuffer(input)) return input.subarray(0, 64);
  const file = await fs.open(input, "r");
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await file.read(head, 0, 64, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

async function processNow(input: Buffer | string, label: string): Promise<ProcessedImage> {
  const { default: sharp } = await loadSharp();
  const kind = sniffImageKind(await firstBytes(input));
  if (!kind) {
    throw new AppError(
      "unsupported_media_type",
      `${label} is not a JPEG, PNG, WebP or AVIF image.`,
    );
  }
  let metadata: Metadata;
  try {
    // Reads the header only, so no pixel limit is needed here: it lets a bomb be named as such
    // below. Decoding (further down) keeps the limit as the last line.
    metadata = await sharp(input, { ...decodeOptions, limitInputPixels: false }).metadata();
  } catch {
    throw new AppError("validation_failed", `${label} could not be read as an image.`);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new AppError("validation_failed", `${label} is too large: at most 40 megapixels.`);
  }
  if (metadata.format !== decoderFormat[kind]) {
    throw new AppError(
      "unsupported_media_type",
      `${label} is not a JPEG, PNG, WebP or AVIF image.`,
    );
  }
  imagesDecoded.count++;
  try {
    const encode = (size: number) =>
      sharp(input, decodeOptions)
        .rotate()
        .resize(size, size, { fit: "inside", withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    return { large: await encode(IMAGE_SIZES.large), thumb: await encode(IMAGE_SIZES.thumb) };
  } catch {
    throw new AppError("validation_failed", `${label} is damaged or incomplete.`);
  }
}

import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import sharp from "sharp";
import type { FilePart } from "./multipart";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });

/** A 2000×1500 camera-like JPEG carrying EXIF text that must never be served. */
export const jpegWithExif = (orientation?: number) =>
  solid(2000, 1500)
    .withExif({ IFD0: { Copyright: "secret-exif-marker", Artist: "someone" } })
    .withMetadata(orientation ? { orientation } : {})
    .jpeg()
    .toBuffer();

export const pngImage = () =>
  sharp({ create: { width: 300, height: 200, channels: 4, background: "#00ff00" } })
    .png()
    .toBuffer();
export const webpImage = () => solid(1600, 1600).webp().toBuffer();
export const avifImage = () => solid(320, 240).avif({ effort: 0 }).toBuffer();

/** Random pixels do not compress: a 1100×1100 PNG of noise is about 3.7 MB, just under the limit. */
export const noisyPng = () =>
  sharp(randomBytes(1100 * 1100 * 3), { raw: { width: 1100, height: 1100, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();

/** A PNG that claims 20000×20000 pixels in a few hundred bytes: a decompression bomb. */
export function pngBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20000, 0);
  header.writeUInt32BE(20000, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = zlib.deflateSync(Buffer.alloc(20001 * 8));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** One `images` file part; the name and declared type are whatever a client claims. */
export const imagePart = (
  data: Buffer,
  filename = "photo.jpg",
  contentType = "image/jpeg",
): FilePart => ({ name: "images", filename, contentType, data });

import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { productAddFormSchema, type ProductAddInput } from "../../../contract/product";
import { AppError } from "../../http/app-error";
import { parseWith } from "../../http/validation";
import { processProductImage, type ProcessedImage } from "../media/image-pipeline";
import { fromUploadError, MAX_IMAGES } from "../media/upload-errors";

export interface SpooledUpload {
  /** Text fields by name (the last value of a name wins). */
  fields: Map<string, string>;
  /** How many `images` files were sent. */
  imageCount: number;
  /**
   * Checks and re-encodes the pictures, a couple at a time, in the order they were sent. A refused
   * one is named by its place among the product's pictures, counted from `firstNumber` (1 unless
   * the new ones go after pictures kept): "Picture 2 is not a JPEG…", as the seller counts them.
   */
  images: (firstNumber?: number) => Promise<ProcessedImage[]>;
}

/**
 * Reads a multipart body whose files are `images` (at most 4, 5 MB each) and hands it to `use`.
 * Each file streams to a temporary file as it arrives (the limits of @fastify/multipart cut an
 * oversized one off), so a burst of uploads waits on disk, not in memory. The temporary files are
 * removed when `use` is done, whatever happens.
 */
export async function withMultipartUpload<T>(
  request: FastifyRequest,
  use: (upload: SpooledUpload) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) {
    throw new AppError(
      "unsupported_media_type",
      "Send the product as multipart/form-data with productData and images",
    );
  }
  const fields = new Map<string, string>();
  const spooled: string[] = [];
  try {
    try {
      for await (const part of request.parts()) {
        if (part.type === "file") {
          if (part.fieldname !== "images") {
            throw new AppError(
              "validation_failed",
              `Unexpected file field ${part.fieldname.slice(0, 40)}`,
            );
          }
          const file = path.join(os.tmpdir(), `greencart-upload-${randomUUID()}`);
          spooled.push(file);
          await pipeline(part.file, fs.createWriteStream(file));
          if (part.file.truncated)
            throw new AppError("payload_too_large", "Each image may be at most 5 MB");
        } else {
          fields.set(part.fieldname, String(part.value));
        }
      }
    } catch (error) {
      throw fromUploadError(error) ?? error;
    }
    if (spooled.length > MAX_IMAGES)
      throw new AppError("payload_too_large", `At most ${MAX_IMAGES} images per product`);
    return await use({
      fields,
      imageCount: spooled.length,
      images: async (firstNumber = 1) => {
        const images: ProcessedImage[] = [];
        for (const [index, file] of spooled.entries())
          images.push(await processProductImage(file, `Picture ${firstNumber + index}`));
        return images;
      },
    });
  } finally {
    await Promise.all(spooled.map((f) => fs.promises.rm(f, { force: true })));
  }
}

/**
 * `POST /api/product/add`'s body: the `productData` JSON (numbers may be written as text, as
 * form fields are) and 1–4 `images`, checked in that order.
 */
export function readProductUpload<T>(
  request: FastifyRequest,
  use: (input: ProductAddInput, images: ProcessedImage[]) => Promise<T>,
): Promise<T> {
  return withMultipartUpload(request, async (upload) => {
    const productData = upload.fields.get("productData");
    if (productData === undefined)
      throw new AppError("validation_failed", "productData is required");
    let data: unknown;
    try {
      data = JSON.parse(productData);
    } catch {
      throw new AppError("validation_failed", "productData is not valid JSON");
    }
    const input = parseWith(productAddFormSchema, data);
    if (upload.imageCount === 0)
      throw new AppError("validation_failed", "images must have at least 1 picture");
    return use(input, await upload.images());
  });
}

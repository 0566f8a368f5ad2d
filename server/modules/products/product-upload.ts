import type { FastifyRequest } from "fastify";
import { productAddSchema, type ProductAddInput } from "../../../contract/product";
import { AppError, parseWith } from "../../http/errors";
import { processProductImage, type ProcessedImage } from "../media/image-pipeline";

export const MAX_IMAGES = 4;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * Reads `POST /api/product/add`'s multipart body: the `productData` JSON and 1–4 `images`, each
 * checked and re-encoded. Files stream through the size limits of @fastify/multipart, so an
 * oversized one is cut off at 5 MB instead of being buffered whole.
 */
export async function readProductUpload(
  request: FastifyRequest,
): Promise<{ input: ProductAddInput; images: ProcessedImage[] }> {
  if (!request.isMultipart()) {
    throw new AppError(
      "unsupported_media_type",
      "Send the product as multipart/form-data with productData and images",
    );
  }
  let productData: string | undefined;
  const buffers: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (part.fieldname !== "images") {
          throw new AppError(
            "validation_failed",
            `Unexpected file field ${part.fieldname.slice(0, 40)}`,
          );
        }
        buffers.push(await part.toBuffer());
      } else if (part.fieldname === "productData") {
        productData = String(part.value);
      }
    }
  } catch (error) {
    throw asUploadError(error);
  }

  if (productData === undefined) throw new AppError("validation_failed", "productData is required");
  let data: unknown;
  try {
    data = JSON.parse(productData);
  } catch {
    throw new AppError("validation_failed", "productData is not valid JSON");
  }
  const input = parseWith(productAddSchema, data);
  if (buffers.length === 0)
    throw new AppError("validation_failed", "images must have at least 1 picture");
  const images: ProcessedImage[] = [];
  for (const [index, buffer] of buffers.entries()) {
    images.push(await processProductImage(buffer, `images[${index}]`));
  }
  return { input, images };
}

/** Size limits keep their own status (413); any other parser failure is a malformed body (400). */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code ?? "";
  if (code === "FST_REQ_FILE_TOO_LARGE")
    return new AppError("payload_too_large", "Each image may be at most 5 MB");
  if (code === "FST_FILES_LIMIT")
    return new AppError("payload_too_large", `At most ${MAX_IMAGES} images per product`);
  if (code.startsWith("FST_") && (error as { statusCode?: number }).statusCode === 413) {
    return new AppError("payload_too_large", "The upload has too many parts or fields");
  }
  return new AppError(
    "bad_request",
    "The upload could not be read: the multipart body is malformed",
  );
}

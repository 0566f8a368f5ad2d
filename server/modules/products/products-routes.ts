import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "../../../contract/common";
import { productCountsQuerySchema, productCountsResponseSchema } from "../../../contract/seller";
import {
  productChangedSchema,
  productIdBodySchema,
  productIdParamsSchema,
  productStockSchema,
  productUpdateSchema,
  restockSchema,
  stockHistoryQuerySchema,
  stockHistoryResponseSchema,
} from "../../../contract/product";
import type { AppDeps } from "../../app-deps";
import { AppError } from "../../http/app-error";
import { errorResponses } from "../../http/route-schemas";
import { countProducts } from "../catalog/catalog-service";
import { stockHistory } from "../inventory/stock-ledger";
import type { MediaStorage } from "../media/media-storage";
import { removeMedia, storeProductImages } from "../media/product-images";
import type { PublicUrls } from "../media/public-urls";
import { MAX_IMAGE_BYTES, MAX_IMAGES } from "../media/upload-errors";
import { sellerLabel } from "../sellers/seller-accounts";
import { readProductUpload, withMultipartUpload } from "./product-upload";
import {
  createProduct,
  deleteProduct,
  findProductImages,
  restockProduct,
  setInStock,
  setProductImages,
  updateProduct,
} from "./products-service";

const multipartNote =
  "multipart/form-data: `productData` (JSON text; numbers may be written as text) and 1–4 `images` (JPEG, PNG, WebP or AVIF, at most 5 MB each)";

/**
 * The seller's catalogue calls. Each change reaches the catalogue in every process at once; a
 * product's stock history and the product list's counts are read as they are now.
 */
export function productsRoutes(deps: AppDeps & { urls: PublicUrls; media: MediaStorage }) {
  const { requireSeller } = deps.guards;
  const maxUploadBytes = MAX_IMAGES * MAX_IMAGE_BYTES + 256 * 1024;
  // A declared size over the limit is refused before a byte of it is read.
  const refuseOversized = async (request: FastifyRequest) => {
    if (Number(request.headers["content-length"] ?? 0) > maxUploadBytes) {
      throw new AppError(
        "payload_too_large",
        "The upload is too large: at most 4 images of 5 MB each",
      );
    }
  };
  const listing = { changesListing: true };

  return async (fastify: FastifyInstance) => {
    await fastify.register(fastifyMultipart, {
      limits: {
        fileSize: MAX_IMAGE_BYTES,
        files: MAX_IMAGES,
        fields: 5,
        fieldSize: 64 * 1024,
        parts: MAX_IMAGES + 5,
        headerPairs: 50,
      },
      throwFileSizeLimit: true,
    });
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      "/api/product/add",
      {
        // The session is checked before the body is read: nothing is stored for an anonymous upload.
        onRequest: [requireSeller, refuseOversized],
        config: listing,
        schema: {
          tags: ["seller"],
          summary: "Add a product with its pictures",
          description: multipartNote,
          consumes: ["multipart/form-data"],
          response: { 201: productChangedSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const actor = await sellerLabel(deps.db, request.sellerId);
        const product = await readProductUpload(request, async (input, images) => {
          const written: string[] = [];
          try {
            const paths = await storeProductImages(deps.media, images, written);
            return await createProduct(deps.db, input, paths, actor, deps.urls);
          } catch (error) {
            await removeMedia(deps.media, written);
            throw error;
          }
        });
        return reply
          .status(201)
          .send({ success: true as const, message: "Product Added", product });
      },
    );

    app.post(
      "/api/product/images",
      {
        onRequest: [requireSeller, refuseOversized],
        config: listing,
        schema: {
          tags: ["seller"],
          summary: "Replace a product's pictures: keep some, add new ones (1–4 in all)",
          description:
            "multipart/form-data: `id`, `keep` (JSON list of the product's image URLs to keep, in order) and up to 4 new `images`",
          consumes: ["multipart/form-data"],
          response: { 200: productChangedSchema, ...errorResponses },
        },
      },
      async (request) => {
        const product = await withMultipartUpload(request, async (upload) => {
          const id = upload.fields.get("id") ?? "";
          const current = await findProductImages(deps.db, id);
          // In the order given (the first is the main picture), each once.
          const keep = [
            ...new Set(
              parseKeep(upload.fields.get("keep"))
                .map((url) => deps.urls.storedMediaPath(url))
                .filter((p): p is string => p !== undefined && current.includes(p)),
            ),
          ];
          if (keep.length + upload.imageCount === 0)
            throw new AppError("validation_failed", "images must have at least 1 picture");
          if (keep.length + upload.imageCount > MAX_IMAGES)
            throw new AppError("validation_failed", `A product has at most ${MAX_IMAGES} pictures`);
          const written: string[] = [];
          try {
            const added = await storeProductImages(
              deps.media,
              await upload.images(keep.length + 1),
              written,
            );
            return await setProductImages(deps.db, id, [...keep, ...added], deps.urls);
          } catch (error) {
            await removeMedia(deps.media, written);
            throw error;
          }
        });
        return { success: true as const, message: "Photos Updated", product };
      },
    );

    app.post(
      "/api/product/update",
      {
        onRequest: requireSeller,
        config: listing,
        schema: {
          tags: ["seller"],
          summary: "Change a product's fields (stock: set to N, recorded as the difference)",
          body: productUpdateSchema,
          response: { 200: productChangedSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        message: "Product Updated",
        product: await updateProduct(
          deps.db,
          request.body,
          await sellerLabel(deps.db, request.sellerId),
          deps.urls,
        ),
      }),
    );

    app.post(
      "/api/product/restock",
      {
        onRequest: requireSeller,
        schema: {
          tags: ["seller"],
          summary: "Add (or, negative, remove) units: a delta, safe while orders take stock",
          body: restockSchema,
          response: { 200: productChangedSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        message: request.body.quantity > 0 ? "Stock Added" : "Stock Removed",
        product: await restockProduct(
          deps.db,
          request.body,
          await sellerLabel(deps.db, request.sellerId),
          deps.urls,
        ),
      }),
    );

    app.get(
      "/api/product/:id/stock-history",
      {
        onRequest: requireSeller,
        schema: {
          tags: ["seller"],
          summary: "A product's stock ledger, newest first",
          params: productIdParamsSchema,
          querystring: stockHistoryQuerySchema,
          response: { 200: stockHistoryResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        await findProductImages(deps.db, request.params.id); // 404 for unknown or deleted
        return {
          success: true as const,
          ...(await stockHistory(deps.db, request.params.id, {
            limit: request.query.limit ?? 20,
            cursor: request.query.cursor,
          })),
        };
      },
    );

    app.get(
      "/api/seller/product-counts",
      {
        onRequest: requireSeller,
        schema: {
          tags: ["seller"],
          summary: "How many products the seller's list has in all and at each stock level",
          description:
            "For the product list's `q` and `category` (as `GET /api/product/list` takes them): `all` the products it lists, `low`, `out` and `off` those it lists with that `stock` filter (low: at or below the product's low-stock threshold, sold out included; out: no units left; off: switched off sale). Deleted products are never counted.",
          querystring: productCountsQuerySchema,
          response: { 200: productCountsResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        counts: await countProducts(deps.db, request.query),
      }),
    );

    app.post(
      "/api/product/delete",
      {
        onRequest: requireSeller,
        config: listing,
        schema: {
          tags: ["seller"],
          summary: "Hide a product from the catalogue (past orders keep their snapshot)",
          body: productIdBodySchema,
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (request) => {
        await deleteProduct(deps.db, request.body.id);
        return { success: true as const, message: "Product Deleted" };
      },
    );

    app.post(
      "/api/product/stock",
      {
        onRequest: requireSeller,
        config: listing,
        schema: {
          tags: ["seller"],
          summary: "Switch a product on or off sale",
          body: productStockSchema,
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (request) => {
        await setInStock(deps.db, request.body.id, request.body.inStock);
        return { success: true as const, message: "Stock Updated" };
      },
    );
  };
}

function parseKeep(text: string | undefined): string[] {
  if (text === undefined || text === "") return [];
  try {
    const value: unknown = JSON.parse(text);
    return z.array(z.string().max(500)).max(MAX_IMAGES).parse(value);
  } catch {
    throw new AppError("validation_failed", "keep must be a list of image URLs");
  }
}

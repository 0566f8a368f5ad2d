import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  productIdBodySchema,
  productStockSchema,
  productUpdateSchema,
} from "../../../contract/product";
import type { AppDeps } from "../../app-deps";
import { AppError, parseWith } from "../../http/errors";
import { requireSeller } from "../../http/sessions";
import { removeMedia, storeProductImages } from "../media/product-images";
import { MAX_IMAGE_BYTES, MAX_IMAGES, readProductUpload } from "./product-upload";
import { createProduct, deleteProduct, setInStock, updateProduct } from "./products-service";

/** The seller's catalogue calls. Every change shows in the catalogue at once. */
export function productsRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, {
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

    // The session is checked before the body is read: nothing is stored for an anonymous upload.
    const sellerOnly = {
      onRequest: async (request: FastifyRequest) => void (await requireSeller(deps.db, request)),
    };
    const maxUploadBytes = MAX_IMAGES * MAX_IMAGE_BYTES + 256 * 1024;

    app.post(
      "/api/product/add",
      {
        onRequest: [
          sellerOnly.onRequest,
          // A declared size over the limit is refused before a byte of it is read.
          async (request: FastifyRequest) => {
            if (Number(request.headers["content-length"] ?? 0) > maxUploadBytes) {
              throw new AppError(
                "payload_too_large",
                "The upload is too large: at most 4 images of 5 MB each",
              );
            }
          },
        ],
      },
      async (request, reply) => {
        const { input, images } = await readProductUpload(request);
        const written: string[] = [];
        try {
          const urls = await storeProductImages(deps.media, images, written);
          const product = await createProduct(deps.db, input, urls);
          deps.catalogCache.invalidate();
          return reply.status(201).send({ success: true, message: "Product Added", product });
        } catch (error) {
          await removeMedia(deps.media, written);
          throw error;
        }
      },
    );

    app.post("/api/product/update", sellerOnly, async (request) => {
      const input = parseWith(productUpdateSchema, request.body);
      const product = await updateProduct(deps.db, input);
      deps.catalogCache.invalidate();
      return { success: true, message: "Product Updated", product };
    });

    app.post("/api/product/delete", sellerOnly, async (request) => {
      const { id } = parseWith(productIdBodySchema, request.body);
      await deleteProduct(deps.db, id);
      deps.catalogCache.invalidate();
      return { success: true, message: "Product Deleted" };
    });

    app.post("/api/product/stock", sellerOnly, async (request) => {
      const { id, inStock } = parseWith(productStockSchema, request.body);
      await setInStock(deps.db, id, inStock);
      deps.catalogCache.invalidate();
      return { success: true, message: "Stock Updated" };
    });
  };
}

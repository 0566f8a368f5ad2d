import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { productListPath } from "../../../contract/catalogue-urls";
import {
  productIdParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
} from "../../../contract/product";
import type { AppDeps } from "../../app-deps";
import { errorResponses, notModified } from "../../http/route-schemas";
import { sendVersioned } from "../../http/versioned-answer";
import { getProduct, listProducts } from "./catalog-service";
import { KeyMemo } from "./key-memo";

const JSON_TYPE = "application/json; charset=utf-8";

/** Public catalogue calls: cached, with ETags so a browser that has the answer gets a 304. */
export function catalogRoutes(deps: AppDeps) {
  const listKeys = new KeyMemo();
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/api/product/list",
      {
        schema: {
          tags: ["catalogue"],
          summary: "List products (all, a page, a search, or by ids)",
          querystring: productListQuerySchema,
          response: { 200: productListResponseSchema, 304: notModified, ...errorResponses },
        },
      },
      async (request, reply) => {
        const query = request.query;
        const key = listKeys.of(request.url, () =>
          productListPath({
            ...query,
            q: query.q?.toLowerCase(),
            inStock: query.inStock === undefined ? undefined : query.inStock === "true",
          }),
        );
        const answer = await deps.catalog.cache.list(key, () =>
          listProducts(deps.db, query, deps.urls),
        );
        await sendVersioned(request, reply, answer, JSON_TYPE);
        return reply;
      },
    );

    app.get(
      "/api/product/:id",
      {
        schema: {
          tags: ["catalogue"],
          summary: "One product",
          params: productIdParamsSchema,
          response: { 200: productResponseSchema, 304: notModified, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const answer = await deps.catalog.cache.product(id, () =>
          getProduct(deps.db, id, deps.urls),
        );
        await sendVersioned(request, reply, answer, JSON_TYPE);
        return reply;
      },
    );
  };
}

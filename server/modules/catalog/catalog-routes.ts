import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
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
import { addVary, pickCoding } from "../../http/content-coding";
import { encodedBody, etagIn, matchesAny, MIN_COMPRESSED_BYTES } from "./answer-encoding";
import type { CatalogAnswer } from "./catalog-cache";
import { getProduct, listProducts } from "./catalog-service";
import { KeyMemo } from "./key-memo";

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
        return sendCached(request, reply, answer);
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
        return sendCached(request, reply, answer);
      },
    );
  };
}

/**
 * The cached answer, or 304 if the browser has it. Compressed (brotli, else gzip) when the browser
 * accepts it and the answer is long enough to gain. Each coding is its own representation with its
 * own weak ETag (RFC 9110 §8.8.1), sent on the 304 as on the 200; an If-None-Match naming any of
 * them matches, since all carry the same data.
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CatalogAnswer) {
  const coding =
    answer.body.length >= MIN_COMPRESSED_BYTES
      ? pickCoding(request.headers["accept-encoding"])
      : undefined;
  reply.header("etag", etagIn(answer, coding)).header("cache-control", "no-cache");
  addVary(reply, "accept-encoding");
  if (matchesAny(request.headers["if-none-match"], answer)) return reply.status(304).send();
  reply.type("application/json; charset=utf-8");
  if (!coding) return reply.send(answer.body);
  return encodedBody(answer, coding).then((body) =>
    reply.header("content-encoding", coding).send(body),
  );
}

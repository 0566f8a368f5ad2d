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
import { encodedBody, MIN_COMPRESSED_BYTES, pickCoding } from "./answer-encoding";
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
 * accepts it and the answer is long enough to gain; a compressed answer's ETag is weak (RFC 9110
 * §8.8.1: another representation of the same data), and a weak or strong If-None-Match matches.
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CatalogAnswer) {
  reply
    .header("etag", answer.etag)
    .header("cache-control", "no-cache")
    .header("vary", "accept-encoding");
  const ifNoneMatch = request.headers["if-none-match"];
  if (
    ifNoneMatch &&
    ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === answer.etag)
  ) {
    return reply.status(304).send();
  }
  reply.type("application/json; charset=utf-8");
  const coding =
    answer.body.length >= MIN_COMPRESSED_BYTES
      ? pickCoding(request.headers["accept-encoding"])
      : undefined;
  if (!coding) return reply.send(answer.body);
  return encodedBody(answer, coding).then((body) =>
    reply.header("content-encoding", coding).header("etag", `W/${answer.etag}`).send(body),
  );
}

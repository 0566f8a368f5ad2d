import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  productIdParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
} from "../../../contract/product";
import type { AppDeps } from "../../app-deps";
import { errorResponses, notModified } from "../../http/route-schemas";
import { sendVersioned } from "../../http/versioned-answer";
import type { CatalogAnswers } from "./catalog-answers";

const JSON_TYPE = "application/json; charset=utf-8";

/** Public catalogue calls: cached, with ETags so a browser that has the answer gets a 304. */
export function catalogRoutes(deps: AppDeps & { catalog: { answers: CatalogAnswers } }) {
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
        const answer = await deps.catalog.answers.list(request.url, request.query);
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
        const answer = await deps.catalog.answers.product(request.params.id);
        await sendVersioned(request, reply, answer, JSON_TYPE);
        return reply;
      },
    );
  };
}

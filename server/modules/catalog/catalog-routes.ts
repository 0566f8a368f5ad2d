import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { productListQuerySchema } from "../../../contract/product";
import { parseWith } from "../../http/errors";
import type { AppDeps } from "../../app-deps";
import type { CachedAnswer } from "./catalog-cache";
import { getProduct, listProducts } from "./catalog-service";

/** Public catalogue calls: cached, with ETags so a browser that has the answer gets a 304. */
export function catalogRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.get("/api/product/list", async (request, reply) => {
      const query = parseWith(productListQuerySchema, request.query);
      const key = `list:${JSON.stringify([query.q?.toLowerCase() ?? "", query.category ?? "", query.inStock ?? "", query.limit ?? "", query.cursor ?? ""])}`;
      const answer = await deps.catalogCache.get(key, async () => ({
        success: true,
        ...(await listProducts(deps.db, query)),
      }));
      return sendCached(request, reply, answer);
    });

    app.get<{ Params: { id: string } }>("/api/product/:id", async (request, reply) => {
      const id = request.params.id;
      const answer = await deps.catalogCache.get(`product:${id}`, async () => ({
        success: true,
        product: await getProduct(deps.db, id),
      }));
      return sendCached(request, reply, answer);
    });
  };
}

function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header("etag", answer.etag).header("cache-control", "no-cache");
  const ifNoneMatch = request.headers["if-none-match"];
  if (
    ifNoneMatch &&
    ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === answer.etag)
  ) {
    return reply.status(304).send();
  }
  return reply.type("application/json; charset=utf-8").send(answer.body);
}

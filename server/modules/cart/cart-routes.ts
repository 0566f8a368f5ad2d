import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { messageSchema } from "../../../contract/common";
import { cartUpdateSchema } from "../../../contract/user";
import type { AppDeps } from "../../app-deps";
import { errorResponses } from "../../http/route-schemas";
import { saveCart } from "./cart-service";

export function cartRoutes(deps: AppDeps) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/api/cart/update",
      {
        onRequest: deps.guards.requireShopper,
        schema: {
          tags: ["account"],
          summary: "Replace the shopper's saved cart",
          body: cartUpdateSchema,
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (request) => {
        await saveCart(deps.db, request.userId, request.body.cartItems);
        return { success: true as const, message: "Cart Updated" };
      },
    );
  };
}

import type { FastifyInstance } from "fastify";
import { cartUpdateSchema } from "../../../contract/user";
import type { AppDeps } from "../../app-deps";
import { parseWith } from "../../http/errors";
import { requireUser } from "../../http/sessions";
import { saveCart } from "./cart-service";

export function cartRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.post("/api/cart/update", async (request) => {
      const userId = await requireUser(deps.db, request);
      const { cartItems } = parseWith(cartUpdateSchema, request.body);
      await saveCart(deps.db, userId, cartItems);
      return { success: true, message: "Cart Updated" };
    });
  };
}

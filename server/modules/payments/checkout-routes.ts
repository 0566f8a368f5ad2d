import type { FastifyInstance } from "fastify";
import { placeOrderSchema } from "../../../contract/order";
import type { AppDeps } from "../../app-deps";
import { parseWith } from "../../http/errors";
import { requireUser } from "../../http/sessions";
import { idempotencyKeyOf } from "../orders/orders-routes";
import { startOnlineCheckout } from "./online-checkout";

/** `POST /api/order/stripe` (the spec's name): online payment through the configured provider. */
export function checkoutRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.post("/api/order/stripe", async (request) => {
      const userId = await requireUser(deps.db, request);
      const input = parseWith(placeOrderSchema, request.body);
      const url = await startOnlineCheckout(
        {
          db: deps.db,
          provider: deps.payments,
          publicUrl: deps.config.publicUrl,
          log: request.log,
        },
        userId,
        input,
        idempotencyKeyOf(request),
      );
      deps.catalogCache.invalidate();
      return { success: true, url };
    });
  };
}

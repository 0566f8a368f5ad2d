import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  cancelOrderSchema,
  idempotencyKeySchema,
  orderStatusChangeSchema,
  placeOrderSchema,
  sellerOrderQuerySchema,
} from "../../../contract/order";
import type { AppDeps } from "../../app-deps";
import { parseWith } from "../../http/errors";
import { requireSeller, requireUser } from "../../http/sessions";
import { placeOrder } from "./order-placement";
import {
  cancelShopperOrder,
  changeStatusAsSeller,
  listSellerOrders,
  listShopperOrders,
} from "./orders-service";

/** The optional Idempotency-Key header, validated. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers["idempotency-key"];
  if (value === undefined) return undefined;
  return parseWith(idempotencyKeySchema, Array.isArray(value) ? value[0] : value);
}

export function ordersRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.post("/api/order/cod", async (request, reply) => {
      const userId = await requireUser(deps.db, request);
      const input = parseWith(placeOrderSchema, request.body);
      const result = await placeOrder(deps.db, userId, input, {
        paymentType: "COD",
        idempotencyKey: idempotencyKeyOf(request),
        answer: (order) => ({
          status: 201,
          body: { success: true, message: "Order Placed Successfully", orderId: order.id },
        }),
      });
      if (result.order) deps.catalogCache.invalidate();
      return reply.status(result.status).type("application/json; charset=utf-8").send(result.body);
    });

    app.get("/api/order/user", async (request) => {
      const userId = await requireUser(deps.db, request);
      return { success: true, orders: await listShopperOrders(deps.db, userId) };
    });

    app.post("/api/order/cancel", async (request) => {
      const userId = await requireUser(deps.db, request);
      const { orderId } = parseWith(cancelOrderSchema, request.body);
      const order = await cancelShopperOrder(deps.db, userId, orderId);
      deps.catalogCache.invalidate();
      return { success: true, message: "Order Cancelled", order };
    });

    app.get("/api/order/seller", async (request) => {
      await requireSeller(deps.db, request);
      const { status } = parseWith(sellerOrderQuerySchema, request.query);
      return { success: true, orders: await listSellerOrders(deps.db, status) };
    });

    app.post("/api/order/status", async (request) => {
      await requireSeller(deps.db, request);
      const { orderId, status } = parseWith(orderStatusChangeSchema, request.body);
      const order = await changeStatusAsSeller(deps.db, orderId, status);
      if (status === "Cancelled") deps.catalogCache.invalidate();
      return { success: true, message: `Order moved to ${status}`, order };
    });
  };
}

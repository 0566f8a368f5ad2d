import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  cancelOrderSchema,
  orderChangedSchema,
  orderIdParamsSchema,
  orderNumber,
  orderListResponseSchema,
  orderPageQuerySchema,
  sellerOrderListResponseSchema,
  orderPlacedSchema,
  orderResponseSchema,
  orderStatusChangeSchema,
  placeOrderSchema,
  sellerOrderQuerySchema,
} from "../../../contract/order";
import type { AppDeps } from "../../app-deps";
import { notAuthorized } from "../../http/app-error";
import { errorResponses, idempotencyHeaders } from "../../http/route-schemas";
import type { CatalogCache } from "../catalog/catalog-cache";
import type { ShopStore } from "../shop/shop-store";
import type { PublicUrls } from "../media/public-urls";
import { sellerLabel } from "../sellers/seller-accounts";
import { offerStock, placeOrder } from "./order-placement";
import {
  cancelShopperOrder,
  changeStatusAsSeller,
  getOrder,
  listSellerOrders,
  listShopperOrders,
} from "./orders-service";

/**
 * The order routes: the app's own deps, public URLs, the catalogue's cache (the stock orders take)
 * and `closeCheckout`, told of each unpaid checkout the seller cancels (payments closes its page).
 */
export function ordersRoutes(
  deps: AppDeps & {
    urls: PublicUrls;
    catalog: { cache: CatalogCache };
    shop: ShopStore;
    closeCheckout?: (orderId: string, log: FastifyBaseLogger) => Promise<void>;
  },
) {
  const { requireShopper, requireSeller, personal } = deps.guards;
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      "/api/order/cod",
      {
        onRequest: requireShopper,
        config: { stockKnown: true },
        schema: {
          tags: ["orders"],
          summary: "Place a cash-on-delivery order",
          headers: idempotencyHeaders,
          body: placeOrderSchema,
          response: { 201: orderPlacedSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { orderId, stock } = await placeOrder(deps.database, request.userId, request.body, {
          paymentType: "COD",
          idempotencyKey: request.headers["idempotency-key"],
          shop: await deps.shop.get(),
          db: deps.db,
        });
        offerStock(deps.catalog.cache, stock);
        return reply
          .status(201)
          .send({ success: true, message: "Order Placed Successfully", orderId });
      },
    );

    app.get(
      "/api/order/user",
      {
        onRequest: requireShopper,
        schema: {
          tags: ["orders"],
          summary:
            "The shopper's orders, newest first: the newest 200 (limit= and cursor= page back through every one, with nextCursor)",
          querystring: orderPageQuerySchema,
          response: { 200: orderListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await listShopperOrders(deps.db, request.userId, request.query, deps.urls)),
      }),
    );

    app.post(
      "/api/order/cancel",
      {
        onRequest: requireShopper,
        schema: {
          tags: ["orders"],
          summary:
            "Cancel one's own order while it is Order Placed (an order paid online is then owed its refund: refundDue)",
          body: cancelOrderSchema,
          response: { 200: orderChangedSchema, ...errorResponses },
        },
      },
      async (request) => {
        const order = await cancelShopperOrder(
          deps.db,
          request.userId,
          request.body.orderId,
          deps.urls,
        );
        return {
          success: true as const,
          message: order.refundDue
            ? "Order Cancelled. The money you paid will be returned to you."
            : "Order Cancelled",
          order,
        };
      },
    );

    app.get(
      "/api/order/seller",
      {
        onRequest: requireSeller,
        schema: {
          tags: ["seller"],
          summary:
            "Every customer's orders, newest first, the newest 200 (status= one status; limit= and cursor= page back through every order, with nextCursor; open=true the queue: every open order, the soonest promise first, then those more than a day past their promise, most recent first, up to 500, with openTotal; refundDue=true every refund owed, oldest first)",
          querystring: sellerOrderQuerySchema.extend({
            open: z.enum(["true", "false"]).optional(),
            refundDue: z.enum(["true", "false"]).optional(),
          }),
          response: { 200: sellerOrderListResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await listSellerOrders(
          deps.db,
          {
            status: request.query.status,
            open: request.query.open === "true",
            refundDue: request.query.refundDue === "true",
            limit: request.query.limit,
            cursor: request.query.cursor,
          },
          deps.urls,
        )),
      }),
    );

    app.post(
      "/api/order/status",
      {
        onRequest: requireSeller,
        schema: {
          tags: ["seller"],
          summary:
            "Move an order along the transition table; a cancellation says why (reason, and a note for the shopper, required with other)",
          body: orderStatusChangeSchema,
          response: { 200: orderChangedSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { orderId, status, reason, note } = request.body;
        const order = await changeStatusAsSeller(
          deps.db,
          {
            orderId,
            to: status,
            cancelReason: reason && { reason, note: note || null },
          },
          await sellerLabel(deps.db, request.sellerId),
          deps.urls,
          deps.closeCheckout && ((id) => deps.closeCheckout!(id, request.log)),
        );
        // The seller's toast, naming the order among the many they move in a rush: "Order
        // #1a2b3c4d moved to Packing", and "Order #1a2b3c4d cancelled" for a cancellation.
        const named = `Order #${orderNumber(orderId)}`;
        const message =
          status === "Cancelled" ? `${named} cancelled` : `${named} moved to ${status}`;
        return { success: true as const, message, order };
      },
    );

    app.get(
      "/api/order/:id",
      {
        onRequest: personal,
        schema: {
          tags: ["orders"],
          summary:
            "One order with its status history: the shopper's own, or any order for a seller",
          params: orderIdParamsSchema,
          response: { 200: orderResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const sellerId = await deps.guards.owner(request, "seller");
        const userId = sellerId ? undefined : await deps.guards.owner(request, "user");
        if (!sellerId && !userId) throw notAuthorized();
        const viewer = userId ? { userId } : { seller: true as const };
        return {
          success: true as const,
          order: await getOrder(deps.db, request.params.id, viewer, deps.urls),
        };
      },
    );
  };
}

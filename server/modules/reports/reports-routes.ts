import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { orderExportQuerySchema, pickListResponseSchema } from "../../../contract/order";
import { dashboardQuerySchema, dashboardResponseSchema } from "../../../contract/seller";
import type { AppDeps } from "../../app-deps";
import { errorResponses } from "../../http/route-schemas";
import type { ShopStore } from "../shop/shop-store";
import type { PublicUrls } from "../media/public-urls";
import { exportOrders } from "../orders/order-export";
import { pickList } from "../orders/pick-list";
import { sellerDashboard } from "./dashboard";

/** The seller's views of the shop's day: dashboard, pick list, order export. */
export function reportsRoutes(deps: AppDeps & { urls: PublicUrls; shop: ShopStore }) {
  const { requireSeller } = deps.guards;
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/api/seller/dashboard",
      {
        onRequest: requireSeller,
        schema: {
          tags: ["seller"],
          summary: "Today's numbers, orders and revenue per day, top products, low stock",
          querystring: dashboardQuerySchema,
          response: { 200: dashboardResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await sellerDashboard(
          deps.db,
          request.query.days,
          (await deps.shop.get()).timeZone,
          deps.urls,
        )),
      }),
    );

    app.get(
      "/api/order/seller/pick-list",
      {
        onRequest: requireSeller,
        schema: {
          tags: ["seller"],
          summary: "Every unit to pack across orders in Order Placed and Packing",
          response: { 200: pickListResponseSchema, ...errorResponses },
        },
      },
      async () => ({ success: true as const, items: await pickList(deps.db, deps.urls) }),
    );

    app.get(
      "/api/order/seller/export.csv",
      {
        onRequest: requireSeller,
        schema: {
          tags: ["seller"],
          summary: "The orders of a period as CSV (one row per item, RFC 4180)",
          description:
            'The orders placed from `from` to `to`, whole days in the shop\'s time zone, on the days the dashboard counts them: cash on delivery when ordered, online when paid. An online payment that arrived after its hold lapsed (cancelled, money owed back, never placed) goes by when its checkout started. The "Placed at" column is that time; rows come in its order.',
          querystring: orderExportQuerySchema,
          response: {
            200: {
              description: "text/csv, UTF-8 with a byte order mark, header row first",
              content: { "text/csv": { schema: z.string() } },
            },
            ...errorResponses,
          },
        },
      },
      async (request, reply) => {
        const { from, to } = request.query;
        const csv = exportOrders(deps.db, { from, to }, (await deps.shop.get()).timeZone);
        reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="orders-${from}-to-${to}.csv"`);
        // A stream is sent as it is (the typed reply only knows the JSON answers).
        return reply.send(csv as unknown as string);
      },
    );
  };
}

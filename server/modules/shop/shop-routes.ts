import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { checkDelivery } from "../../../contract/delivery-area";
import { paiseToRupees } from "../../../contract/money";
import {
  deliveryCheckQuerySchema,
  deliveryCheckResponseSchema,
  quoteRequestSchema,
  quoteResponseSchema,
  shopResponseSchema,
  shopUpdateSchema,
} from "../../../contract/shop";
import type { AppDeps } from "../../app-deps";
import { errorResponses } from "../../http/route-schemas";
import type { CatalogCache } from "../catalog/catalog-cache";
import { quoteCart } from "./cart-quote";
import { shopAnswer } from "./shop-settings";
import type { ShopStore } from "./shop-store";

/** The shop's settings, where it delivers, and what a cart costs (decision 045). */
export function shopRoutes(deps: AppDeps & { shop: ShopStore; catalog: { cache: CatalogCache } }) {
  const { requireSeller, personal, owner } = deps.guards;
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/api/shop",
      {
        schema: {
          tags: ["catalogue"],
          summary: "Who the shop is, when it is open, where it delivers and what it charges",
          response: { 200: shopResponseSchema, ...errorResponses },
        },
      },
      async (_request, reply) => {
        reply.header("cache-control", "no-cache");
        return { success: true as const, shop: shopAnswer(await deps.shop.get()) };
      },
    );

    app.post(
      "/api/seller/shop",
      {
        onRequest: requireSeller,
        schema: {
          tags: ["seller"],
          summary: "Change the shop's settings (fields left out keep their values; null clears)",
          body: shopUpdateSchema,
          response: { 200: shopResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        shop: shopAnswer(await deps.shop.update(request.body)),
      }),
    );

    app.get(
      "/api/delivery/check",
      {
        schema: {
          tags: ["catalogue"],
          summary: "Whether the shop delivers to a PIN code or a place, and what delivery costs",
          querystring: deliveryCheckQuerySchema,
          response: { 200: deliveryCheckResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const settings = await deps.shop.get();
        const { pin, lat, lng } = request.query;
        const check = checkDelivery(settings.area, settings.location, {
          pin,
          location: lat === undefined || lng === undefined ? null : { lat, lng },
        });
        return {
          success: true as const,
          ...check,
          deliveryFee: paiseToRupees(settings.fees.deliveryFeePaise),
          freeAbove:
            settings.fees.freeAbovePaise === null
              ? null
              : paiseToRupees(settings.fees.freeAbovePaise),
          minimumOrder: paiseToRupees(settings.fees.minimumOrderPaise),
        };
      },
    );

    app.post(
      "/api/cart/quote",
      {
        onRequest: personal,
        config: { readsOnly: true },
        schema: {
          tags: ["account"],
          summary: "What a cart comes to: items, each fee and the total, as an order of it would",
          body: quoteRequestSchema,
          response: { 200: quoteResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const userId =
          request.body.address === undefined ? undefined : await owner(request, "user");
        return {
          success: true as const,
          quote: await quoteCart(
            deps.db,
            deps.catalog.cache,
            await deps.shop.get(),
            request.body,
            userId ?? undefined,
          ),
        };
      },
    );
  };
}

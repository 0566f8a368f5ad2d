import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  checkoutStartedSchema,
  orderChangedSchema,
  orderIdBodySchema,
  placeOrderSchema,
  unpaidCancelledSchema,
} from "../../../contract/order";
import type { AppDeps } from "../../app-deps";
import { errorResponses, idempotencyHeaders } from "../../http/route-schemas";
import { networkOf } from "../auth/rate-limit";
import type { CatalogCache } from "../catalog/catalog-cache";
import type { ShopStore } from "../shop/shop-store";
import type { PublicUrls } from "../media/public-urls";
import {
  cancelUnpaidCheckouts,
  startOnlineCheckout,
  type OnlineCheckoutDeps,
} from "./online-checkout";
import type { PaymentProvider } from "./payment-provider";
import { refundOrder } from "./refunds";

/** Names of this machine a browser on it may use for the store (PUBLIC_URL unset). */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** `POST /api/order/stripe` (the spec's name): online payment through the configured provider. */
/** The online checkout's routes: the app's own deps, public URLs, the catalogue's cache, the gateway. */
export function checkoutRoutes(
  deps: AppDeps & {
    urls: PublicUrls;
    catalog: { cache: CatalogCache };
    shop: ShopStore;
    /** The configured payment gateway (PAYMENT_PROVIDER). */
    payments: PaymentProvider;
  },
) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    /** What online checkouts need, logging with the request's logger. */
    const checkoutDeps = (log: FastifyBaseLogger): OnlineCheckoutDeps => ({
      database: deps.database,
      db: deps.db,
      provider: deps.payments,
      urls: deps.urls,
      log,
    });
    app.post(
      "/api/order/stripe",
      {
        onRequest: deps.guards.requireShopper,
        config: { stockKnown: true },
        schema: {
          tags: ["orders"],
          summary: "Start an online payment: the order waits, holding its stock, until paid",
          headers: idempotencyHeaders,
          body: placeOrderSchema,
          response: { 200: checkoutStartedSchema, ...errorResponses },
        },
      },
      async (request) => {
        // A client hosted elsewhere gets its shopper back on its own site; the address comes
        // from the configured list, never from a request field (no open redirect). Without
        // PUBLIC_URL, a shopper at another loopback address of this machine (127.0.0.1 rather
        // than localhost) pays and comes back there, where their session cookie is. Only a
        // loopback one: Host is the client's to choose, and must not send anyone elsewhere.
        const origin = request.headers.origin;
        const loopback =
          !deps.config.publicUrlSet &&
          origin === `${request.protocol}://${request.host}` &&
          LOOPBACK_HOSTS.has(request.hostname);
        const returnOrigin =
          typeof origin === "string" && (deps.config.corsOrigins.includes(origin) || loopback)
            ? origin
            : null;
        const pageOrigin = loopback ? origin : undefined;
        const { url, orderId } = await startOnlineCheckout(
          checkoutDeps(request.log),
          request.userId,
          request.body,
          {
            idempotencyKey: request.headers["idempotency-key"],
            returnOrigin,
            pageOrigin,
            clientNetwork: networkOf(request.ip),
            cache: deps.catalog.cache,
            shop: await deps.shop.get(),
          },
        );
        return { success: true as const, url, orderId };
      },
    );

    app.post(
      "/api/order/unpaid/cancel",
      {
        onRequest: deps.guards.requireShopper,
        schema: {
          tags: ["orders"],
          summary:
            "Give up the online payments the shopper left unfinished: each is cancelled and its stock returned",
          response: { 200: unpaidCancelledSchema, ...errorResponses },
        },
      },
      async (request) => {
        const cancelled = await cancelUnpaidCheckouts(checkoutDeps(request.log), request.userId);
        return {
          success: true as const,
          cancelled,
          message:
            cancelled === 0
              ? "No online payment was waiting."
              : cancelled === 1
                ? "Your unfinished online payment was cancelled."
                : `Your ${cancelled} unfinished online payments were cancelled.`,
        };
      },
    );

    app.post(
      "/api/order/refund",
      {
        onRequest: deps.guards.requireSeller,
        schema: {
          tags: ["seller"],
          summary: "Send an owed refund back through the payment provider (at most once)",
          body: orderIdBodySchema,
          response: { 200: orderChangedSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        message: "Refund sent",
        order: await refundOrder(
          { db: deps.db, provider: deps.payments, urls: deps.urls, log: request.log },
          request.body.orderId,
        ),
      }),
    );
  };
}

import { randomUUID } from "node:crypto";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyCors from "@fastify/cors";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { AppDeps } from "./app-deps";
import type { Config } from "./config";
import type { Database } from "./db/database";
import { registerCrossSiteGuard } from "./http/cross-site-guard";
import { AppError, registerErrorHandling, sendError } from "./http/errors";
import { registerSecurityHeaders } from "./http/security-headers";
import { CatalogCache } from "./modules/catalog/catalog-cache";
import { addressesRoutes } from "./modules/addresses/addresses-routes";
import { cartRoutes } from "./modules/cart/cart-routes";
import { catalogRoutes } from "./modules/catalog/catalog-routes";
import { ordersRoutes } from "./modules/orders/orders-routes";
import { checkoutRoutes } from "./modules/payments/checkout-routes";
import { demoPaymentRoutes } from "./modules/payments/demo-routes";
import type { PaymentProvider } from "./modules/payments/payment-provider";
import { createPaymentProvider } from "./modules/payments/create-payment-provider";
import { stripeWebhookRoutes } from "./modules/payments/stripe-webhook-routes";

import { productsRoutes } from "./modules/products/products-routes";
import { sellersRoutes } from "./modules/sellers/sellers-routes";
import { usersRoutes } from "./modules/users/users-routes";
import { healthRoutes } from "./modules/health/health-routes";
import { LocalMediaStorage } from "./modules/media/media-storage";
import { mediaRoutes } from "./modules/media/media-routes";
import { isSpaRoute, sendSpaIndex, webRoutes } from "./modules/web/web-routes";

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Folder of the built web app; defaults to dist/web. */
  webRoot?: string;
  /** Replaces the configured payment provider (tests pass one with a fake Stripe client). */
  paymentProvider?: PaymentProvider;
  /** Fastify's logger option; tests pass false. */
  logger?: FastifyBaseLogger | false;
}

export const defaultWebRoot = path.resolve(import.meta.dirname, "../dist/web");

/** Builds the whole store (API, media, web app) as a Fastify instance. main.ts and tests call this. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const webRoot = options.webRoot ?? defaultWebRoot;
  const app = Fastify({
    ...(options.logger
      ? { loggerInstance: options.logger }
      : { logger: options.logger ?? { level: config.logLevel } }),
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
  });

  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    catalogCache: new CatalogCache(),
    media: new LocalMediaStorage(path.join(config.dataDir, "media")),
    payments: options.paymentProvider ?? createPaymentProvider(config),
  };
  database.onCatalogChange(() => deps.catalogCache.invalidate());

  // Only JSON (and, where a route adds it, multipart or a form) reaches a handler: a text/plain
  // POST is how a cross-site form would try to slip past CORS.
  app.removeContentTypeParser("text/plain");

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  await app.register(fastifyCookie);
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, { origin: config.corsOrigins, credentials: true });
  }
  registerSecurityHeaders(app, config.publicUrl);
  registerCrossSiteGuard(app, config.publicUrl, config.corsOrigins);
  registerErrorHandling(app);

  await app.register(healthRoutes(deps));
  await app.register(catalogRoutes(deps));
  await app.register(usersRoutes(deps));
  await app.register(cartRoutes(deps));
  await app.register(addressesRoutes(deps));
  await app.register(ordersRoutes(deps));
  await app.register(sellersRoutes(deps));
  await app.register(productsRoutes(deps));
  await app.register(checkoutRoutes(deps));
  await app.register(demoPaymentRoutes(deps));
  if (config.payment.provider === "stripe" && config.payment.stripeWebhookSecret) {
    await app.register(stripeWebhookRoutes(deps, config.payment.stripeWebhookSecret));
  }
  await app.register(mediaRoutes(path.join(config.dataDir, "media")));
  await app.register(webRoutes(webRoot));

  app.setNotFoundHandler((request, reply) => {
    if (isSpaRoute(request)) {
      const sent = sendSpaIndex(webRoot, reply);
      if (sent) return sent;
    }
    const pathname = (request.url.split("?")[0] ?? "").slice(0, 200);
    return reply
      .status(404)
      .send(sendError(new AppError("not_found", `Nothing found at ${pathname}`)));
  });

  app.decorate("deps", deps);
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

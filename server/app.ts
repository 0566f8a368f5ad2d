import { randomUUID } from "node:crypto";
import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyCors from "@fastify/cors";
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import type { AppDeps } from "./app-deps";
import type { Config } from "./config";
import { ChangeSignal } from "./db/change-signal";
import type { Database } from "./db/database";
import { AppError } from "./http/app-error";
import { answerClientError } from "./http/client-errors";
import { keepBelievableForwardedFor } from "./http/forwarded-for";
import { registerLegacyClientAnswers } from "./http/legacy-clients";
import { registerCrossSiteGuard } from "./http/cross-site-guard";
import { frameworkErrorAnswer, registerErrorHandling, sendError } from "./http/errors";
import { validatorCompiler } from "./http/route-schemas";
import { lazyRequestLogger } from "./http/lazy-request-logger";
import { registerJsonCompression } from "./http/compressed-json";
import { registerSecurityHeaders } from "./http/security-headers";
import { liveSessionHashes, sessionGuards } from "./http/sessions";
import { addressesRoutes } from "./modules/addresses/addresses-routes";
import { followEndedSessions } from "./modules/auth/session-ended";
import { apiDocsRoutes, registerOpenApi } from "./modules/api-docs/api-docs-routes";
import { cartRoutes } from "./modules/cart/cart-routes";
import { CatalogAnswers } from "./modules/catalog/catalog-answers";
import { CatalogCache } from "./modules/catalog/catalog-cache";
import { catalogRoutes } from "./modules/catalog/catalog-routes";
import { startCatalogSync } from "./modules/catalog/catalog-sync";
import { StockBoard } from "./modules/catalog/stock-board";
import { healthRoutes } from "./modules/health/health-routes";
import { mediaRoutes } from "./modules/media/media-routes";
import {
  DatabaseMediaStorage,
  LocalMediaStorage,
  type MediaStorage,
} from "./modules/media/media-storage";
import { PublicUrls } from "./modules/media/public-urls";
import { fromUploadError } from "./modules/media/upload-errors";
import { OrderStreamHub } from "./modules/orders/order-stream-hub";
import { orderStreamRoutes } from "./modules/orders/order-stream-routes";
import { processStreamLimit } from "./modules/orders/stream-limits";
import { ordersRoutes } from "./modules/orders/orders-routes";
import { createPaymentProvider } from "./modules/payments/create-payment-provider";
import { checkoutCloser } from "./modules/payments/online-checkout";
import { registerPaymentRoutes } from "./modules/payments/register-payment-routes";
import type { PaymentProvider } from "./modules/payments/payment-provider";
import { productsRoutes } from "./modules/products/products-routes";
import { reportsRoutes } from "./modules/reports/reports-routes";
import { shopRoutes } from "./modules/shop/shop-routes";
import { ShopStore } from "./modules/shop/shop-store";
import { sellersRoutes } from "./modules/sellers/sellers-routes";
import { usersRoutes } from "./modules/users/users-routes";
import { PageVersions } from "./modules/web/page-versions";
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
  /** How often open order streams get a heartbeat (15 s; tests shorten it). */
  streamHeartbeatMs?: number;
  /** How long an order event still being written holds the live streams (15 s; tests shorten it). */
  orderEventGapTimeoutMs?: number;
  /** Sees every answer before it is sent (tests check each against its documented schema). */
  inspectAnswer?: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => void;
}

/**
 * The app's own deps (app-deps.ts) and the services modules make for each other, built once here:
 * each module's routes take the part they use.
 */
export interface StoreDeps extends AppDeps {
  /** Makes stored paths absolute (MEDIA_URL, PUBLIC_URL). */
  urls: PublicUrls;
  /** The catalogue's cached answers (laid over with live stock), and the queries that read them. */
  catalog: { cache: CatalogCache; answers: CatalogAnswers };
  orderStreams: OrderStreamHub;
  media: MediaStorage;
  /** The configured payment gateway (PAYMENT_PROVIDER). */
  payments: PaymentProvider;
  /** The shop's own settings: who it is, its hours, where it delivers, its fees. */
  shop: ShopStore;
}

export const defaultWebRoot = path.resolve(import.meta.dirname, "../dist/web");

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route changes how products are listed (text, prices, pictures, on sale, added, deleted). */
    changesListing?: boolean;
    /** The route told this process's catalogue the stock it changed: no need to wait for the feed. */
    stockKnown?: boolean;
    /** A POST that changes nothing (a cart's quote): there is no change to announce. */
    readsOnly?: boolean;
  }
  interface FastifyInstance {
    deps: StoreDeps;
  }
}

/** Builds the whole store (API, media, web app) as a Fastify instance. main.ts and tests call this. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const webRoot = options.webRoot ?? defaultWebRoot;
  const app = Fastify({
    ...(options.logger
      ? { loggerInstance: options.logger }
      : { logger: options.logger ?? { level: config.logLevel } }),
    genReqId: () => randomUUID(),
    childLoggerFactory: lazyRequestLogger,
    // Each request is logged at debug level only (below): the console stays readable.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // A hop count trusts that many proxies in front (what proxy-addr does with a number).
    trustProxy:
      typeof config.trustProxy === "number"
        ? (
            (hops) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    // An HTTP/1.1 request without Host gets the contract's error (below), not Node's bare 400.
    http: { requireHostHeader: false },
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = frameworkErrorAnswer(error);
      // (The option's generic reply type accepts no plain status; it is an ordinary reply.)
      void (reply as unknown as FastifyReply).status(status).send(body);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const media: MediaStorage =
    config.mediaStore === "database"
      ? new DatabaseMediaStorage(database.db)
      : new LocalMediaStorage(path.join(config.dataDir, "media"));
  const urls = new PublicUrls(config.publicUrl, config.mediaUrl);
  const changes = new ChangeSignal(database, app.log);
  const catalogCache = new CatalogCache(new StockBoard());
  const sessionCookie = {
    secure: config.publicUrl.startsWith("https://"),
    sameSite: config.cookieSameSite,
  };
  const streamLimit = processStreamLimit(config.orderStreamLimit, (m) => app.log.warn(m));
  const deps: StoreDeps = {
    config,
    database,
    db: database.db,
    urls,
    catalog: {
      cache: catalogCache,
      answers: new CatalogAnswers(catalogCache, database.db, urls),
    },
    changes,
    orderStreams: new OrderStreamHub(
      database,
      urls,
      app.log,
      (hashes) => liveSessionHashes(database.db, hashes),
      options.streamHeartbeatMs,
      options.orderEventGapTimeoutMs,
      { process: streamLimit },
    ),
    media,
    payments: options.paymentProvider ?? (await createPaymentProvider(config, database.db)),
    guards: sessionGuards(database.db, sessionCookie),
    sessionCookie,
    shop: new ShopStore(database.db, config.shopTimeZone),
  };
  app.decorate("deps", deps);
  app.decorateRequest("userId", "");
  app.decorateRequest("sellerId", "");

  let stopCatalogSync = () => {};
  app.addHook("onReady", async () => {
    await followEndedSessions(deps);
    await changes.start();
    stopCatalogSync = await startCatalogSync(database, deps.catalog.cache, changes, app.log);
    await deps.orderStreams.start(changes);
  });
  // Open streams would keep close() waiting for ever: end them first.
  app.addHook("preClose", async () => deps.orderStreams.closeAll());
  app.addHook("onClose", async () => {
    stopCatalogSync();
    changes.stop();
  });

  // Only JSON (and, where a route adds it, multipart or a form) reaches a handler: a text/plain
  // POST is how a cross-site form would try to slip past CORS.
  app.removeContentTypeParser("text/plain");

  // The hooks every request runs take callbacks rather than returning promises: a catalogue read
  // is a few tens of microseconds of JavaScript, and each async hook adds a promise and a
  // microtask to it.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    if (!request.headers.host && request.raw.httpVersion === "1.1")
      return done(
        new AppError("bad_request", "The request could not be read: it has no Host header."),
      );
    if (config.trustProxy !== false) keepBelievableForwardedFor(request.raw);
    done();
  });
  const logsRequests = app.log.level === "debug" || app.log.level === "trace";
  app.addHook("onResponse", (request, reply, done) => {
    if (logsRequests)
      request.log.debug(
        {
          method: request.method,
          url: request.url,
          ip: request.ip,
          status: reply.statusCode,
          ms: reply.elapsedTime,
        },
        "request",
      );
    done();
  });
  // The one place the catalogue and the live streams hear of a change: after every successful
  // state-changing call, before its answer goes out (so the next read anywhere in this process
  // sees it); other processes hear through the database.
  app.addHook("onSend", (request, reply, payload, done) => {
    options.inspectAnswer?.(request, reply, payload);
    const config = request.routeOptions.config;
    if (!stateChanging.has(request.method) || reply.statusCode >= 400 || config.readsOnly)
      return done(null, payload);
    if (config.changesListing) deps.catalog.cache.listingChanged();
    if (config.stockKnown) {
      void changes.announce();
      return done(null, payload);
    }
    changes.announce().then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
  registerJsonCompression(app);
  await app.register(fastifyCookie);
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, { origin: config.corsOrigins, credentials: true });
  }
  registerSecurityHeaders(app, config);
  registerCrossSiteGuard(app, config.publicUrl, config.corsOrigins);
  registerErrorHandling(app, [fromUploadError]);
  registerLegacyClientAnswers(app, config.legacyClientOrigins);
  await registerOpenApi(app, config);

  await app.register(healthRoutes(deps));
  await app.register(catalogRoutes(deps));
  await app.register(usersRoutes(deps));
  await app.register(cartRoutes(deps));
  await app.register(addressesRoutes(deps));
  await app.register(ordersRoutes({ ...deps, closeCheckout: checkoutCloser(deps) }));
  await app.register(orderStreamRoutes(deps));
  await app.register(sellersRoutes(deps));
  await app.register(productsRoutes(deps));
  await app.register(reportsRoutes(deps));
  await app.register(shopRoutes(deps));
  await registerPaymentRoutes(app, deps);
  await app.register(apiDocsRoutes());
  await app.register(
    mediaRoutes(media, { cacheBytes: media instanceof DatabaseMediaStorage ? 24 << 20 : 0 }),
  );
  await app.register(webRoutes(webRoot));
  const pages = new PageVersions();

  app.setNotFoundHandler(async (request, reply) => {
    if (isSpaRoute(request)) {
      if (await sendSpaIndex(webRoot, pages, request, reply)) return reply;
    }
    const pathname = (request.url.split("?")[0] ?? "").slice(0, 200);
    return reply
      .status(404)
      .send(sendError(new AppError("not_found", `Nothing found at ${pathname}`)));
  });

  return app;
}

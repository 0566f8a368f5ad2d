import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { Config } from "../../config";

/**
 * The OpenAPI 3.1 document, generated from the routes' own zod schemas (the same ones that check
 * requests and answers), so it cannot drift from what the API does.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  const routes: { method: string; url: string }[] = [];
  registered.set(app, routes);
  app.addHook("onRoute", (route) => {
    if (!isDocumented(route.url)) return;
    for (const method of [route.method].flat())
      if (method !== "HEAD") routes.push({ method, url: route.url });
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "GreenCart API",
        version: "2.0.0",
        description:
          "The store's API: catalogue, shopper accounts, carts, addresses, orders and payments, the seller's calls and live order streams. Credentials are cookies (`sid` for shoppers, `seller_sid` for the seller). Every failure answers `{ success: false, code, message }`. See the README for hosting a storefront on another origin (CORS_ORIGINS).",
      },
      servers: [{ url: config.publicUrl }],
      tags: [
        { name: "catalogue", description: "Products, public" },
        { name: "account", description: "Shopper accounts, cart and addresses" },
        { name: "orders", description: "Placing and following orders" },
        { name: "seller", description: "The seller's calls (seller session)" },
        { name: "payments", description: "Payment provider callbacks" },
        { name: "health", description: "Operations" },
      ],
    },
    // The API only: not the web app's files, the pictures or this reference itself.
    transform: (document) =>
      isDocumented(document.url)
        ? jsonSchemaTransform(document)
        : { schema: { hide: true }, url: document.url },
  });
}

const registered = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

/** Every API route of the app (method and URL pattern), as registered: what the document must cover. */
export function apiRoutes(app: FastifyInstance): { method: string; url: string }[] {
  return registered.get(app) ?? [];
}

/** Routes that belong in the API reference. */
export function isDocumented(url: string): boolean {
  return url.startsWith("/api/") && !url.startsWith("/api/docs") && url !== "/api/openapi.json";
}

const referencePages = new Set(["/api/docs", "/api/docs/", "/api/docs/static/index.html"]);

/** `GET /api/openapi.json` and a readable reference at `/api/docs`, served from our own files. */
export function apiDocsRoutes() {
  return async (app: FastifyInstance) => {
    app.get("/api/openapi.json", { schema: { hide: true } }, async (_request, reply) =>
      reply.header("cache-control", "no-cache").send(app.swagger()),
    );
    // The reference's page finds its document relative to the page's address, query included
    // (`/api/docs?x` asked for `/api/docs?x/./json` and showed no operations), and its own
    // redirect of `static/index.html` kept a query it did not expect (a redirect to itself). A
    // page asked for with a query is sent to the same page without it.
    app.addHook("onRequest", (request, reply, done) => {
      const [path, query] = request.url.split("?", 2);
      if (query === undefined || !referencePages.has(path!)) return done();
      void reply.redirect(path!, 302);
    });
    await app.register(fastifySwaggerUi, {
      routePrefix: "/api/docs",
      // No call to swagger.io's online validator: the reference works offline.
      uiConfig: {
        docExpansion: "list",
        deepLinking: true,
        url: "/api/openapi.json",
        validatorUrl: null,
      },
      theme: { title: "GreenCart API reference" },
    });
  };
}

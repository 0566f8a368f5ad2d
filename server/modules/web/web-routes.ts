import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Serves the built single-page app from `root` (dist/web). Vite's hashed files under /assets/
 * never change, so they are cached for a year; index.html is revalidated on every visit.
 */
export function webRoutes(root: string) {
  return async (app: FastifyInstance) => {
    if (!fs.existsSync(path.join(root, "index.html"))) {
      app.log.warn(`no built web app in ${root}: run "npm run build" (npm start does it for you)`);
      return;
    }
    // Hashed bundles: any file under /assets/, looked up per request (a rebuild adds new names).
    await app.register(fastifyStatic, {
      root: path.join(root, "assets"),
      prefix: "/assets/",
      decorateReply: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders: (response) => {
        response.setHeader("cache-control", "public, max-age=31536000, immutable");
      },
    });
    // The few public files at the top (favicon...), revalidated on every visit.
    await app.register(fastifyStatic, {
      root,
      prefix: "/",
      wildcard: false,
      globIgnore: ["assets/**", "index.html", "**/*.gz", "**/*.br"],
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders: (response) => {
        response.setHeader("cache-control", "no-cache");
      },
    });
  };
}

/** Client-side routes (/cart, /products/fruits...) all answer with the app's index.html. */
export function isSpaRoute(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const pathname = request.url.split("?")[0] ?? "";
  if (
    pathname.startsWith("/api/") ||
    pathname === "/api" ||
    pathname.startsWith("/media/") ||
    pathname.startsWith("/assets/")
  )
    return false;
  return !path.extname(pathname);
}

export function sendSpaIndex(root: string, reply: FastifyReply) {
  const file = path.join(root, "index.html");
  if (!fs.existsSync(file)) return undefined;
  return reply
    .header("cache-control", "no-cache")
    .type("text/html; charset=utf-8")
    .send(fs.createReadStream(file));
}

import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { matchSessionHints } from "../../http/sessions";
import { sendVersioned } from "../../http/versioned-answer";
import { firstScreen, firstScreenAnswers, type FirstScreen } from "./first-screen";
import { pageFound, productPageMoved } from "./page-found";
import { pageRenderer, renderRemembered, rendererStamp } from "./page-renderer";
import type { PageVersions } from "./page-versions";

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

let template: { file: string; mtimeMs: number; html: string } | undefined;

/** The built index.html, read again only when a rebuild changed it. */
function readIndex(root: string): { html: string; mtimeMs: number } | undefined {
  const file = path.join(root, "index.html");
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
  if (template?.file !== file || template.mtimeMs !== mtimeMs)
    template = { file, mtimeMs, html: fs.readFileSync(file, "utf8") };
  return template;
}

/**
 * The build marks links meant for one route only (the home hero's preload) with `data-route`:
 * they stay on that route and leave every other page, which would only waste the bandwidth.
 */
export function withRouteLinks(html: string, route: string): string {
  return html.replace(/<link\b[^>]*\bdata-route="([^"]*)"[^>]*>/g, (link, target: string) =>
    target === route ? link : "",
  );
}

/** The built renderer beside the built app: dist/ssr next to dist/web. */
export function rendererFile(root: string): string {
  return path.join(root, "..", "ssr", "entry-server.js");
}

/**
 * The first screen of a storefront page with catalogue data, rendered by the web app's own
 * components (docs/decisions/015-server-rendered-first-screen.md), or "" to leave it to the
 * browser: other pages or no built renderer. Undefined when the rendering failed (logged, never
 * shown): the browser draws that page.
 */
async function renderedFirstScreen(
  root: string,
  request: FastifyRequest,
  first: FirstScreen,
): Promise<string | undefined> {
  if (Object.keys(first.answers).length === 0) return "";
  const render = await pageRenderer(rendererFile(root), request.log);
  if (!render) return "";
  try {
    return await renderRemembered(render, request.url, first.answers, first.data);
  } catch (error) {
    request.log.warn({ err: error }, "server rendering of the page failed; the browser draws it");
    return undefined;
  }
}

/**
 * A page drawn by the server shows without its JavaScript: the app's entry script is swapped for
 * the small `start-after-load.js`, which fetches the app once the page's pictures have loaded, so
 * it does not compete with them on a slow network (docs/decisions/015).
 */
export function startAppAfterLoad(html: string): string {
  return html.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_script, app: string) =>
      `<script type="module" id="start-after-load" src="/start-after-load.js" data-app="${app}"></script>`,
  );
}

/**
 * Sends the app's page for any client-side route, with its first screen's catalogue data inside
 * (status 404, the app showing "Page not found", for a path that is no page or names a category or
 * product that does not exist; a redirect to a product's own address for a path naming it under
 * another category);
 * false when there is no built app to send. With its data and drawn first screen a page is
 * 10–30 KB, 2–6 KB compressed, which a slow phone network feels: it goes compressed as the browser
 * accepts it, made once per version of the page (`pages`), with an ETag, so a browser that has
 * this version gets a 304. (Not the reply itself: a Fastify reply is a thenable, and awaiting it
 * gives undefined once sent.)
 */
export async function sendSpaIndex(
  root: string,
  pages: PageVersions,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const index = readIndex(root);
  if (index === undefined) return false;
  const { pathname, search } = new URL(request.url, "http://localhost");
  const answers = await firstScreenAnswers(
    request.server.deps.catalog.answers,
    pathname,
    search,
    request.log,
  );
  const moved = productPageMoved(pathname, answers.bodies);
  if (moved) {
    // Permanent for search engines; revalidated by browsers, as a product may change category.
    await reply.header("cache-control", "no-cache").redirect(`${moved}${search}`, 301);
    return true;
  }
  // The page is made of the built page, the renderer and these answers alone: the same, the
  // same page.
  const source = `${index.mtimeMs}\n${rendererStamp(rendererFile(root))}\n${answers.key}`;
  let page = pages.current(request.url, source);
  if (!page) {
    const first = firstScreen(answers, pathname, search);
    const rendered = await renderedFirstScreen(root, request, first);
    const route = pathname.replace(/\/+$/, "") || "/";
    const linked = withRouteLinks(index.html, route);
    const body = (rendered ? startAppAfterLoad(linked) : linked)
      .replace(/<title>[^<]*<\/title>/, (built) => first.title ?? built)
      .replace("</head>", `${first.preloads}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${rendered ?? ""}</div>`)
      .replace("</body>", () => `${first.data}</body>`);
    // A page whose drawing failed is sent, but drawn again on the next request.
    page = pages.of(request.url, body, rendered === undefined ? undefined : source);
  }
  // A page that puts a session's hint right (sessions.ts) is for this browser alone.
  const { sessionCookie, guards } = request.server.deps;
  if (await matchSessionHints(request, reply, sessionCookie, guards.owner))
    reply.header("cache-control", "private, no-cache");
  const status = pageFound(pathname, answers.refused) ? 200 : 404;
  await sendVersioned(request, reply, page, "text/html; charset=utf-8", status);
  return true;
}

import crypto from "node:crypto";
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";

/** The renderer the web build writes for the server (web/entry-server.tsx, built to dist/ssr). */
export type RenderPage = (url: string, answers: Record<string, unknown>) => Promise<string>;

let loaded: { file: string; mtimeMs: number; render: Promise<RenderPage | undefined> } | undefined;
let staleWarned = false;

/**
 * The built renderer of storefront pages' first screen, loaded on first use (a server that only
 * answers the API never pays for it). Undefined when there is no build of it, or once a rebuild
 * replaced the one loaded (its chunks are loaded under their own names, so it cannot be loaded
 * again beside the old one): the pages are then drawn by the browser alone until a restart.
 */
export function pageRenderer(
  file: string,
  log: FastifyBaseLogger,
): Promise<RenderPage | undefined> {
  let mtimeMs: number;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return Promise.resolve(undefined);
  }
  if (!loaded || loaded.file !== file) {
    const render = import(pathToFileURL(file).href).then(
      (module: { renderPage?: RenderPage }) => module.renderPage,
      (error: unknown) => {
        log.warn({ err: error }, `could not load the page renderer ${file}`);
        return undefined;
      },
    );
    loaded = { file, mtimeMs, render };
  }
  if (loaded.mtimeMs !== mtimeMs) {
    if (!staleWarned)
      log.warn("the web app was rebuilt: pages are drawn by the browser until the server restarts");
    staleWarned = true;
    return Promise.resolve(undefined);
  }
  return loaded.render;
}

/**
 * Which build of the renderer a page would be drawn by now ("none" without one): part of what a
 * kept page is made of, so a rebuild, or a renderer that appears, makes pages again.
 */
export function rendererStamp(file: string): string {
  try {
    return String(fs.statSync(file).mtimeMs);
  } catch {
    return "none";
  }
}

/** Rendered pages kept: a lunch rush asks for the same few pages with the same answers. */
const KEPT_PAGES = 64;
const rendered = new Map<string, string>();

/**
 * `render(url, answers)`, remembered by the URL and the exact answers (`answersText`, as the page
 * carries them): the HTML depends on nothing else, so a page whose products, prices and stock are
 * unchanged is not drawn again. The least recently used page leaves first.
 */
export async function renderRemembered(
  render: RenderPage,
  url: string,
  answers: Record<string, unknown>,
  answersText: string,
): Promise<string> {
  const key = crypto
    .createHash("sha256")
    .update(url)
    .update("\n")
    .update(answersText)
    .digest("hex");
  const kept = rendered.get(key);
  if (kept !== undefined) {
    rendered.delete(key);
    rendered.set(key, kept);
    return kept;
  }
  const html = await render(url, answers);
  rendered.set(key, html);
  if (rendered.size > KEPT_PAGES) rendered.delete(rendered.keys().next().value!);
  return html;
}

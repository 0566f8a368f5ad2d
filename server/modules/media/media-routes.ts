import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Serves stored images. Names never change content, so they are cached for a year. */
export function mediaRoutes(folder: string) {
  return async (app: FastifyInstance) => {
    await app.register(fastifyStatic, {
      root: folder,
      prefix: "/media/",
      decorateReply: false,
      index: false,
      dotfiles: "deny",
      cacheControl: false,
      setHeaders: (response) => {
        response.setHeader("cache-control", `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
        response.setHeader("x-content-type-options", "nosniff");
      },
    });
  };
}

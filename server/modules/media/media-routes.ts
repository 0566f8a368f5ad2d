import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { AppError } from "../../http/app-error";
import { mediaContentType, mediaNamePattern, type MediaStorage } from "./media-storage";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A few MB of recently served images, so a busy page does not read the database per picture. */
class RecentImages {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(name: string): Buffer | undefined {
    const hit = this.entries.get(name);
    if (hit) {
      this.entries.delete(name);
      this.entries.set(name, hit);
    }
    return hit;
  }

  set(name: string, data: Buffer): void {
    if (data.length > this.maxBytes / 8) return;
    this.entries.set(name, data);
    this.bytes += data.length;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
  }
}

/**
 * Serves stored images, from whichever MediaStorage holds them. Names never change content, so
 * they are cached for a year, and other sites may show them (a storefront hosted elsewhere).
 */
export function mediaRoutes(storage: MediaStorage, options: { cacheBytes: number }) {
  const recent = options.cacheBytes > 0 ? new RecentImages(options.cacheBytes) : undefined;
  const read = async (name: string) => {
    const cached = recent?.get(name);
    if (cached) return cached;
    const data = await storage.read(name);
    if (data) recent?.set(name, data);
    return data;
  };
  return async (app: FastifyInstance) => {
    app.get(
      "/media/:name",
      {
        schema: { params: z.object({ name: z.string() }), hide: true },
      },
      async (request, reply) => {
        const { name } = request.params as { name: string };
        const data = mediaNamePattern.test(name) ? await read(name) : undefined;
        if (!data) throw new AppError("not_found", "Image not found");
        return reply
          .header("cache-control", `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
          .header("cross-origin-resource-policy", "cross-origin")
          .type(mediaContentType(name))
          .send(data);
      },
    );
  };
}

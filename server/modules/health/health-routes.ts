import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../app-deps";
import { AppError } from "../../http/app-error";
import { errorResponses } from "../../http/route-schemas";

export function healthRoutes(deps: AppDeps) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/api/health",
      {
        schema: {
          tags: ["health"],
          summary: "Whether the store and its database answer",
          response: {
            200: z.object({ success: z.literal(true), status: z.literal("ok") }),
            ...errorResponses,
          },
        },
      },
      async () => {
        try {
          await deps.database.ping();
        } catch (error) {
          app.log.error({ err: error }, "health check: database does not answer");
          throw new AppError("unavailable", "The store is temporarily unavailable.");
        }
        return { success: true as const, status: "ok" as const };
      },
    );
  };
}

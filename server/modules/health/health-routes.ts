import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../app-deps";
import { AppError } from "../../http/errors";

export function healthRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.get("/api/health", async () => {
      try {
        await deps.database.ping();
      } catch (error) {
        app.log.error({ err: error }, "health check: database does not answer");
        throw new AppError("unavailable", "The store is temporarily unavailable.");
      }
      return { success: true, status: "ok" };
    });
  };
}

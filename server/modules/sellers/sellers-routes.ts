import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sellerLoginSchema } from "../../../contract/seller";
import type { AppDeps } from "../../app-deps";
import { parseWith } from "../../http/errors";
import { endSession, requireSeller, startSession } from "../../http/sessions";
import { loginSeller } from "./sellers-service";

/** The seller's own login (cookie `seller_sid`), separate from shopper accounts. */
export function sellersRoutes(deps: AppDeps) {
  const cookie = { secure: deps.config.publicUrl.startsWith("https://") };
  return async (app: FastifyInstance) => {
    app.post("/api/seller/login", async (request, reply) => {
      const input = parseWith(sellerLoginSchema, request.body);
      const sellerId = await loginSeller(deps.db, input, request.ip);
      await startSession(deps.db, reply, "seller", sellerId, cookie);
      return { success: true, message: "Logged In" };
    });

    app.get("/api/seller/is-auth", async (request) => {
      await requireSeller(deps.db, request);
      return { success: true };
    });

    const logout = async (request: FastifyRequest, reply: FastifyReply) => {
      await endSession(deps.db, request, reply, "seller", cookie);
      return { success: true, message: "Logged Out" };
    };
    app.get("/api/seller/logout", logout);
    app.post("/api/seller/logout", logout);
  };
}

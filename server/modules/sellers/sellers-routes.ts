import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { messageSchema, successSchema } from "../../../contract/common";
import { sellerLoginSchema, shopSettingsResponseSchema } from "../../../contract/seller";
import type { AppDeps } from "../../app-deps";
import { AppError } from "../../http/app-error";
import { errorResponses } from "../../http/route-schemas";
import { endSession, startSession } from "../../http/sessions";
import { forgetSession, type SessionEndDeps } from "../auth/session-ended";
import { deviceTokenHash, trustDevice } from "../auth/trusted-devices";
import type { ShopStore } from "../shop/shop-store";
import { loginSeller } from "./sellers-service";

/** The seller's own login (cookie `seller_sid`), separate from shopper accounts. */
export function sellersRoutes(deps: AppDeps & SessionEndDeps & { shop: ShopStore }) {
  const cookie = deps.sessionCookie;
  const { requireSeller, personal } = deps.guards;
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/api/seller/login",
      {
        onRequest: personal,
        schema: {
          tags: ["seller"],
          summary: "Log in as the seller",
          body: sellerLoginSchema,
          response: { 200: messageSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const device = deviceTokenHash(request, "seller");
        const sellerId = await loginSeller(deps.db, request.body, request.ip, device).catch(
          (error: unknown) => {
            // The seller area holds the shop's money and stock: an operator sees every password
            // tried (warn; the login limits bound how many). Refusals by the limits themselves
            // cost nothing and are as many as an attacker sends: logged at debug, so they cannot
            // flood the log.
            if (error instanceof AppError)
              request.log[error.code === "rate_limited" ? "debug" : "warn"](
                { email: request.body.email, ip: request.ip, code: error.code },
                "seller login refused",
              );
            throw error;
          },
        );
        request.log.info({ sellerId, ip: request.ip }, "seller logged in");
        await startSession(deps.db, reply, "seller", sellerId, cookie);
        await trustDevice(deps.db, request, reply, "seller", sellerId, cookie);
        return { success: true as const, message: "Logged In" };
      },
    );

    app.get(
      "/api/seller/is-auth",
      {
        onRequest: requireSeller,
        schema: {
          tags: ["seller"],
          summary: "Whether the request holds a seller session",
          response: { 200: successSchema, ...errorResponses },
        },
      },
      async () => ({ success: true as const }),
    );

    app.get(
      "/api/seller/shop",
      {
        onRequest: requireSeller,
        schema: {
          tags: ["seller"],
          summary:
            "The shop's settings the seller's pages need (its time zone, its payment provider)",
          response: { 200: shopSettingsResponseSchema, ...errorResponses },
        },
      },
      async () => ({
        success: true as const,
        timeZone: (await deps.shop.get()).timeZone,
        paymentProvider: deps.config.payment.provider,
      }),
    );

    const logout = async (request: FastifyRequest, reply: FastifyReply) => {
      const ended = await endSession(deps.db, request, reply, "seller", cookie);
      if (ended) await forgetSession(deps, ended);
      return { success: true as const, message: "Logged Out" };
    };
    const logoutRoute = {
      onRequest: personal,
      schema: {
        tags: ["seller"],
        summary: "Log the seller out",
        response: { 200: messageSchema, ...errorResponses },
      },
    };
    app.get("/api/seller/logout", { ...logoutRoute, config: { changesStateOnGet: true } }, logout);
    app.post("/api/seller/logout", logoutRoute, logout);
  };
}

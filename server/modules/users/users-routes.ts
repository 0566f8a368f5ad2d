import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { messageSchema } from "../../../contract/common";
import { loginSchema, registerSchema, userResponseSchema } from "../../../contract/user";
import type { AppDeps } from "../../app-deps";
import { errorResponses } from "../../http/route-schemas";
import { endSession, startSession } from "../../http/sessions";
import { forgetSession, type SessionEndDeps } from "../auth/session-ended";
import { deviceTokenHash, trustDevice } from "../auth/trusted-devices";
import { getUser, loginUser, registerUser } from "./users-service";

/** Shopper accounts: register, login, logout, is-auth (cookie `sid`). */
export function usersRoutes(deps: AppDeps & SessionEndDeps) {
  const cookie = deps.sessionCookie;
  const { requireShopper, personal } = deps.guards;
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/api/user/register",
      {
        onRequest: personal,
        schema: {
          tags: ["account"],
          summary: "Create a shopper account and log in",
          body: registerSchema,
          response: { 201: userResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = await registerUser(deps.db, request.body, request.ip);
        await startSession(deps.db, reply, "user", user._id, cookie);
        await trustDevice(deps.db, request, reply, "user", user._id, cookie);
        return reply.status(201).send({ success: true as const, user });
      },
    );

    app.post(
      "/api/user/login",
      {
        onRequest: personal,
        schema: {
          tags: ["account"],
          summary: "Log in as a shopper (limited: see the README)",
          body: loginSchema,
          response: { 200: userResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const device = deviceTokenHash(request, "user");
        const user = await loginUser(deps.db, request.body, request.ip, device);
        await startSession(deps.db, reply, "user", user._id, cookie);
        await trustDevice(deps.db, request, reply, "user", user._id, cookie);
        return { success: true as const, user };
      },
    );

    app.get(
      "/api/user/is-auth",
      {
        onRequest: requireShopper,
        schema: {
          tags: ["account"],
          summary: "The logged-in shopper with their saved cart",
          response: { 200: userResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({ success: true as const, user: await getUser(deps.db, request.userId) }),
    );

    const logout = async (request: FastifyRequest, reply: FastifyReply) => {
      const ended = await endSession(deps.db, request, reply, "user", cookie);
      if (ended) await forgetSession(deps, ended);
      return { success: true as const, message: "Logged Out" };
    };
    const logoutRoute = {
      onRequest: personal,
      schema: {
        tags: ["account"],
        summary: "Log out (ends the session and its live streams)",
        response: { 200: messageSchema, ...errorResponses },
      },
    };
    app.get("/api/user/logout", { ...logoutRoute, config: { changesStateOnGet: true } }, logout);
    app.post("/api/user/logout", logoutRoute, logout);
  };
}

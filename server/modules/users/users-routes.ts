import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { loginSchema, registerSchema } from "../../../contract/user";
import type { AppDeps } from "../../app-deps";
import { parseWith } from "../../http/errors";
import { endSession, requireUser, startSession } from "../../http/sessions";
import { getUser, loginUser, registerUser } from "./users-service";

/** Shopper accounts: register, login, logout, is-auth (cookie `sid`). */
export function usersRoutes(deps: AppDeps) {
  const cookie = { secure: deps.config.publicUrl.startsWith("https://") };
  return async (app: FastifyInstance) => {
    app.post("/api/user/register", async (request, reply) => {
      const input = parseWith(registerSchema, request.body);
      const user = await registerUser(deps.db, input, request.ip);
      await startSession(deps.db, reply, "user", user._id, cookie);
      return reply.status(201).send({ success: true, user });
    });

    app.post("/api/user/login", async (request, reply) => {
      const input = parseWith(loginSchema, request.body);
      const user = await loginUser(deps.db, input, request.ip);
      await startSession(deps.db, reply, "user", user._id, cookie);
      return { success: true, user };
    });

    app.get("/api/user/is-auth", async (request) => {
      const user = await getUser(deps.db, await requireUser(deps.db, request));
      return { success: true, user };
    });

    const logout = async (request: FastifyRequest, reply: FastifyReply) => {
      await endSession(deps.db, request, reply, "user", cookie);
      return { success: true, message: "Logged Out" };
    };
    app.get("/api/user/logout", logout);
    app.post("/api/user/logout", logout);
  };
}

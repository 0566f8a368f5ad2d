import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * The calls of the spec (store-spec.md section 7), as its tutorial's client makes them. That
 * client was written against a server that answered every failure with status 200 and
 * `{ success: false, message }`: given a 401 or a 409, it shows "Request failed with status code
 * 401" instead of the message. Requests from the origins in LEGACY_CLIENT_ORIGINS get those
 * calls' failures with status 200; every other request, and every other call, keeps its real
 * status (api-contract.md, "Hardening (third series)").
 */
const specCalls = new Set([
  "GET /api/seller/is-auth",
  "GET /api/user/is-auth",
  "GET /api/product/list",
  "POST /api/cart/update",
  "GET /api/user/logout",
  "POST /api/user/login",
  "POST /api/user/register",
  "GET /api/address/get",
  "POST /api/address/add",
  "POST /api/order/cod",
  "POST /api/order/stripe",
  "GET /api/order/user",
  "GET /api/order/seller",
  "POST /api/seller/login",
  "GET /api/seller/logout",
  "POST /api/product/add",
  "POST /api/product/stock",
]);

/**
 * Sends those failures with status 200. The failure is answered (and checked against its
 * documented schema) with its own status first; only the status line changes on the way out.
 */
export function registerLegacyClientAnswers(app: FastifyInstance, legacyOrigins: string[]): void {
  if (legacyOrigins.length === 0) return;
  app.addHook("onSend", (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && answersFailuresWith200(request, legacyOrigins)) reply.code(200);
    done(null, payload);
  });
}

/** Whether this request's failure is answered with status 200, as its client expects. */
function answersFailuresWith200(request: FastifyRequest, legacyOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== "string" || !legacyOrigins.includes(origin)) return false;
  return specCalls.has(`${request.method} ${request.routeOptions.url ?? ""}`);
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./app-error";

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set on routes that other sites may call (a payment provider's webhook, protected by its signature). */
    crossSiteAllowed?: boolean;
    /**
     * Set on a GET that changes state all the same (the spec's `GET /api/.../logout`): guarded
     * like a POST, so a link on another site cannot sign anyone out.
     */
    changesStateOnGet?: boolean;
  }
}

/**
 * Refuses state-changing requests made by another site (CSRF): browsers say where a request comes
 * from in `Sec-Fetch-Site` and `Origin`. Requests without either (curl, servers) carry no cookies
 * a browser attached on someone else's behalf, so they pass.
 */
export function registerCrossSiteGuard(
  app: FastifyInstance,
  publicUrl: string,
  corsOrigins: string[],
): void {
  const trusted = new Set([new URL(publicUrl).origin, ...corsOrigins]);
  // A callback hook, not an async one: it runs on every request, and reads cost no promise.
  app.addHook("onRequest", (request, _reply, done) => {
    const config = request.routeOptions.config;
    if (
      (stateChanging.has(request.method) || config.changesStateOnGet) &&
      !config.crossSiteAllowed &&
      !isAllowed(request, trusted)
    ) {
      return done(
        new AppError("forbidden", "This request was refused because it came from another site."),
      );
    }
    done();
  });
}

function isAllowed(request: FastifyRequest, trusted: Set<string>): boolean {
  const origin = header(request, "origin");
  const fetchSite = header(request, "sec-fetch-site");
  const originTrusted =
    origin !== undefined && (trusted.has(origin) || origin === ownOrigin(request));
  if (fetchSite !== undefined) {
    if (fetchSite === "same-origin" || fetchSite === "none")
      return origin === undefined || originTrusted;
    // same-site or cross-site: only the configured origins (a separately hosted client) may.
    return originTrusted;
  }
  if (origin !== undefined) return originTrusted;
  return true;
}

/** The origin the browser used to reach us, as the Host header tells it. */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
}

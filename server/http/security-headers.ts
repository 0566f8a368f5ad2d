import type { FastifyInstance } from "fastify";

const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // react-hot-toast injects its styles at run time; no script may be inline.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Headers every answer carries, API and pages alike. */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const https = publicUrl.startsWith("https://");
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("content-security-policy", contentSecurityPolicy);
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("x-frame-options", "DENY");
    reply.header("cross-origin-opener-policy", "same-origin");
    reply.header("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (https) reply.header("strict-transport-security", "max-age=15552000; includeSubDomains");
    return payload;
  });
}

import type { FastifyInstance } from "fastify";

/**
 * The pages' Content-Security-Policy. Pictures may come from `MEDIA_URL` (a CDN); the demo payment
 * page's forms may end on a storefront hosted on another allowed origin (its return address), so
 * those origins join `img-src` and `form-action` (Chromium applies form-action to redirects).
 */
export function contentSecurityPolicy(mediaUrl: string, returnOrigins: readonly string[]): string {
  const media = new URL(mediaUrl).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Style attributes (category colours, star opacity) are inline; no script may be.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", media].join(" "),
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...returnOrigins].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every answer carries, API and pages alike. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: { publicUrl: string; mediaUrl: string; corsOrigins: readonly string[] },
): void {
  const https = config.publicUrl.startsWith("https://");
  const policy = contentSecurityPolicy(config.mediaUrl, config.corsOrigins);
  const headers: Record<string, string> = {
    "content-security-policy": policy,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
    ...(https ? { "strict-transport-security": "max-age=15552000; includeSubDomains" } : {}),
  };
  // A callback hook: it runs on every answer, and a catalogue read should cost no promise here.
  app.addHook("onSend", (_request, reply, payload, done) => {
    reply.headers(headers);
    done(null, payload);
  });
}

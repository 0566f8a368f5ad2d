import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/test-app";

const t = useTestApp();

describe("conventions every answer follows", () => {
  it("sets the security headers on API answers", async () => {
    const response = await t.app.inject({ url: "/api/health" });
    const csp = response.headers["content-security-policy"] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sets them on errors too", async () => {
    const response = await t.app.inject({ url: "/api/nothing-here" });
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("answers an unknown API path with 404 in the error model", async () => {
    const response = await t.app.inject({ url: "/api/nothing-here?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: "not_found",
      message: "Nothing found at /api/nothing-here",
    });
  });

  it("answers malformed JSON with 400 and a readable message, never a 500", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: "bad_request",
      message: "The request body is not valid JSON",
    });
  });

  it("does not let a text/plain body reach any handler", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      headers: { "content-type": "text/plain" },
      payload: '{"email":"a@b.co"}',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, code: "unsupported_media_type" });
  });

  it("refuses a JSON body larger than 1 MB with 413", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/user/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "x".repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      code: "payload_too_large",
      message: "The request is too large",
    });
  });

  it("names the real bound of a number far out of range, not JavaScript's largest integer", async () => {
    const response = await t.app.inject({ url: "/api/product/list?limit=100000000000000000000" });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe("limit must be at most 100");
  });

  it("reports health when the database answers", async () => {
    const response = await t.app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: "ok" });
  });
});

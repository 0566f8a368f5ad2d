import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandling } from "./errors";

describe("the error handler", () => {
  it("answers text PostgreSQL cannot store with 400, even when a schema let it through", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get("/wrapped", () => {
      const driverError = Object.assign(new Error("invalid byte sequence for encoding"), {
        code: "22021",
      });
      throw new Error("Failed query: insert into ...", { cause: driverError });
    });
    app.get("/plain", () => {
      throw new Error("boom");
    });
    const wrapped = await app.inject({ url: "/wrapped" });
    expect(wrapped.statusCode).toBe(400);
    expect(wrapped.json()).toEqual({
      success: false,
      code: "validation_failed",
      message: "The text contains characters that are not allowed",
    });
    const plain = await app.inject({ url: "/plain" });
    expect(plain.statusCode).toBe(500);
    expect(plain.body).not.toContain("boom");
    await app.close();
  });
});

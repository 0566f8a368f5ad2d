import Fastify from "fastify";
import { describe, expect, it, vi } from "vitest";
import { AppError } from "./app-error";
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

  it("logs work shed by design as one warning line, and other failures of ours as errors", async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    const warn = vi.fn();
    const error = vi.fn();
    app.addHook("onRequest", (request, _reply, done) => {
      request.log = Object.assign(Object.create(request.log) as typeof request.log, {
        warn,
        error,
      });
      done();
    });
    app.get("/full", () => {
      throw new AppError("unavailable", "Busy right now.", {
        retryAfterSeconds: 30,
        shedding: true,
      });
    });
    app.get("/down", () => {
      throw new AppError("unavailable", "The database is out of reach.", {
        retryAfterSeconds: 5,
      });
    });
    const full = await app.inject({ url: "/full" });
    expect(full.statusCode).toBe(503);
    expect(full.headers["retry-after"]).toBe("30");
    expect(warn).toHaveBeenCalledWith({ code: "unavailable" }, "Busy right now.");
    expect(error).not.toHaveBeenCalled();
    await app.inject({ url: "/down" });
    expect(error).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
    await app.close();
  });
});

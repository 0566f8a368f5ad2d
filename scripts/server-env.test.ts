import { describe, expect, it } from "vitest";
import { serverEnv } from "./server-env.mjs";

describe("serverEnv", () => {
  it("limits glibc's malloc arenas to two, keeping the rest of the environment", () => {
    expect(serverEnv({ PORT: "3000" })).toEqual({ PORT: "3000", MALLOC_ARENA_MAX: "2" });
  });

  it("keeps an operator's own arena limit", () => {
    expect(serverEnv({ MALLOC_ARENA_MAX: "4" }).MALLOC_ARENA_MAX).toBe("4");
  });
});

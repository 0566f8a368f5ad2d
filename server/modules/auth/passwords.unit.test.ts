import { describe, expect, it } from "vitest";
import { AppError } from "../../http/app-error";
import { hashPassword, verifyPassword } from "./passwords";

describe("password hashing", () => {
  it("hashes with argon2id at 19 MiB, 2 iterations, parallelism 1, and verifies", async () => {
    const hash = await hashPassword("correct-horse-battery");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, "correct-horse-battery")).toBe(true);
    expect(await verifyPassword(hash, "wrong")).toBe(false);
    expect(await verifyPassword(undefined, "correct-horse-battery")).toBe(false);
  });

  it("runs a bounded number of hashes: a flood beyond the queue is answered 503 at once", async () => {
    // 2 running + 64 waiting are accepted; the rest are refused without hashing.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 80 }, (_, i) => hashPassword(`password-${i}`)),
    );
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(66);
    expect(refused).toHaveLength(14);
    for (const o of refused) {
      const reason = o.reason as AppError;
      expect(reason).toBeInstanceOf(AppError);
      expect(reason.code).toBe("unavailable");
      expect(reason.extra.retryAfterSeconds).toBe(5);
    }
    // Once the flood has drained, hashing works again.
    await expect(hashPassword("after-the-flood")).resolves.toMatch(/^\$argon2id/);
  }, 60_000);
});

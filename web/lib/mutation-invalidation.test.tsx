import type { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { invalidated, SEEDED, seededClient } from "../test/seeded-queries";
import { ApiError } from "./api-client";
import type { MutationMeta } from "./query-client";
import { productKeys } from "./query-keys";

/** Runs a write that succeeds or fails with `meta`; answers what its own onSuccess/onError saw. */
async function write(client: QueryClient, meta: MutationMeta, fails: boolean) {
  const seenByOwnCallback: string[][] = [];
  const seen = () => seenByOwnCallback.push(invalidated(client));
  await client
    .getMutationCache()
    .build(client, {
      mutationFn: () =>
        fails ? Promise.reject(new ApiError("Refused", 409, "conflict")) : Promise.resolve("ok"),
      onSuccess: seen,
      onError: seen,
      meta: { silent: true, ...meta },
    })
    .execute(undefined)
    .catch(() => undefined);
  return seenByOwnCallback;
}

describe("what a write declares it invalidates (query-client.ts, MutationMeta)", () => {
  const meta: MutationMeta = {
    invalidates: [SEEDED.addresses],
    invalidatesOnError: [SEEDED.myOrders, SEEDED.olderOrders],
    invalidatesWhenSettled: [SEEDED.dashboard],
  };

  it("a success invalidates `invalidates` and `invalidatesWhenSettled`, and nothing else", async () => {
    const { client } = seededClient();
    await write(client, meta, false);
    expect(invalidated(client)).toEqual(["addresses", "dashboard"]);
  });

  it("a failure invalidates `invalidatesOnError` and `invalidatesWhenSettled`, and nothing else", async () => {
    const { client } = seededClient();
    await write(client, meta, true);
    expect(invalidated(client)).toEqual(["myOrders", "olderOrders", "dashboard"]);
  });

  it("a key invalidates every query under it, and only those", async () => {
    const { client } = seededClient();
    await write(client, { invalidates: [productKeys.all] }, false);
    expect(invalidated(client)).toEqual([
      "productList",
      "productPages",
      "sellerProduct",
      "stockHistory",
    ]);
  });

  it("invalidates after the write's own onSuccess or onError, before the write settles", async () => {
    for (const fails of [false, true]) {
      const { client } = seededClient();
      const seenByOwnCallback = await write(client, meta, fails);
      expect(seenByOwnCallback).toEqual([[]]);
      expect(invalidated(client)).toContain("dashboard");
    }
  });

  it("a write that declares nothing invalidates nothing", async () => {
    const { client } = seededClient();
    await write(client, {}, false);
    await write(client, {}, true);
    expect(invalidated(client)).toEqual([]);
  });
});

import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeOrder } from "../../test/order-fixture";
import { mockApi } from "../../test/render";
import { invalidated, seededClient } from "../../test/seeded-queries";
import { useCancelOrder } from "./api";

afterEach(() => vi.unstubAllGlobals());

function cancel() {
  const seeded = seededClient();
  const { result } = renderHook(() => useCancelOrder(), { wrapper: seeded.wrapper });
  return { ...seeded, send: () => result.current.mutateAsync("o1") };
}

describe("a shopper's cancel: its declared invalidations, through the real hook", () => {
  it("cancelled: every product query is read again (the units are back on sale), nothing else", async () => {
    mockApi(() => ({
      body: {
        success: true,
        message: "Order Cancelled",
        order: makeOrder("o1", { status: "Cancelled" }),
      },
    }));
    const { client, send } = cancel();
    await act(send);
    expect(invalidated(client)).toEqual([
      "productList",
      "productPages",
      "sellerProduct",
      "stockHistory",
    ]);
  });

  it("refused: the order lists and the older orders' pages are read again, nothing else", async () => {
    mockApi(() => ({
      status: 409,
      body: { success: false, code: "conflict", message: "Order is already being packed" },
    }));
    const { client, send } = cancel();
    await act(() => send().catch(() => undefined));
    expect(invalidated(client)).toEqual([
      "myOrders",
      "orderDetail",
      "sellerQueue",
      "pickList",
      "olderOrders",
    ]);
  });
});

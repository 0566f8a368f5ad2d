import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeOrder, makeProduct } from "../../test/order-fixture";
import { mockApi } from "../../test/render";
import { invalidated, seededClient } from "../../test/seeded-queries";
import { useMoveOrder } from "./api/order-moves";
import { useAddProduct, useToggleStock } from "./api/product-changes";
import { useSaveShop } from "./api/shop-settings";
import { shopFixture } from "../../test/shop-fixture";

afterEach(() => vi.unstubAllGlobals());

const refused = () =>
  mockApi(() => ({
    status: 409,
    body: { success: false, code: "conflict", message: "Refused" },
  }));

const everyProductQueryAndTheDashboard = [
  "productList",
  "productPages",
  "sellerProduct",
  "stockHistory",
  "dashboard",
];

describe("the seller's writes: their declared invalidations, through the real hooks", () => {
  for (const fails of [false, true])
    it(`a product added (${fails ? "refused" : "saved"}) reads every product query and the dashboard again, nothing else`, async () => {
      if (fails) refused();
      else
        mockApi(() => ({
          body: { success: true, message: "Product Added", product: makeProduct("p9") },
        }));
      const { client, wrapper } = seededClient();
      const { result } = renderHook(() => useAddProduct(), { wrapper });
      await act(() => result.current.mutateAsync(new FormData()).catch(() => undefined));
      expect(invalidated(client)).toEqual(everyProductQueryAndTheDashboard);
    });

  it("the shop's settings saved read the shop, its delivery checks, the cart quotes and the time zone again, nothing else", async () => {
    mockApi(() => ({ body: { success: true, shop: shopFixture() } }));
    const { client, wrapper } = seededClient();
    const { result } = renderHook(() => useSaveShop(), { wrapper });
    await act(() => result.current.mutateAsync({ name: "GreenCart Baner" }));
    expect(invalidated(client)).toEqual(["timeZone", "shop", "deliveryCheck", "quote"]);
  });

  it("a stock switch refused reads every product query and the dashboard again, nothing else", async () => {
    refused();
    const { client, wrapper } = seededClient();
    const { result } = renderHook(() => useToggleStock(), { wrapper });
    await act(() =>
      result.current.mutateAsync({ id: "p1", inStock: false }).catch(() => undefined),
    );
    expect(invalidated(client)).toEqual(everyProductQueryAndTheDashboard);
  });

  it("a refused move reads every order list, every product query and the dashboard again", async () => {
    refused();
    const { client, wrapper } = seededClient();
    const { result } = renderHook(() => useMoveOrder(), { wrapper });
    await act(() =>
      result.current.mutateAsync({ orderId: "o1", status: "Packing" }).catch(() => undefined),
    );
    expect(invalidated(client)).toEqual([
      "productList",
      "productPages",
      "sellerProduct",
      "stockHistory",
      "myOrders",
      "orderDetail",
      "sellerQueue",
      "pickList",
      "dashboard",
    ]);
  });

  it("a move made reads again the order queries that are not lists, and the dashboard", async () => {
    mockApi(() => ({
      body: {
        success: true,
        message: "Order moved to Packing",
        order: makeOrder("o1", { status: "Packing" }),
      },
    }));
    const { client, wrapper } = seededClient();
    const { result } = renderHook(() => useMoveOrder(), { wrapper });
    await act(() => result.current.mutateAsync({ orderId: "o1", status: "Packing" }));
    expect(invalidated(client)).toEqual([
      "myOrders",
      "orderDetail",
      "sellerQueue",
      "pickList",
      "dashboard",
    ]);
  });
});

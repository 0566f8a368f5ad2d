import { describe, expect, it } from "vitest";
import { NO_FEES, priceCart, priceItemsTotal, type FeeRules } from "./pricing";

const rules: FeeRules = {
  deliveryFeePaise: 2500,
  freeAbovePaise: 20000,
  minimumOrderPaise: 5000,
  smallCartFeePaise: 1500,
  smallCartBelowPaise: 10000,
};

describe("the one pricing function", () => {
  it.each([
    // items (₹), delivery, small cart, total, free delivery in, below minimum by
    [49, 25, 15, 89, 151, 1],
    [50, 25, 15, 90, 150, null],
    [99, 25, 15, 139, 101, null],
    [100, 25, 0, 125, 100, null],
    [199, 25, 0, 224, 1, null],
    [200, 0, 0, 200, null, null],
    [201, 0, 0, 201, null, null],
  ])(
    "prices ₹%d of items: delivery ₹%d, small cart ₹%d, total ₹%d",
    (items, delivery, smallCart, total, freeIn, belowBy) => {
      expect(priceItemsTotal(items * 100, rules)).toEqual({
        itemsTotal: items * 100,
        deliveryFee: delivery * 100,
        smallCartFee: smallCart * 100,
        total: total * 100,
        freeDeliveryIn: freeIn === null ? null : freeIn * 100,
        belowMinimumBy: belowBy === null ? null : belowBy * 100,
      });
    },
  );

  it("charges nothing but the items for a shop without fees", () => {
    expect(priceCart([{ unitPricePaise: 3250, quantity: 3 }], NO_FEES)).toEqual({
      itemsTotal: 9750,
      deliveryFee: 0,
      smallCartFee: 0,
      total: 9750,
      freeDeliveryIn: null,
      belowMinimumBy: null,
    });
  });

  it("always adds up, to the paisa, over 10,000 random carts and fee settings", () => {
    let seed = 20261128;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 10_000; i++) {
      const lines = Array.from({ length: 1 + random(8) }, () => ({
        unitPricePaise: 1 + random(200_000),
        quantity: 1 + random(99),
      }));
      const fees: FeeRules = {
        deliveryFeePaise: random(10_000),
        freeAbovePaise: random(3) === 0 ? null : random(5_000_000),
        minimumOrderPaise: random(50_000),
        smallCartFeePaise: random(5_000),
        smallCartBelowPaise: random(50_000),
      };
      const price = priceCart(lines, fees);
      const items = lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
      expect(price.itemsTotal).toBe(items);
      expect(price.total).toBe(price.itemsTotal + price.deliveryFee + price.smallCartFee);
      expect(Number.isInteger(price.total)).toBe(true);
      expect(priceItemsTotal(items, fees)).toEqual(price);
      if (price.freeDeliveryIn !== null)
        expect(priceItemsTotal(items + price.freeDeliveryIn, fees).deliveryFee).toBe(0);
    }
  });
});

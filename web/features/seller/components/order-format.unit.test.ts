import { describe, expect, it } from "vitest";
import { shortRupees } from "./order-format";

describe("shortRupees", () => {
  const whole = new Intl.NumberFormat("en-IN", {
    style: "currency",
    currency: "INR",
    maximumFractionDigits: 0,
  });
  const exact = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });

  it("drops the paise of whole amounts and keeps them otherwise, as Intl writes them", () => {
    for (const amount of [0, 5, 340, 1000, 123456, 98765432])
      expect(shortRupees(amount)).toBe(whole.format(amount));
    for (const amount of [32.5, 0.05, 1234.56, 100000.1])
      expect(shortRupees(amount)).toBe(exact.format(amount));
    expect(shortRupees(340)).toBe("₹340");
    expect(shortRupees(32.5)).toBe("₹32.50");
  });
});

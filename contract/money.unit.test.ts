import { describe, expect, it, vi } from "vitest";
import { formatRupees, formatWholeRupees } from "./money";

const intl = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });

describe("formatRupees", () => {
  it("writes what Intl's en-IN rupee format writes", () => {
    const edges = [
      0,
      1,
      9.99,
      12.5,
      35,
      99.995,
      100,
      999.99,
      999.995,
      1000,
      1234.5,
      99999.99,
      100000,
      123456.78,
      1234567.891,
      99999999.999,
      1e15,
      0.005,
      0.015,
      1.005,
      2.675,
      0.1 + 0.2,
      -5.5,
      -1234567.5,
      1e-7,
    ];
    for (const amount of edges)
      expect(formatRupees(amount), String(amount)).toBe(intl.format(amount));
  });

  it("agrees with Intl on prices and totals built from paise, and on arbitrary amounts", () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 20_000; i++) {
      const paise = Math.floor(random() * 10 ** Math.ceil(random() * 11));
      const amounts = [paise / 100, (paise * 3) / 100 + 0.1, random() * 10 ** (random() * 9)];
      for (const amount of amounts)
        expect(formatRupees(amount), String(amount)).toBe(intl.format(amount));
    }
  });

  it("creates no Intl formatter, not even when its module loads", async () => {
    const created = vi.spyOn(Intl, "NumberFormat");
    vi.resetModules();
    const money = await import("./money");
    expect(money.formatRupees(1234.5)).toBe("₹1,234.50");
    expect(money.formatRupees(-0.5)).toBe("-₹0.50");
    expect(created).not.toHaveBeenCalled();
    created.mockRestore();
  });

  it("writes whole rupees, rounded half away from zero, as Intl would with no fraction digits", () => {
    const intl = new Intl.NumberFormat("en-IN", {
      style: "currency",
      currency: "INR",
      maximumFractionDigits: 0,
      roundingMode: "halfExpand",
    });
    for (const amount of [0, 0.49, 0.5, 2.5, 999.5, 231357.75, 1234567.2, -2.5, -0.4])
      expect(formatWholeRupees(amount), String(amount)).toBe(intl.format(amount));
  });
});

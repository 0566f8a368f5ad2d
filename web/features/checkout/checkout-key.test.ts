import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CHECKOUT_KEY_KEPT_MS,
  checkoutAnswered,
  checkoutKeyFor,
  checkoutUnanswered,
  forgetCheckoutKey,
} from "./checkout-key";

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const cart = JSON.stringify(["cod", "a1", [["p1", 3]]]);

describe("checkoutKeyFor", () => {
  it("sends the same key for the same shopper's same checkout pressed again, and a new one once it was placed", () => {
    const key = checkoutKeyFor("u1", cart, 1_000);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(checkoutKeyFor("u1", cart, 2_000)).toBe(key);
    forgetCheckoutKey(key);
    expect(checkoutKeyFor("u1", cart, 3_000)).not.toBe(key);
  });

  it("starts a new order for another checkout or another shopper on the same browser", () => {
    const key = checkoutKeyFor("u1", cart, 1_000);
    expect(checkoutKeyFor("u1", JSON.stringify(["cod", "a2", [["p1", 3]]]), 2_000)).not.toBe(key);
    const again = checkoutKeyFor("u1", cart, 3_000);
    expect(checkoutKeyFor("u2", cart, 4_000)).not.toBe(again);
  });

  it("counts its 30 minutes from the last press: a retry chain stays one order, a press after a pause is a new one", () => {
    const key = checkoutKeyFor("u1", cart, 0);
    expect(checkoutKeyFor("u1", cart, CHECKOUT_KEY_KEPT_MS - 1)).toBe(key);
    expect(checkoutKeyFor("u1", cart, 2 * CHECKOUT_KEY_KEPT_MS - 2)).toBe(key);
    expect(checkoutKeyFor("u1", cart, 3 * CHECKOUT_KEY_KEPT_MS)).not.toBe(key);
  });

  it("forgets only the key it is told of: a newer checkout's stays", () => {
    const old = checkoutKeyFor("u1", cart, 0);
    const newer = checkoutKeyFor("u1", JSON.stringify(["online", "a1", [["p1", 3]]]), 1);
    forgetCheckoutKey(old);
    expect(checkoutKeyFor("u1", JSON.stringify(["online", "a1", [["p1", 3]]]), 2)).toBe(newer);
  });

  it("knows when the shopper's last press never had an answer (it may have been placed), for 30 minutes", () => {
    expect(checkoutUnanswered("u1", 0)).toBe(false);
    const key = checkoutKeyFor("u1", cart, 0);
    expect(checkoutUnanswered("u1", 1)).toBe(true);
    expect(checkoutUnanswered("u2", 1)).toBe(false);
    expect(checkoutUnanswered("u1", CHECKOUT_KEY_KEPT_MS)).toBe(false);
    // Refused (out of stock, a price changed): the server answered; pressed again, on its way.
    checkoutAnswered(key);
    expect(checkoutUnanswered("u1", 2)).toBe(false);
    expect(checkoutKeyFor("u1", cart, 3)).toBe(key);
    expect(checkoutUnanswered("u1", 4)).toBe(true);
    forgetCheckoutKey(key);
    expect(checkoutUnanswered("u1", 5)).toBe(false);
  });

  it("keeps the key for the page when the browser refuses its storage", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    const key = checkoutKeyFor("u1", cart, 0);
    expect(checkoutKeyFor("u1", cart, 1)).toBe(key);
  });
});

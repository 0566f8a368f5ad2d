import { afterEach, describe, expect, it, vi } from "vitest";
import {
  RETRY_KEY_KEPT_MS,
  forgetRetryKey,
  retryAnswered,
  retryKeyFor,
  retryUnanswered,
} from "./retry-keys";

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const cart = JSON.stringify(["cod", "a1", [["p1", 3]]]);

describe("retryKeyFor", () => {
  it("sends the same key for the same shopper's same checkout pressed again, and a new one once it was placed", () => {
    const key = retryKeyFor("checkout", "u1", cart, 1_000);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(retryKeyFor("checkout", "u1", cart, 2_000)).toBe(key);
    forgetRetryKey("checkout", key);
    expect(retryKeyFor("checkout", "u1", cart, 3_000)).not.toBe(key);
  });

  it("starts a new order for another checkout or another shopper on the same browser", () => {
    const key = retryKeyFor("checkout", "u1", cart, 1_000);
    expect(
      retryKeyFor("checkout", "u1", JSON.stringify(["cod", "a2", [["p1", 3]]]), 2_000),
    ).not.toBe(key);
    const again = retryKeyFor("checkout", "u1", cart, 3_000);
    expect(retryKeyFor("checkout", "u2", cart, 4_000)).not.toBe(again);
  });

  it("counts its 30 minutes from the last press: a retry chain stays one order, a press after a pause is a new one", () => {
    const key = retryKeyFor("checkout", "u1", cart, 0);
    expect(retryKeyFor("checkout", "u1", cart, RETRY_KEY_KEPT_MS - 1)).toBe(key);
    expect(retryKeyFor("checkout", "u1", cart, 2 * RETRY_KEY_KEPT_MS - 2)).toBe(key);
    expect(retryKeyFor("checkout", "u1", cart, 3 * RETRY_KEY_KEPT_MS)).not.toBe(key);
  });

  it("forgets only the key it is told of: a newer checkout's stays", () => {
    const old = retryKeyFor("checkout", "u1", cart, 0);
    const newer = retryKeyFor("checkout", "u1", JSON.stringify(["online", "a1", [["p1", 3]]]), 1);
    forgetRetryKey("checkout", old);
    expect(retryKeyFor("checkout", "u1", JSON.stringify(["online", "a1", [["p1", 3]]]), 2)).toBe(
      newer,
    );
  });

  it("knows when the shopper's last press never had an answer (it may have been placed), for 30 minutes", () => {
    expect(retryUnanswered("checkout", "u1", 0)).toBe(false);
    const key = retryKeyFor("checkout", "u1", cart, 0);
    expect(retryUnanswered("checkout", "u1", 1)).toBe(true);
    expect(retryUnanswered("checkout", "u2", 1)).toBe(false);
    expect(retryUnanswered("checkout", "u1", RETRY_KEY_KEPT_MS)).toBe(false);
    // Refused (out of stock, a price changed): the server answered; pressed again, on its way.
    retryAnswered("checkout", key);
    expect(retryUnanswered("checkout", "u1", 2)).toBe(false);
    expect(retryKeyFor("checkout", "u1", cart, 3)).toBe(key);
    expect(retryUnanswered("checkout", "u1", 4)).toBe(true);
    forgetRetryKey("checkout", key);
    expect(retryUnanswered("checkout", "u1", 5)).toBe(false);
  });

  it("keeps an order's key and an address's apart", () => {
    const order = retryKeyFor("checkout", "u1", cart, 0);
    const address = retryKeyFor("address", "u1", cart, 1);
    expect(address).not.toBe(order);
    expect(retryKeyFor("checkout", "u1", cart, 2)).toBe(order);
    forgetRetryKey("address", order);
    expect(retryKeyFor("address", "u1", cart, 3)).toBe(address);
  });

  it("keeps the key for the page when the browser refuses its storage", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });
    const key = retryKeyFor("checkout", "u1", cart, 0);
    expect(retryKeyFor("checkout", "u1", cart, 1)).toBe(key);
  });
});

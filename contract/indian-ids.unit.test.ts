import { describe, expect, it } from "vitest";
import { FSSAI_PATTERN, isValidGstin, PIN_CODE_PATTERN, UPI_ID_PATTERN } from "./indian-ids";

describe("the shop's registrations", () => {
  it("takes a GSTIN only with its check character", () => {
    expect(isValidGstin("27AAPFU0939F1ZV")).toBe(true);
    expect(isValidGstin("07AAGFF2194N1Z1")).toBe(true);
    // One character off: the check no longer adds up.
    expect(isValidGstin("27AAPFU0939F1ZW")).toBe(false);
    expect(isValidGstin("27AAPFU0939F2ZV")).toBe(false);
    expect(isValidGstin("27aapfu0939f1zv")).toBe(false);
    expect(isValidGstin("27AAPFU0939F1Z")).toBe(false);
  });

  it("knows FSSAI numbers, UPI ids and PIN codes", () => {
    expect(FSSAI_PATTERN.test("11521999000123")).toBe(true);
    expect(FSSAI_PATTERN.test("1152199900012")).toBe(false);
    expect(UPI_ID_PATTERN.test("greencart.pune@okaxis")).toBe(true);
    expect(UPI_ID_PATTERN.test("9876543210@ybl")).toBe(true);
    expect(UPI_ID_PATTERN.test("no-at-sign")).toBe(false);
    expect(UPI_ID_PATTERN.test("a@b")).toBe(false);
    expect(PIN_CODE_PATTERN.test("411001")).toBe(true);
    expect(PIN_CODE_PATTERN.test("011001")).toBe(false);
    expect(PIN_CODE_PATTERN.test("41100")).toBe(false);
  });
});

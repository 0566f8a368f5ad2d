import { describe, expect, it } from "vitest";
import { believableForwardedFor } from "./forwarded-for";

describe("X-Forwarded-For as far as it can be believed", () => {
  it("keeps a chain of addresses whole", () => {
    expect(believableForwardedFor("198.51.100.7, 10.0.0.2")).toBe("198.51.100.7, 10.0.0.2");
    expect(believableForwardedFor("2001:db8::1")).toBe("2001:db8::1");
  });

  it("drops what a client wrote that is not an address, and everything before it", () => {
    expect(believableForwardedFor("not-an-ip")).toBeUndefined();
    expect(believableForwardedFor("1.2.3.4, junk, 198.51.100.7")).toBe("198.51.100.7");
    expect(believableForwardedFor("198.51.100.7, ")).toBeUndefined();
    expect(believableForwardedFor("999.1.1.1")).toBeUndefined();
    expect(believableForwardedFor("198.51.100.7:443")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { networkOf } from "./rate-limit";

describe("networkOf (what the login and sign-up limits count an address as)", () => {
  it("keeps an IPv4 address, also when written as IPv6", () => {
    expect(networkOf("203.0.113.9")).toBe("203.0.113.9");
    expect(networkOf("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(networkOf("::FFFF:198.51.100.7")).toBe("198.51.100.7");
  });

  it("counts an IPv6 address as its /64, however it is written", () => {
    expect(networkOf("2001:db8:7:1::1")).toBe("2001:db8:7:1::/64");
    expect(networkOf("2001:0db8:0007:0001:ffff:0:0:9")).toBe("2001:db8:7:1::/64");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
    expect(networkOf("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(networkOf("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });

  it("leaves anything else as it came", () => {
    expect(networkOf("unknown")).toBe("unknown");
  });
});

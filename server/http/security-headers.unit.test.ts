import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./security-headers";

const directive = (policy: string, name: string) =>
  policy.split("; ").find((d) => d.startsWith(`${name} `));

describe("the pages' content security policy", () => {
  it("lets pictures come from MEDIA_URL's origin and payment forms return to allowed storefronts", () => {
    const policy = contentSecurityPolicy("https://cdn.example/media-root", [
      "https://shop.partner.example",
    ]);
    expect(directive(policy, "img-src")).toBe("img-src 'self' data: blob: https://cdn.example");
    expect(directive(policy, "form-action")).toBe(
      "form-action 'self' https://shop.partner.example",
    );
    expect(directive(policy, "script-src")).toBe("script-src 'self'");
  });

  it("allows nothing else when there is no other origin", () => {
    const policy = contentSecurityPolicy("http://localhost:3000", []);
    expect(directive(policy, "form-action")).toBe("form-action 'self'");
    expect(directive(policy, "img-src")).toBe("img-src 'self' data: blob: http://localhost:3000");
  });
});

import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderApp } from "../test/render";
import { shopAnswer, shopFixture } from "../test/shop-fixture";
import { Footer } from "./footer";

afterEach(() => vi.unstubAllGlobals());

describe("footer", () => {
  it("gives the shop's phone as a call link and a WhatsApp chat", async () => {
    mockApi((url) => shopAnswer(url, shopFixture({ phone: "+919822000123" })));
    renderApp(<Footer />);
    expect(await screen.findByRole("link", { name: /Call GreenCart/ })).toHaveAttribute(
      "href",
      "tel:+919822000123",
    );
    expect(screen.getByRole("link", { name: "WhatsApp the shop" })).toHaveAttribute(
      "href",
      "https://wa.me/919822000123",
    );
  });
});

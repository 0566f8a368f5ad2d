import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeTime } from "../../../test/fake-time";
import { mockApi, renderApp } from "../../../test/render";
import { shopAnswer, shopFixture } from "../../../test/shop-fixture";
import { DeliverTo, PIN_KEY } from "./deliver-to";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The server's answer for the demo's fees: ₹25, free from ₹199; 411001 served, others not. */
function api(shop = shopFixture()) {
  return mockApi((url) => {
    const known = shopAnswer(url, shop);
    if (known) return known;
    const pin = /^\/api\/delivery\/check\?pin=(\d+)$/.exec(url)?.[1];
    if (!pin) return undefined;
    const served = pin === "411001";
    return {
      body: {
        success: true,
        serviceable: served,
        distanceKm: null,
        reason: served ? null : `Sorry, we don't deliver to ${pin} yet.`,
        deliveryFee: 25,
        freeAbove: 199,
        minimumOrder: 0,
      },
    };
  });
}

describe("Deliver to: the shopper's PIN check", () => {
  it("says whether the shop delivers to a PIN and what it costs, and remembers the PIN", async () => {
    api();
    renderApp(<DeliverTo />);
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText("Deliver to"), "411001");
    await ui.click(screen.getByRole("button", { name: "Check" }));
    expect(
      await screen.findByText("We deliver to 411001: ₹25.00 delivery, free above ₹199.00"),
    ).toBeInTheDocument();
    expect(localStorage.getItem(PIN_KEY)).toBe("411001");

    await ui.clear(screen.getByLabelText("Deliver to"));
    await ui.type(screen.getByLabelText("Deliver to"), "400001");
    await ui.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText("Sorry, we don't deliver to 400001 yet.")).toBeInTheDocument();
  });

  it("checks the remembered PIN again on load", async () => {
    localStorage.setItem(PIN_KEY, "400001");
    const calls = api();
    renderApp(<DeliverTo />);
    expect(screen.getByLabelText("Deliver to")).toHaveValue("400001");
    expect(await screen.findByText("Sorry, we don't deliver to 400001 yet.")).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith("/api/delivery/check"))).toHaveLength(1);
  });

  it("asks for 6 digits before asking the server", async () => {
    const calls = api();
    renderApp(<DeliverTo />);
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText("Deliver to"), "41100");
    await ui.click(screen.getByRole("button", { name: "Check" }));
    expect(screen.getByLabelText("Deliver to")).toHaveAccessibleDescription(
      "Enter a 6-digit PIN code, like 411001.",
    );
    expect(calls.some((c) => c.url.startsWith("/api/delivery/check"))).toBe(false);
  });

  it("says when a closed shop opens", async () => {
    installFakeTime();
    vi.setSystemTime(new Date(2026, 10, 23, 6, 30));
    api(shopFixture({ openNow: false, opensAt: new Date(2026, 10, 23, 7, 0).toISOString() }));
    renderApp(<DeliverTo />);
    await waitFor(() =>
      expect(
        screen.getByText(
          "We're closed now. Opens at 7:00 AM; orders placed now are delivered from then.",
        ),
      ).toBeInTheDocument(),
    );
  });
});

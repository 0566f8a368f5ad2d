import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ShopUpdate } from "../../../../contract/shop";
import { mockApi, renderApp } from "../../../test/render";
import { shopAnswer, shopFixture } from "../../../test/shop-fixture";
import { ShopSettingsPage } from "./shop-settings-page";

afterEach(() => vi.unstubAllGlobals());

const render = () => renderApp(<ShopSettingsPage />, { path: "/seller/shop" });

/** An API holding `shop` that saves what it is sent (or refuses with `refusal`). */
function shopApi(refusal?: string) {
  let shop = shopFixture();
  return mockApi((url, init) => {
    if (url === "/api/seller/shop") {
      if (refusal)
        return {
          status: 400,
          body: { success: false, code: "validation_failed", message: refusal },
        };
      const update = JSON.parse(init!.body as string) as Partial<typeof shop>;
      shop = { ...shop, ...update, delivery: { ...shop.delivery, ...update.delivery } };
      return { body: { success: true, shop } };
    }
    return shopAnswer(url, shop);
  });
}

const sent = (calls: ReturnType<typeof mockApi>): ShopUpdate[] =>
  calls
    .filter((c) => c.url === "/api/seller/shop")
    .map((c) => JSON.parse(c.init!.body as string) as ShopUpdate);

describe("seller: shop settings", () => {
  it("shows the shop as saved and sends the area and fees the seller sets", async () => {
    const calls = shopApi();
    render();
    const ui = userEvent.setup();
    expect(await screen.findByLabelText("Shop name")).toHaveValue("GreenCart Shivajinagar");
    expect(screen.getByLabelText("PIN codes")).toHaveValue("411001, 411005");
    await ui.clear(screen.getByLabelText("Radius (km)"));
    await ui.type(screen.getByLabelText("Radius (km)"), "3");
    await ui.clear(screen.getByLabelText("Delivery fee (₹)"));
    await ui.type(screen.getByLabelText("Delivery fee (₹)"), "30");
    await ui.type(screen.getByLabelText("Minimum order (₹)"), "0");
    await ui.click(screen.getByRole("button", { name: "Add time on Monday" }));
    await ui.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Shop settings saved")).toBeInTheDocument();
    const [update] = sent(calls);
    expect(update!.delivery).toEqual({
      pinCodes: ["411001", "411005"],
      radiusKm: 3,
      deliveryFee: 30,
      freeAbove: 199,
      minimumOrder: 0,
      smallCartFee: 0,
      smallCartBelow: 0,
    });
    expect(update!.openHours).toEqual([{ day: 1, open: "07:00", close: "22:00" }]);
    expect(update!.gstin).toBe("27AAGCG1234K1ZN");
  });

  it("says each mistake under its field with the contract's rules, focuses the first, sends nothing", async () => {
    const calls = shopApi();
    render();
    const ui = userEvent.setup();
    const gstin = await screen.findByLabelText("GSTIN");
    await ui.clear(gstin);
    await ui.type(gstin, "27AAGCG1234K1ZA");
    await ui.clear(screen.getByLabelText("PIN codes"));
    await ui.type(screen.getByLabelText("PIN codes"), "41100");
    await ui.clear(screen.getByLabelText("Radius (km)"));
    await ui.type(screen.getByLabelText("Radius (km)"), "0");
    await ui.clear(screen.getByLabelText("Delivery fee (₹)"));
    await ui.type(screen.getByLabelText("Delivery fee (₹)"), "-5");
    await ui.click(screen.getByRole("button", { name: "Save" }));

    expect(gstin).toHaveAccessibleDescription(/must be a valid GSTIN/i);
    expect(gstin).toHaveFocus();
    expect(screen.getByLabelText("PIN codes")).toHaveAccessibleDescription(
      /6-digit PIN code that does not start with 0/,
    );
    expect(screen.getByLabelText("Radius (km)")).toHaveAccessibleDescription(
      /Must be at least 0.5/,
    );
    expect(screen.getByLabelText("Delivery fee (₹)")).toHaveAccessibleDescription(
      "Must be at least 0",
    );
    expect(sent(calls)).toEqual([]);

    // Mended, its message goes.
    await ui.clear(gstin);
    expect(gstin).not.toHaveAccessibleDescription(/GSTIN/);
  });

  it("shows a refusal of the server under the field it names", async () => {
    shopApi("delivery.smallCartBelow must be at most 100000");
    render();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Save" }));
    const field = screen.getByLabelText("Small cart below (₹)");
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Must be at most 100000/));
    expect(field).toHaveFocus();
    expect(screen.queryByText("Shop settings saved")).not.toBeInTheDocument();
  });

  it("fills the location from the browser, and says so when it is refused", async () => {
    shopApi();
    const getCurrentPosition = vi.fn(
      (found: PositionCallback, _failed?: PositionErrorCallback | null) =>
        found({ coords: { latitude: 18.52041234, longitude: 73.8567 } } as GeolocationPosition),
    );
    vi.stubGlobal("navigator", { ...navigator, geolocation: { getCurrentPosition } });
    render();
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Use my location" }));
    expect(screen.getByLabelText("Latitude")).toHaveValue("18.520412");
    expect(screen.getByLabelText("Longitude")).toHaveValue("73.8567");

    getCurrentPosition.mockImplementation((_found, failed) =>
      failed!({ code: 1 } as GeolocationPositionError),
    );
    await ui.click(screen.getByRole("button", { name: "Use my location" }));
    expect(screen.getByRole("alert")).toHaveTextContent(/Location was not shared/);
  });
});

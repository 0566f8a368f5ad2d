import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AddressInput } from "../../../../contract/address";
import { mockApi, renderApp } from "../../../test/render";
import { AddAddressPage } from "./add-address-page";

afterEach(() => vi.unstubAllGlobals());

const shopper = { _id: "u1", name: "Asha", email: "asha@example.com", cartItems: {} };

function server() {
  return mockApi((url, init) => {
    if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
    if (url === "/api/address/add") {
      const { address } = JSON.parse(init!.body as string) as { address: AddressInput };
      return {
        status: 201,
        body: { success: true, message: "Address Added", address: { _id: "a1", ...address } },
      };
    }
    return undefined;
  });
}

/** The browser's geolocation: finds the place, or refuses with `code` (1: not allowed). */
function geolocation(answer: { lat: number; lng: number } | { code: number }) {
  const getCurrentPosition = (found: PositionCallback, failed?: PositionErrorCallback | null) =>
    "code" in answer
      ? failed!({ code: answer.code } as GeolocationPositionError)
      : found({ coords: { latitude: answer.lat, longitude: answer.lng } } as GeolocationPosition);
  vi.stubGlobal("navigator", { ...navigator, geolocation: { getCurrentPosition } });
}

async function typeAddress(ui: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of [
    ["First Name", "Asha"],
    ["Last Name", "Rao"],
    ["Street", "12 FC Road"],
    ["City", "Pune"],
    ["State", "Maharashtra"],
    ["Zip code", "411005"],
    ["Phone", "98450 12345"],
  ] as const) {
    const field = await screen.findByLabelText(label);
    await ui.clear(field);
    await ui.type(field, value);
  }
}

describe("address form: optional location", () => {
  it("'Use my location' fills it from the browser and the address is saved with it", async () => {
    geolocation({ lat: 18.5308123456, lng: 73.8475 });
    const calls = server();
    renderApp(<AddAddressPage />, { path: "/add-address", routes: { "/cart": <p>cart page</p> } });
    const ui = userEvent.setup();
    await typeAddress(ui);
    await ui.click(screen.getByRole("button", { name: "Use my location" }));
    expect(screen.getByTestId("address-location")).toHaveTextContent("18.530812, 73.8475");
    await ui.click(screen.getByRole("button", { name: "Save address" }));
    await screen.findByText("cart page");
    const sent = JSON.parse(calls.find((c) => c.url === "/api/address/add")!.init!.body as string);
    expect((sent as { address: AddressInput }).address.location).toEqual({
      lat: 18.530812,
      lng: 73.8475,
    });
  });

  it("says plainly when the browser refuses, and saves the address without one", async () => {
    geolocation({ code: 1 });
    const calls = server();
    renderApp(<AddAddressPage />, { path: "/add-address", routes: { "/cart": <p>cart page</p> } });
    const ui = userEvent.setup();
    await typeAddress(ui);
    await ui.click(screen.getByRole("button", { name: "Use my location" }));
    expect(screen.getByRole("alert")).toHaveTextContent(/Location was not shared/);
    await ui.click(screen.getByRole("button", { name: "Save address" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/address/add")).toBe(true));
    const sent = JSON.parse(calls.find((c) => c.url === "/api/address/add")!.init!.body as string);
    expect((sent as { address: AddressInput }).address.location).toBeNull();
  });
});

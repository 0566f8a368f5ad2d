import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderApp } from "../../../test/render";
import { readCheckoutChoices } from "../checkout-choices";
import { AddAddressPage } from "./add-address-page";

afterEach(() => vi.unstubAllGlobals());

const shopper = { _id: "u1", name: "Asha", email: "asha@example.com", cartItems: {} };
const saved = {
  _id: "a1",
  firstName: "Asha",
  lastName: "Rao",
  email: "asha@example.com",
  street: "12 MG Road",
  city: "Bengaluru",
  state: "Karnataka",
  zipcode: "560001",
  country: "India",
  phone: "+919845012345",
};

function server() {
  return mockApi((url) => {
    if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
    if (url === "/api/address/get") return { body: { success: true, addresses: [saved] } };
    if (url === "/api/address/add" || url === "/api/address/update")
      return { body: { success: true, message: "Address Saved", address: saved } };
    return undefined;
  });
}

const routes = { "/cart": <p>cart page</p> };

/** Types the address `saved` into the form, its phone written as `phone`. */
async function typeAddress(ui: ReturnType<typeof userEvent.setup>, phone: string) {
  const fill: [string, string][] = [
    ["First Name", "Asha"],
    ["Last Name", "Rao"],
    ["Email address", "asha@example.com"],
    ["Street", "12 MG Road"],
    ["City", "Bengaluru"],
    ["State", "Karnataka"],
    ["Zip code", "560001"],
    ["Country", "India"],
    ["Phone", phone],
  ];
  // Over what the form starts with (the account's email, India): typed as a shopper would.
  for (const [label, value] of fill) {
    const field = await screen.findByLabelText(label);
    await ui.clear(field);
    await ui.type(field, value);
  }
}

/** A server that saves every add but loses the answer to the first `lost` (the connection drops). */
function losingAnswers(lost: number) {
  return mockApi((url) => {
    if (url === "/api/user/is-auth") return { body: { success: true, user: shopper } };
    if (url === "/api/address/add") {
      if (lost-- > 0) throw new TypeError("Failed to fetch");
      return { status: 201, body: { success: true, message: "Address Added", address: saved } };
    }
    return undefined;
  });
}

describe("address form", () => {
  it("shows each rule before typing and each problem next to its field, in plain words", async () => {
    const calls = server();
    renderApp(<AddAddressPage />, { path: "/add-address", routes });
    expect(await screen.findByText(/10 digits, like 98450 12345/)).toBeInTheDocument();
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText("Zip code"), "56O0O1abc");
    // Letters never get into a pincode.
    expect(screen.getByLabelText("Zip code")).toHaveValue("5601");
    // Typing stops at what the server takes, rather than failing at Save.
    await ui.type(screen.getByLabelText("Zip code"), "123456789");
    expect(screen.getByLabelText("Zip code")).toHaveValue("5601123456");
    expect(screen.getByLabelText("Street")).toHaveAttribute("maxLength", "200");
    await ui.clear(screen.getByLabelText("Zip code"));
    await ui.type(screen.getByLabelText("Zip code"), "5601");
    await ui.type(screen.getByLabelText("Phone"), "12345");
    await ui.click(screen.getByRole("button", { name: "Save address" }));
    expect(screen.getByLabelText("First Name")).toHaveAccessibleDescription("Please fill this in");
    expect(screen.getByLabelText("First Name")).toHaveFocus();
    expect(screen.getByLabelText("Phone")).toHaveAccessibleDescription(
      /^Please enter a phone number: 10 digits/,
    );
    expect(screen.getByLabelText("Phone")).toHaveAttribute("aria-invalid", "true");
    expect(calls.some((c) => c.url === "/api/address/add")).toBe(false);
  });

  it("takes a phone number written with spaces and +91, and the cart then delivers to the address added", async () => {
    const calls = server();
    renderApp(<AddAddressPage />, { path: "/add-address", routes });
    const ui = userEvent.setup();
    await typeAddress(ui, "+91 98450 12345");
    await ui.click(screen.getByRole("button", { name: "Save address" }));
    expect(await screen.findByText("cart page")).toBeInTheDocument();
    const body = JSON.parse(
      calls.find((c) => c.url === "/api/address/add")!.init!.body as string,
    ) as {
      address: { phone: string };
    };
    expect(body.address.phone).toBe("+91 98450 12345");
    // Chosen for the checkout (the cart page reads it: cart-page.test.tsx).
    expect(readCheckoutChoices().address).toBe("a1");
  });

  it("sends the same Idempotency-Key when Save is pressed again after a lost answer, and a new one for another address", async () => {
    const calls = losingAnswers(2);
    renderApp(<AddAddressPage />, { path: "/add-address", routes });
    const ui = userEvent.setup();
    await typeAddress(ui, "98450 12345");
    const save = screen.getByRole("button", { name: "Save address" });
    const adds = () => calls.filter((c) => c.url === "/api/address/add");
    const keyOf = (i: number) => new Headers(adds()[i]!.init?.headers).get("idempotency-key");

    await ui.click(save);
    expect(
      await screen.findByText("Could not reach the store. Check your connection and try again."),
    ).toBeInTheDocument();
    // The same address, the phone written another way: stored the same, so the same add.
    await ui.clear(screen.getByLabelText("Phone"));
    await ui.type(screen.getByLabelText("Phone"), "+91 98450 12345 ");
    await waitFor(() => expect(screen.getByRole("button", { name: "Save address" })).toBeEnabled());
    await ui.click(screen.getByRole("button", { name: "Save address" }));
    await waitFor(() => expect(adds()).toHaveLength(2));
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(1)).toBe(keyOf(0));

    // Another street is another address: a new key.
    await waitFor(() => expect(screen.getByRole("button", { name: "Save address" })).toBeEnabled());
    await ui.type(screen.getByLabelText("Street"), ", Flat 4");
    await ui.click(screen.getByRole("button", { name: "Save address" }));
    expect(await screen.findByText("cart page")).toBeInTheDocument();
    expect(adds()).toHaveLength(3);
    expect(keyOf(2)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(2)).not.toBe(keyOf(0));
    expect(JSON.parse(adds()[2]!.init!.body as string)).toMatchObject({
      address: { street: "12 MG Road, Flat 4" },
    });
  });

  it("sends the same key when the shopper left the page after a lost answer and typed the address again, and a new one once it was saved", async () => {
    const calls = losingAnswers(1);
    const ui = userEvent.setup();
    const typeAndSave = async () => {
      const page = renderApp(<AddAddressPage />, { path: "/add-address", routes });
      await typeAddress(ui, "98450 12345");
      await waitFor(() =>
        expect(screen.getByRole("button", { name: "Save address" })).toBeEnabled(),
      );
      await ui.click(screen.getByRole("button", { name: "Save address" }));
      return page;
    };
    const keys = () =>
      calls
        .filter((c) => c.url === "/api/address/add")
        .map((c) => new Headers(c.init?.headers).get("idempotency-key"));

    (await typeAndSave()).unmount();
    await waitFor(() => expect(keys()).toHaveLength(1));
    const again = await typeAndSave();
    expect(await screen.findByText("cart page")).toBeInTheDocument();
    expect(keys()[1]).toBe(keys()[0]);
    again.unmount();
    await typeAndSave();
    await waitFor(() => expect(keys()).toHaveLength(3));
    expect(keys()[2]).not.toBe(keys()[0]);
  });

  it("changes a saved address when opened with its id", async () => {
    const calls = server();
    renderApp(<AddAddressPage />, { path: "/add-address?id=a1", pattern: "/add-address", routes });
    await waitFor(() => expect(screen.getByLabelText("Street")).toHaveValue("12 MG Road"));
    expect(screen.getByRole("heading", { name: /Change Shipping Address/ })).toBeInTheDocument();
    const ui = userEvent.setup();
    await ui.clear(screen.getByLabelText("Street"));
    await ui.type(screen.getByLabelText("Street"), "14 MG Road");
    await ui.click(screen.getByRole("button", { name: "Save address" }));
    expect(await screen.findByText("cart page")).toBeInTheDocument();
    const body = JSON.parse(
      calls.find((c) => c.url === "/api/address/update")!.init!.body as string,
    );
    expect(body).toMatchObject({ id: "a1", address: { street: "14 MG Road" } });
  });
});

describe("a new address", () => {
  it("starts with the account's email and India, and shows an example in every field", async () => {
    server();
    renderApp(<AddAddressPage />, { path: "/add-address", routes });
    await waitFor(() =>
      expect(screen.getByLabelText("Email address")).toHaveValue("asha@example.com"),
    );
    expect(screen.getByLabelText("Country")).toHaveValue("India");
    expect(screen.getByLabelText("First Name")).toHaveValue("");
    const examples = Object.fromEntries(
      screen
        .getAllByRole("textbox")
        .map((field) => [field.getAttribute("name"), field.getAttribute("placeholder")]),
    );
    expect(examples).toEqual({
      firstName: "Asha",
      lastName: "Rao",
      email: "asha@example.com",
      street: "12 MG Road",
      city: "Bengaluru",
      state: "Karnataka",
      zipcode: "560001",
      country: "India",
      phone: "98450 12345",
    });
  });
});

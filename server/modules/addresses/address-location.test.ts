import { describe, expect, it } from "vitest";
import type { Address } from "../../../contract/address";
import { createShopper } from "../../test/sessions";
import { addressInput, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

const t = useTestApp();

const list = async (cookies: Record<string, string>) => {
  const response = await t.app.inject({ method: "GET", url: "/api/address/get", cookies });
  return response.json<{ addresses: Address[] }>().addresses;
};

describe("an address's optional location (the shopper's 'use my location')", () => {
  it("is kept, answered, kept by an update that leaves it out, and cleared by null", async () => {
    const shopper = await createShopper(t.database.db);
    const added = await post(
      t.app,
      "/api/address/add",
      { address: { ...addressInput(), location: { lat: 18.5204, lng: 73.8567 } } },
      shopper.cookies,
    );
    expect(added.statusCode).toBe(201);
    const { address } = added.json<{ address: Address }>();
    expect(address.location).toEqual({ lat: 18.5204, lng: 73.8567 });

    const kept = await post(
      t.app,
      "/api/address/update",
      { id: address._id, address: addressInput({ street: "14 FC Road" }) },
      shopper.cookies,
    );
    expect(kept.statusCode).toBe(200);
    expect((await list(shopper.cookies))[0]).toMatchObject({
      street: "14 FC Road",
      location: { lat: 18.5204, lng: 73.8567 },
    });

    await post(
      t.app,
      "/api/address/update",
      { id: address._id, address: { ...addressInput(), location: null } },
      shopper.cookies,
    );
    expect((await list(shopper.cookies))[0]!.location).toBeNull();
  });

  it("refuses latitude 91, naming the field, and saves nothing", async () => {
    const shopper = await createShopper(t.database.db);
    const refused = await post(
      t.app,
      "/api/address/add",
      { address: { ...addressInput(), location: { lat: 91, lng: 73.8567 } } },
      shopper.cookies,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: "location.lat must be at most 90" });
    expect(await list(shopper.cookies)).toEqual([]);
  });
});

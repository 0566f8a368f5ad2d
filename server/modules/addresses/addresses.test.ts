import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { normalisePhone } from "../../../contract/address";
import type { Order } from "../../../contract/order";
import { addresses } from "../../db/schema";
import { insertProduct } from "../../test/factories";
import { createShopper } from "../../test/sessions";
import { addressInput, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

const t = useTestApp();

async function addAddress(cookies: Record<string, string>, overrides: Record<string, string> = {}) {
  const response = await post(
    t.app,
    "/api/address/add",
    { address: addressInput(overrides) },
    cookies,
  );
  expect(response.statusCode).toBe(201);
  return response.json<{ address: { _id: string; phone: string } }>().address;
}

describe("phone numbers", () => {
  it.each([
    ["98450 12345", "+919845012345"],
    ["98450-12345", "+919845012345"],
    ["+91 98450 12345", "+919845012345"],
    ["+91-98450-12345", "+919845012345"],
    ["(+91) 98450 12345", "+919845012345"],
    ["091 9845012345", undefined],
    ["09845012345", "+919845012345"],
    ["919845012345", "+919845012345"],
    ["(080) 2345 6789", "+918023456789"],
    ["+44 20 7946 0958", "+442079460958"],
    ["2345 6789", "23456789"],
    ["12345", undefined],
    ["98450 1234a", undefined],
    ["+91 98450", undefined],
  ])("%s is stored as %s", (typed, stored) => {
    expect(normalisePhone(typed)).toBe(stored);
  });

  it("are accepted the Indian way and stored normalised; a wrong one is explained in plain words", async () => {
    const shopper = await createShopper(t.database.db);
    expect((await addAddress(shopper.cookies, { phone: "98450 12345" })).phone).toBe(
      "+919845012345",
    );
    const refused = await post(
      t.app,
      "/api/address/add",
      { address: addressInput({ phone: "98450" }) },
      shopper.cookies,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: "validation_failed",
      message:
        "phone must be a phone number: 10 digits, like 98450 12345 (spaces, dashes and +91 are fine)",
    });
  });
});

describe("POST /api/address/update and /api/address/delete", () => {
  it("change and delete the shopper's own addresses; past orders keep the address they were placed with", async () => {
    const shopper = await createShopper(t.database.db);
    const address = await addAddress(shopper.cookies, { street: "12 MG Road" });
    const product = await insertProduct(t.database.db, { stock: 5 });
    const placed = await post(
      t.app,
      "/api/order/cod",
      { items: [{ product: product.id, quantity: 1 }], address: address._id },
      shopper.cookies,
    );
    expect(placed.statusCode).toBe(201);

    const updated = await post(
      t.app,
      "/api/address/update",
      {
        id: address._id,
        address: addressInput({ street: "7 Brigade Road", phone: "+91 90000 11111" }),
      },
      shopper.cookies,
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      success: true,
      message: "Address Updated",
      address: { _id: address._id, street: "7 Brigade Road", phone: "+919000011111" },
    });
    const listed = (
      await t.app.inject({ url: "/api/address/get", cookies: shopper.cookies })
    ).json<{ addresses: { street: string }[] }>();
    expect(listed.addresses.map((a) => a.street)).toEqual(["7 Brigade Road"]);

    const deleted = await post(t.app, "/api/address/delete", { id: address._id }, shopper.cookies);
    expect(deleted.json()).toEqual({ success: true, message: "Address Deleted" });
    expect(
      await t.database.db.select().from(addresses).where(eq(addresses.id, address._id)),
    ).toEqual([]);

    const [order] = (
      await t.app.inject({ url: "/api/order/user", cookies: shopper.cookies })
    ).json<{ orders: Order[] }>().orders;
    expect(order!.address).toMatchObject({ _id: address._id, street: "12 MG Road" });
  });

  it("answer 404 for someone else's address or none, and 401 without a session", async () => {
    const owner = await createShopper(t.database.db);
    const other = await createShopper(t.database.db);
    const address = await addAddress(owner.cookies);
    for (const id of [address._id, "00000000-0000-0000-0000-000000000000", "nope"]) {
      const update = await post(
        t.app,
        "/api/address/update",
        { id, address: addressInput() },
        other.cookies,
      );
      expect(update.statusCode).toBe(404);
      expect(update.json()).toMatchObject({ code: "not_found" });
      expect((await post(t.app, "/api/address/delete", { id }, other.cookies)).statusCode).toBe(
        404,
      );
    }
    expect((await post(t.app, "/api/address/delete", { id: address._id }, {})).statusCode).toBe(
      401,
    );
    const still = (await t.app.inject({ url: "/api/address/get", cookies: owner.cookies })).json<{
      addresses: unknown[];
    }>();
    expect(still.addresses).toHaveLength(1);
  });
});

describe("POST /api/address/add", () => {
  it("stops at 50 a shopper, even when many are added at once", async () => {
    const shopper = await createShopper(t.database.db);
    await t.database.db
      .insert(addresses)
      .values(Array.from({ length: 47 }, () => ({ ...addressInput(), userId: shopper.user.id })));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(
          t.app,
          "/api/address/add",
          { address: addressInput({ street: `${i} Burst Lane` }) },
          shopper.cookies,
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(7);
    expect(refused[0]!.json()).toMatchObject({ message: "You can save at most 50 addresses." });
    const saved = await t.database.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, shopper.user.id));
    expect(saved).toHaveLength(50);
  });
});

describe("POST /api/address/add with an Idempotency-Key", () => {
  const add = (
    cookies: Record<string, string>,
    key: string,
    overrides: Record<string, string> = {},
  ) =>
    post(t.app, "/api/address/add", { address: addressInput(overrides) }, cookies, {
      "idempotency-key": key,
    });
  const savedOf = (userId: string) =>
    t.database.db.select().from(addresses).where(eq(addresses.userId, userId));

  it("answers a retry of the same add (its answer lost) with the same address and saves one", async () => {
    const shopper = await createShopper(t.database.db);
    const first = await add(shopper.cookies, "address-form-1", { phone: "+919845012345" });
    expect(first.statusCode).toBe(201);
    // The retry typed the phone another way: stored the same, so the same add.
    const retry = await add(shopper.cookies, "address-form-1", { phone: "98450 12345" });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ success: true, message: "Address Added" });
    expect(await savedOf(shopper.user.id)).toHaveLength(1);

    // Without a key every add is a new address, as before; an empty key is refused.
    await addAddress(shopper.cookies);
    await addAddress(shopper.cookies);
    expect(await savedOf(shopper.user.id)).toHaveLength(3);
    const empty = await add(shopper.cookies, "");
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: "validation_failed" });
    expect(await savedOf(shopper.user.id)).toHaveLength(3);
  });

  it("refuses the same key with another address (422 idempotency_key_reused), saving nothing", async () => {
    const shopper = await createShopper(t.database.db);
    const first = await add(shopper.cookies, "address-form-2", { street: "12 MG Road" });
    expect(first.statusCode).toBe(201);
    const other = await add(shopper.cookies, "address-form-2", { street: "7 Brigade Road" });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      success: false,
      code: "idempotency_key_reused",
      message: "This Idempotency-Key was already used for a different address.",
    });
    const saved = await savedOf(shopper.user.id);
    expect(saved.map((a) => a.street)).toEqual(["12 MG Road"]);
  });

  it("makes one address of twins sent at once, with one answer", async () => {
    const shopper = await createShopper(t.database.db);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => add(shopper.cookies, "address-twins")),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await savedOf(shopper.user.id)).toHaveLength(1);
  });

  it("keeps each shopper's keys apart", async () => {
    const asha = await createShopper(t.database.db);
    const ravi = await createShopper(t.database.db);
    const ashas = await add(asha.cookies, "same-key", { street: "12 MG Road" });
    const ravis = await add(ravi.cookies, "same-key", { street: "7 Brigade Road" });
    expect([ashas.statusCode, ravis.statusCode]).toEqual([201, 201]);
    expect(ravis.json<{ address: { _id: string } }>().address._id).not.toBe(
      ashas.json<{ address: { _id: string } }>().address._id,
    );
    expect((await savedOf(asha.user.id)).map((a) => a.street)).toEqual(["12 MG Road"]);
    expect((await savedOf(ravi.user.id)).map((a) => a.street)).toEqual(["7 Brigade Road"]);
  });

  it("answers a retry with the address it saved even once the shopper has 50", async () => {
    const shopper = await createShopper(t.database.db);
    const first = await add(shopper.cookies, "the-fiftieth");
    await t.database.db
      .insert(addresses)
      .values(Array.from({ length: 49 }, () => ({ ...addressInput(), userId: shopper.user.id })));
    const retry = await add(shopper.cookies, "the-fiftieth");
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect((await add(shopper.cookies, "a-new-one")).statusCode).toBe(409);
    expect(await savedOf(shopper.user.id)).toHaveLength(50);
  });
});

import { describe, expect, it } from "vitest";
import type { QuoteResponse, ShopResponse } from "../../../contract/shop";
import { insertProduct } from "../../test/factories";
import { createSeller, createShopper } from "../../test/sessions";
import { insertAddress, post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

const t = useTestApp();

const puneShop = {
  name: "GreenCart Shivajinagar",
  phone: "98450 12345",
  address: "12 FC Road, Shivajinagar, Pune 411005",
  location: { lat: 18.5308, lng: 73.8475 },
  timeZone: "Asia/Kolkata",
  openHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: "00:00", close: "00:00" })),
  fssaiNumber: "11521999000123",
  gstin: "27AAPFU0939F1ZV",
  upiId: "greencart.pune@okaxis",
  delivery: {
    radiusKm: 3,
    pinCodes: [],
    deliveryFee: 25,
    freeAbove: 199,
    minimumOrder: 50,
    smallCartFee: 15,
    smallCartBelow: 100,
  },
};

async function setShop(body: object) {
  const { cookies } = await createSeller(t.database.db);
  return post(t.app, "/api/seller/shop", body, cookies);
}

describe("the shop's settings", () => {
  it("delivers anywhere for free until the seller says otherwise", async () => {
    const answer = await t.app.inject({ url: "/api/shop" });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<ShopResponse>().shop).toMatchObject({
      name: "GreenCart",
      location: null,
      timeZone: "Asia/Kolkata",
      openHours: [],
      openNow: true,
      delivery: { radiusKm: null, pinCodes: [], deliveryFee: 0, freeAbove: null, minimumOrder: 0 },
    });
  });

  it("keeps what the seller sets, normalised, and changes only the fields sent", async () => {
    const set = await setShop(puneShop);
    expect(set.statusCode).toBe(200);
    expect(set.json<ShopResponse>().shop).toMatchObject({ ...puneShop, phone: "+919845012345" });
    const { cookies } = await createSeller(t.database.db);
    const partly = await post(
      t.app,
      "/api/seller/shop",
      { delivery: { deliveryFee: 30 }, upiId: null },
      cookies,
    );
    expect(partly.json<ShopResponse>().shop).toMatchObject({
      name: "GreenCart Shivajinagar",
      upiId: null,
      delivery: { ...puneShop.delivery, deliveryFee: 30 },
    });
    expect(
      (await t.app.inject({ url: "/api/shop" })).json<ShopResponse>().shop.delivery.deliveryFee,
    ).toBe(30);
  });

  it.each([
    ["gstin", { gstin: "27AAPFU0939F1ZW" }, /^gstin must be a valid GSTIN/],
    ["location.lat", { location: { lat: 91, lng: 73 } }, /^location\.lat /],
    ["delivery.deliveryFee", { delivery: { deliveryFee: -5 } }, /^delivery\.deliveryFee /],
    [
      "delivery.radiusKm",
      { location: puneShop.location, delivery: { radiusKm: 0 } },
      /^delivery\.radiusKm /,
    ],
    [
      "openHours",
      { openHours: [{ day: 1, open: "25:00", close: "22:00" }] },
      /^openHours\[0\]\.open must be a time like 21:30/,
    ],
    [
      "delivery.pinCodes",
      { delivery: { pinCodes: ["41100"] } },
      /^delivery\.pinCodes\[0\] must be a 6-digit PIN code/,
    ],
    ["fssaiNumber", { fssaiNumber: "1234" }, /^fssaiNumber must be 14 digits/],
    ["upiId", { upiId: "no-bank" }, /^upiId must look like name@bank/],
    [
      "delivery.radiusKm without a location",
      { delivery: { radiusKm: 3 } },
      /^delivery\.radiusKm needs the shop's location/,
    ],
  ])(
    "refuses a bad %s with 400 naming the field, and changes nothing",
    async (_f, body, message) => {
      const before = (await t.app.inject({ url: "/api/shop" })).json<ShopResponse>().shop;
      const answer = await setShop(body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, code: "validation_failed" });
      expect(answer.json<{ message: string }>().message).toMatch(message);
      expect((await t.app.inject({ url: "/api/shop" })).json<ShopResponse>().shop).toEqual(before);
    },
  );

  it("is the seller's to change", async () => {
    const shopper = await createShopper(t.database.db);
    expect(
      (await post(t.app, "/api/seller/shop", { name: "Mine" }, shopper.cookies)).statusCode,
    ).toBe(401);
  });
});

describe("where it delivers and what a cart costs", () => {
  it("checks a PIN code, and a place against the radius", async () => {
    await setShop({
      ...puneShop,
      delivery: { ...puneShop.delivery, pinCodes: ["411005", "411001"] },
    });
    const check = (query: string) => t.app.inject({ url: `/api/delivery/check?${query}` });
    expect((await check("pin=411005")).json()).toEqual({
      success: true,
      serviceable: true,
      distanceKm: null,
      reason: null,
      deliveryFee: 25,
      freeAbove: 199,
      minimumOrder: 50,
    });
    expect((await check("pin=400001")).json()).toMatchObject({
      serviceable: false,
      reason: "Sorry, we don't deliver to 400001 yet.",
    });
    expect((await check("pin=411005&lat=18.58&lng=73.8475")).json()).toMatchObject({
      serviceable: false,
      distanceKm: 5.47,
    });
    expect((await check("pin=4110")).statusCode).toBe(400);
    expect((await check("lat=18.5")).statusCode).toBe(400);
  });

  it("quotes a cart as its order will be charged: each fee a line, and how far from free delivery", async () => {
    await setShop(puneShop);
    const rice = await insertProduct(t.database.db, { offerPrice: 45 });
    const quote = await post(t.app, "/api/cart/quote", {
      items: [{ product: rice.id, quantity: 2 }],
    });
    expect(quote.json()).toEqual({
      success: true,
      quote: {
        itemsTotal: 90,
        deliveryFee: 25,
        smallCartFee: 15,
        total: 130,
        freeDeliveryIn: 109,
        belowMinimumBy: null,
        serviceable: null,
        reason: null,
      },
    });
  });

  it("quotes at the price the seller set a moment ago, and a quote announces no change", async () => {
    await setShop(puneShop);
    const { cookies } = await createSeller(t.database.db);
    const rice = await insertProduct(t.database.db, { price: 60, offerPrice: 45 });
    const quote = async () =>
      (
        await post(t.app, "/api/cart/quote", { items: [{ product: rice.id, quantity: 2 }] })
      ).json<QuoteResponse>().quote.itemsTotal;
    const announced = t.app.deps.changes.caughtUp.announced;
    expect(await quote()).toBe(90);
    expect(await quote()).toBe(90);
    // A quote changes nothing: no other process needs telling, nor this one's streams.
    expect(t.app.deps.changes.caughtUp.announced).toBe(announced);
    const updated = await post(
      t.app,
      "/api/product/update",
      { id: rice.id, offerPrice: 50 },
      cookies,
    );
    expect(updated.statusCode).toBe(200);
    expect(await quote()).toBe(100);
    await post(t.app, "/api/product/delete", { id: rice.id }, cookies);
    const gone = await post(t.app, "/api/cart/quote", {
      items: [{ product: rice.id, quantity: 2 }],
    });
    expect(gone.statusCode).toBe(404);
  });

  it("judges a shopper's own address in a quote, and no one else's", async () => {
    await setShop({ ...puneShop, delivery: { ...puneShop.delivery, pinCodes: ["411005"] } });
    const rice = await insertProduct(t.database.db, { offerPrice: 45 });
    const shopper = await createShopper(t.database.db);
    const far = await insertAddress(t.database.db, shopper.user.id, { zipcode: "400001" });
    const quote = await post(
      t.app,
      "/api/cart/quote",
      { items: [{ product: rice.id, quantity: 5 }], address: far.id },
      shopper.cookies,
    );
    expect(quote.json<QuoteResponse>().quote).toMatchObject({
      total: 225,
      serviceable: false,
      reason: "Sorry, we don't deliver to 400001 yet.",
    });
    const other = await createShopper(t.database.db);
    expect(
      (
        await post(
          t.app,
          "/api/cart/quote",
          { items: [{ product: rice.id, quantity: 5 }], address: far.id },
          other.cookies,
        )
      ).statusCode,
    ).toBe(404);
  });
});

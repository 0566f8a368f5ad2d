import { describe, expect, it } from "vitest";
import type { Product } from "../../../contract/product";
import { insertProduct } from "../../test/factories";
import { imagePart, pngImage } from "../../test/images";
import { multipartBody } from "../../test/multipart";
import { productFields, productUploads } from "../../test/product-uploads";
import { createSeller } from "../../test/sessions";
import { post } from "../../test/shop";
import { useTestApp } from "../../test/test-app";

const t = useTestApp();
const { upload } = productUploads(t);

describe("multipart productData from an ordinary HTML form", () => {
  it("accepts prices and stock written as text", async () => {
    const seller = await createSeller(t.database.db);
    const response = await upload(
      seller.cookies,
      {
        productData: JSON.stringify({
          ...productFields,
          price: "60",
          offerPrice: "32.50",
          stock: " 12 ",
          lowStockThreshold: "3",
          weight: "500",
        }),
      },
      [imagePart(await pngImage())],
    );
    expect(response.statusCode).toBe(201);
    expect(response.json<{ product: Product }>().product).toMatchObject({
      price: 60,
      offerPrice: 32.5,
      stock: 12,
      lowStockThreshold: 3,
      weight: "500",
    });
  });

  it.each([
    [{ price: "abc" }, "price must be a number"],
    [{ price: "60abc" }, "price must be a number"],
    [{ price: "" }, "price must be a number"],
    [{ stock: "ten" }, "stock must be a number"],
    [{ stock: "1.5" }, "stock must be a whole number"],
    [{ price: "1e3" }, "price must be a number"],
    [{ price: undefined }, "price is required"],
    [{ name: 42 }, "name must be text"],
    [{ description: "one line" }, "description must be a list"],
    [
      { category: "toys" },
      "category must be one of Vegetables, Fruits, Drinks, Instant, Dairy, Bakery, Grains",
    ],
  ])("refuses %j with 400 %s", async (change, message) => {
    const seller = await createSeller(t.database.db);
    const response = await upload(
      seller.cookies,
      { productData: JSON.stringify({ ...productFields, ...change }) },
      [imagePart(await pngImage())],
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, code: "validation_failed", message });
  });
});

describe("JSON calls stay strict and say what is wrong", () => {
  it.each([
    ["/api/product/update", { price: "60" }, "price must be a number"],
    ["/api/product/update", { stock: "5" }, "stock must be a number"],
    ["/api/product/update", { stock: -1 }, "stock must be at least 0"],
    ["/api/product/stock", { inStock: "yes" }, "inStock must be true or false"],
    ["/api/product/stock", {}, "inStock is required"],
    ["/api/product/stock", { inStock: null }, "inStock must be true or false"],
    ["/api/product/restock", { quantity: null }, "quantity must be a number"],
    ["/api/product/restock", { quantity: "5" }, "quantity must be a number"],
  ])("%s with %j answers 400 %s", async (url, change, message) => {
    const seller = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db);
    const response = await post(t.app, url, { id: product.id, ...change }, seller.cookies);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, code: "validation_failed", message });
  });

  it("names the item of a list that is wrong", async () => {
    const response = await post(t.app, "/api/user/register", {
      name: "A",
      email: "not-an-email",
      password: "long-enough",
    });
    expect(response.json()).toMatchObject({ message: "email must be a valid email address" });
  });
});

describe("POST /api/product/images", () => {
  it("keeps some pictures, adds new ones, and refuses none at all or more than 4", async () => {
    const seller = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, {
      images: ["/media/a-large.webp", "/media/b-large.webp"],
    });
    const send = async (fields: Record<string, string>, files: number) => {
      const png = await pngImage();
      const { payload, headers } = multipartBody(
        fields,
        Array.from({ length: files }, () => imagePart(png)),
      );
      return t.app.inject({
        method: "POST",
        url: "/api/product/images",
        payload,
        headers,
        cookies: seller.cookies,
      });
    };
    const replaced = await send(
      {
        id: product.id,
        keep: JSON.stringify([
          "http://localhost:3000/media/b-large.webp",
          "/media/not-its-own.webp",
        ]),
      },
      1,
    );
    expect(replaced.statusCode).toBe(200);
    const images = replaced.json<{ product: Product }>().product.image;
    expect(images).toHaveLength(2);
    expect(images[0]).toBe("http://localhost:3000/media/b-large.webp");
    expect(images[1]).toMatch(/^http:\/\/localhost:3000\/media\/p-[0-9a-f-]{36}-large\.webp$/);

    // Kept in the order given: the seller's "Make main". A URL named twice is kept once.
    const reordered = await send(
      { id: product.id, keep: JSON.stringify([images[1], images[0], images[1]]) },
      0,
    );
    expect(reordered.json<{ product: Product }>().product.image).toEqual([images[1], images[0]]);

    expect((await send({ id: product.id, keep: "[]" }, 0)).json()).toMatchObject({
      message: "images must have at least 1 picture",
    });
    expect((await send({ id: product.id, keep: JSON.stringify(images) }, 3)).json()).toMatchObject({
      message: "A product has at most 4 pictures",
    });
    expect(
      (await send({ id: "00000000-0000-0000-0000-000000000000", keep: "[]" }, 1)).statusCode,
    ).toBe(404);
  });

  it("names a refused new picture by its place after the pictures kept, counted from 1", async () => {
    const seller = await createSeller(t.database.db);
    const product = await insertProduct(t.database.db, {
      images: ["/media/a-large.webp", "/media/b-large.webp"],
    });
    const { payload, headers } = multipartBody(
      { id: product.id, keep: JSON.stringify(["/media/a-large.webp", "/media/b-large.webp"]) },
      [imagePart(await pngImage()), imagePart(Buffer.from("<html>not a picture</html>"))],
    );
    const response = await t.app.inject({
      method: "POST",
      url: "/api/product/images",
      payload,
      headers,
      cookies: seller.cookies,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: "unsupported_media_type",
      message: "Picture 4 is not a JPEG, PNG, WebP or AVIF image.",
    });
  });
});

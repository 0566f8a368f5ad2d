import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { products } from "../db/schema";
import { multipartBody, type FilePart } from "./multipart";
import type { TestContext } from "./test-app";

/** A valid `productData` for POST /api/product/add, as an object and as the JSON text. */
export const productFields = {
  name: "Farm Eggs",
  description: ["Twelve eggs", "Free range"],
  category: "dairy",
  price: 90,
  offerPrice: 84.5,
  weight: "12 pcs",
  stock: 30,
};
export const productData = JSON.stringify(productFields);

/** Upload helpers bound to one test app. */
export function productUploads(t: TestContext) {
  const mediaFiles = (): string[] => {
    const folder = path.join(t.dataDir, "media");
    return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
  };
  const upload = (
    cookies: Record<string, string>,
    form: Record<string, string>,
    files: FilePart[],
  ) => {
    const { payload, headers } = multipartBody(form, files);
    return t.app.inject({ method: "POST", url: "/api/product/add", payload, headers, cookies });
  };
  /** The request did nothing: no file, no product, and the server still answers. */
  const expectNothingChanged = async (filesBefore: string[]) => {
    expect(mediaFiles()).toEqual(filesBefore);
    expect(await t.database.db.select().from(products)).toEqual([]);
    expect((await t.app.inject({ url: "/api/health" })).statusCode).toBe(200);
  };
  return { mediaFiles, upload, expectNothingChanged };
}

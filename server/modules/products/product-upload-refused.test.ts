import { afterEach, describe, expect, it, vi } from "vitest";
import { imagePart, jpegWithExif, pngBomb, pngImage } from "../../test/images";
import { imagesDecoded } from "../media/image-pipeline";
import type { FilePart } from "../../test/multipart";
import { productData, productFields as fields, productUploads } from "../../test/product-uploads";
import { createSeller } from "../../test/sessions";
import { useTestApp } from "../../test/test-app";

const t = useTestApp();
const { mediaFiles, upload, expectNothingChanged } = productUploads(t);
afterEach(() => vi.restoreAllMocks());

const codesFor: Record<number, string[]> = {
  400: ["validation_failed", "bad_request"],
  413: ["payload_too_large"],
  415: ["unsupported_media_type"],
};

describe("POST /api/product/add: refused uploads", () => {
  const tenMegabytes = async () =>
    imagePart(Buffer.concat([await jpegWithExif(), Buffer.alloc(10 * 1024 * 1024)]));
  it.each<
    [string, () => Promise<{ form: Record<string, string>; files: FilePart[] }>, number, RegExp]
  >([
    [
      "an HTML file named .jpg",
      async () => ({
        form: { productData },
        files: [imagePart(Buffer.from("<html><script>alert(1)</script></html>"))],
      }),
      415,
      /^Picture 1 is not a JPEG, PNG, WebP or AVIF image\.$/,
    ],
    [
      "an SVG",
      async () => ({
        form: { productData },
        files: [
          imagePart(
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
            "x.svg",
            "image/svg+xml",
          ),
        ],
      }),
      415,
      /not a JPEG, PNG, WebP or AVIF/,
    ],
    [
      "a truncated JPEG",
      async () => ({
        form: { productData },
        files: [imagePart((await jpegWithExif()).subarray(0, 4000))],
      }),
      400,
      /damaged or incomplete|could not be read/,
    ],
    [
      "a 20000×20000 PNG",
      async () => ({
        form: { productData },
        files: [imagePart(pngBomb(), "bomb.png", "image/png")],
      }),
      400,
      /too large: at most 40 megapixels/,
    ],
    [
      "a 10 MB file",
      async () => ({ form: { productData }, files: [await tenMegabytes()] }),
      413,
      /at most 5 MB/,
    ],
    [
      "5 images",
      async () => ({
        form: { productData },
        files: await Promise.all([1, 2, 3, 4, 5].map(async () => imagePart(await pngImage()))),
      }),
      413,
      /At most 4 images/,
    ],
    [
      "a good picture beside a damaged one",
      async () => ({
        form: { productData },
        files: [imagePart(await pngImage()), imagePart((await jpegWithExif()).subarray(0, 4000))],
      }),
      400,
      /^Picture 2 /,
    ],
    [
      "productData that is not JSON",
      async () => ({ form: { productData: "{name:" }, files: [imagePart(await pngImage())] }),
      400,
      /productData is not valid JSON/,
    ],
    [
      "no productData",
      async () => ({ form: {}, files: [imagePart(await pngImage())] }),
      400,
      /productData is required/,
    ],
    ["no images", async () => ({ form: { productData }, files: [] }), 400, /at least 1 picture/],
    [
      "a file under another field name",
      async () => ({
        form: { productData },
        files: [{ ...imagePart(await pngImage()), name: "avatar" }],
      }),
      400,
      /Unexpected file field avatar/,
    ],
    [
      "an offer price above the price",
      async () => ({
        form: { productData: JSON.stringify({ ...fields, offerPrice: 100 }) },
        files: [imagePart(await pngImage())],
      }),
      400,
      /offerPrice must not be more than price/,
    ],
    [
      "a name with a NUL character",
      async () => ({
        form: { productData: JSON.stringify({ ...fields, name: "Eggs\u0000" }) },
        files: [imagePart(await pngImage())],
      }),
      400,
      /name must not contain control characters/,
    ],
    [
      "too many form fields",
      async () => ({
        form: Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((i) => [`f${i}`, "x"])),
        files: [imagePart(await pngImage())],
      }),
      413,
      /too many parts or fields/,
    ],
  ])(
    "refuses %s with a clear 4xx, leaves no file behind and keeps serving",
    async (_label, build, status, message) => {
      const { cookies } = await createSeller(t.database.db);
      const filesBefore = mediaFiles();
      const { form, files } = await build();
      const response = await upload(cookies, form, files);
      expect(response.statusCode).toBe(status);
      const body = response.json<{ success: boolean; code: string; message: string }>();
      expect(body.success).toBe(false);
      expect(body.message).toMatch(message);
      expect(codesFor[status]).toContain(body.code);
      await expectNothingChanged(filesBefore);
    },
  );

  it("refuses a pixel bomb from its header: nothing is decoded", async () => {
    const { cookies } = await createSeller(t.database.db);
    const before = imagesDecoded.count;
    const response = await upload(cookies, { productData }, [
      imagePart(pngBomb(), "bomb.png", "image/png"),
    ]);
    expect(response.statusCode).toBe(400);
    expect(imagesDecoded.count).toBe(before);
    // A picture of its own size is decoded, once: the count counts.
    await upload(cookies, { productData }, [imagePart(await pngImage())]);
    expect(imagesDecoded.count).toBe(before + 1);
  });

  it.each([
    [
      "an unterminated body",
      "multipart/form-data; boundary=xyz",
      '--xyz\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\n\r\nnot terminated',
    ],
    [
      "a body whose boundary does not match",
      "multipart/form-data; boundary=abc",
      '--xyz\r\nContent-Disposition: form-data; name="productData"\r\n\r\n{}\r\n--xyz--\r\n',
    ],
    ["a multipart type without a boundary", "multipart/form-data", "--xyz--\r\n"],
    [
      "broken part headers",
      "multipart/form-data; boundary=xyz",
      "--xyz\r\nContent-Disposition\r\n\r\n--xyz--\r\n",
    ],
  ])("refuses %s with a 4xx", async (_label, contentType, payload) => {
    const { cookies } = await createSeller(t.database.db);
    const filesBefore = mediaFiles();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/product/add",
      cookies,
      headers: { "content-type": contentType },
      payload,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({ success: false });
    await expectNothingChanged(filesBefore);
  });

  it("refuses a JSON body (415): pictures come as multipart", async () => {
    const { cookies } = await createSeller(t.database.db);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/product/add",
      cookies,
      payload: { productData },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: "unsupported_media_type" });
  });

  it("deletes the files already written when storing fails mid-way, and adds no product", async () => {
    const { cookies } = await createSeller(t.database.db);
    const filesBefore = mediaFiles();
    const save = t.app.deps.media.save.bind(t.app.deps.media);
    let calls = 0;
    vi.spyOn(t.app.deps.media, "save").mockImplementation(async (name, data) => {
      if (++calls === 3) throw new Error("disk full");
      return save(name, data);
    });
    const response = await upload(cookies, { productData }, [
      imagePart(await pngImage()),
      imagePart(await pngImage()),
    ]);
    expect(calls).toBe(3);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: "internal" });
    await expectNothingChanged(filesBefore);
  });
});

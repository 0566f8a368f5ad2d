import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { freePort } from "../server/test/free-port";

/**
 * A minimal storefront served from another origin, speaking the spec's calls with cookies: it
 * lists products with their pictures and buys one online through the demo provider.
 */
function partnerPage(api: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner shop</title></head>
<body><main><h1>Partner shop</h1><p id="status">loading</p><ul id="products"></ul>
<button id="buy" type="button">Buy the first product online</button></main>
<script type="module">
const api = ${JSON.stringify(api)};
const status = document.getElementById("status");
const call = (path, body) =>
  fetch(api + path, {
    method: body ? "POST" : "GET",
    credentials: "include",
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  }).then((r) => r.json());
let first;
try {
  const list = await call("/api/product/list?inStock=true&limit=3");
  first = list.products[0];
  for (const p of list.products) {
    const li = document.createElement("li");
    const img = document.createElement("img");
    img.src = p.image[0];
    img.alt = p.name;
    img.width = 80;
    li.append(img, p.name);
    document.getElementById("products").append(li);
  }
  status.textContent = "listed";
} catch {
  status.textContent = "blocked";
}
document.getElementById("buy").addEventListener("click", async () => {
  const email = "partner-" + Date.now() + "@example.com";
  await call("/api/user/register", { name: "Partner Shopper", email, password: "partner-pass-1" });
  const saved = await call("/api/address/add", { address: {
    firstName: "Asha", lastName: "Rao", email, street: "12 MG Road", city: "Bengaluru",
    state: "Karnataka", zipcode: "560001", country: "India", phone: "98450 12345" } });
  const order = await call("/api/order/stripe", {
    items: [{ product: first._id, quantity: 1 }], address: saved.address._id });
  location.href = order.url;
});
</script></body></html>`;
}

async function serve(port: number, html: string) {
  const server = http.createServer((_, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test("a storefront on an allowed origin shows the pictures, pays online and comes back to itself", async ({
  page,
}) => {
  const api = process.env.E2E_BASE_URL!;
  const allowed = new URL(process.env.E2E_PARTNER_ORIGIN!);
  const partner = await serve(Number(allowed.port), partnerPage(api));
  try {
    await page.goto(`${partner.origin}/`);
    await expect(page.locator("#status")).toHaveText("listed");
    const picture = page.locator("#products img").first();
    await expect(picture).toBeVisible();
    // The picture's URL is absolute (the API's), and it really loads from the other origin.
    expect(await picture.getAttribute("src")).toMatch(new RegExp(`^${api}/media/`));
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    await page.getByRole("button", { name: "Buy the first product online" }).click();
    await expect(page).toHaveURL(new RegExp(`^${api}/api/payments/demo/`));
    await page.getByRole("button", { name: /^Pay/ }).click();
    // Back on the partner's own origin, at its loader page.
    await expect(page).toHaveURL(`${partner.origin}/loader?next=my-orders`);
  } finally {
    await partner.close();
  }
});

test("a storefront on an origin not allowed gets no access to the API", async ({ page }) => {
  const api = process.env.E2E_BASE_URL!;
  const other = await serve(await freePort(), partnerPage(api));
  try {
    await page.goto(`${other.origin}/`);
    await expect(page.locator("#status")).toHaveText("blocked");
    await expect(page.locator("#products img")).toHaveCount(0);
  } finally {
    await other.close();
  }
});

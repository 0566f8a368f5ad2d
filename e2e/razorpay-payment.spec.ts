import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../server/test/free-port";
import { startRazorpayDouble, type RazorpayDouble } from "../server/test/razorpay-double";
import { addAddress, newShopper, register, snap } from "./helpers";

// The online payment journey with PAYMENT_PROVIDER=razorpay: a second store, its official SDK
// pointed at a loopback double of Razorpay whose pay page plays Razorpay's hosted page (paying
// there posts the signed webhook to the store and sends the browser to the signed callback).

const keys = {
  keyId: "rzp_test_e2e",
  keySecret: "e2e-key-secret",
  webhookSecret: "e2e-webhook-secret",
};
let double: RazorpayDouble;
let store: ChildProcess;
let storeUrl = "";
let dataDir = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  double = await startRazorpayDouble(keys);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "greencart-e2e-razorpay-"));
  const port = await freePort();
  storeUrl = `http://127.0.0.1:${port}`;
  const root = path.resolve(import.meta.dirname, "..");
  let output = "";
  store = spawn(process.execPath, ["--import", "tsx", path.join(root, "server/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: storeUrl,
      DATABASE_URL: "",
      PAYMENT_PROVIDER: "razorpay",
      RAZORPAY_KEY_ID: keys.keyId,
      RAZORPAY_KEY_SECRET: keys.keySecret,
      RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret,
      RAZORPAY_API_URL: double.url,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  store.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  store.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (store.exitCode !== null) throw new Error(`the Razorpay store exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the Razorpay store did not start:\n${output}`);
    const healthy = await fetch(`${storeUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 300));
  }
});

test.afterAll(async () => {
  if (store && store.exitCode === null) {
    store.kill("SIGTERM");
    await new Promise((resolve) => store.once("exit", resolve));
  }
  await double?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("online payment through Razorpay's page (the double) returns via the callback to an order paid by UPI", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: storeUrl });
  const page = await context.newPage();
  await page.goto("/products/dairy");
  await page
    .getByRole("button", { name: /^Add .* to cart$/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Login" }).click();
  await register(page, newShopper());
  await addAddress(page);

  await page.getByLabel("Payment Method").selectOption("Online");
  await page.getByRole("button", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(new RegExp(`^${double.url}/pay/plink_`));
  const [link] = [...double.links.values()];
  expect(link).toMatchObject({ currency: "INR", upi_link: false, callback_method: "get" });
  await snap(page, testInfo, "razorpay-double-page");
  await page.getByRole("button", { name: "Pay by UPI" }).click();

  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 15_000 });
  const order = page.getByRole("article").first();
  await expect(order.getByText(/Online · Paid by UPI/)).toBeVisible();
  await expect(order.getByTestId("order-status")).toContainText("Order Placed");
  await snap(page, testInfo, "razorpay-paid-order");
  await context.close();
});

test("a shopper who left two Razorpay payments unfinished gives them up from the cart (their links cancelled at Razorpay) and pays for this one", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: storeUrl });
  const page = await context.newPage();
  await page.goto("/products/dairy");
  await page
    .getByRole("button", { name: /^Add .* to cart$/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Login" }).click();
  await register(page, newShopper());
  await addAddress(page);

  for (let left = 0; left < 2; left++) {
    await page.getByLabel("Payment Method").selectOption("Online");
    await page.getByRole("button", { name: "Proceed to Checkout" }).first().click();
    await expect(page).toHaveURL(new RegExp(`^${double.url}/pay/plink_`));
    await page.goto("/cart");
    await page
      .getByRole("button", { name: /^Add one more / })
      .first()
      .click();
  }
  const before = double.sent("POST", /\/cancel$/).length;
  await page.getByLabel("Payment Method").selectOption("Online");
  await page.getByRole("button", { name: "Proceed to Checkout" }).first().click();
  const notice = page.getByRole("alert").filter({ hasText: "You left online payments unfinished" });
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: "Cancel them and pay for this cart" }).click();

  await expect(page).toHaveURL(new RegExp(`^${double.url}/pay/plink_`));
  expect(double.sent("POST", /\/cancel$/).length - before).toBe(2);
  await page.getByRole("button", { name: "Pay by UPI" }).click();
  await expect(page).toHaveURL(/\/my-orders$/, { timeout: 15_000 });
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(
    page
      .getByRole("article")
      .first()
      .getByText(/Online · Paid by UPI/),
  ).toBeVisible();
  await context.close();
});

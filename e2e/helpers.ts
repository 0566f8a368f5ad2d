import { expect, type Page, type TestInfo } from "@playwright/test";

let counter = 0;

/** A fresh shopper identity per journey, so journeys never share data. */
export function newShopper() {
  counter++;
  const id = `${Date.now()}${counter}`;
  return {
    name: `Asha ${id.slice(-4)}`,
    email: `asha${id}@example.com`,
    password: "journey-password-1",
  };
}

/** Saves a screenshot of the current screen as a test artifact (under test-results/e2e/). */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/**
 * An address no other shopper of this run has (10.x.y.z), told to the store as the client's through
 * its trusted proxy (loopback, e2e/global-setup.ts).
 */
export function shopperAddress() {
  counter++;
  const n = (process.pid * 7919 + counter) % 16_777_216;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export async function register(
  page: Page,
  shopper: { name: string; email: string; password: string },
) {
  // From here on this browser is the new shopper's own, at an address of their own.
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": shopperAddress() });
  const dialog = page.getByRole("dialog", { name: /user login/i });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "click here" }).click();
  const signUp = page.getByRole("dialog", { name: /user sign up/i });
  await signUp.getByLabel("Name").fill(shopper.name);
  await signUp.getByLabel("Email").fill(shopper.email);
  await signUp.getByLabel("Password").fill(shopper.password);
  await signUp.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText(`Welcome back, ${shopper.name}!`)).toBeVisible();
}

export async function addAddress(page: Page) {
  await page.goto("/add-address");
  for (const [label, value] of [
    ["First Name", "Asha"],
    ["Last Name", "Rao"],
    ["Email address", "asha@example.com"],
    ["Street", "12 MG Road"],
    ["City", "Bengaluru"],
    ["State", "Karnataka"],
    ["Zip code", "560001"],
    ["Country", "India"],
    ["Phone", "+919876543210"],
  ]) {
    await page.getByLabel(label!, { exact: true }).fill(value!);
  }
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page).toHaveURL(/\/cart$/);
}

/**
 * Waits for the page's finite animations to end (a toast fading in), so that a check such as axe's
 * colour contrast judges the page as it settles, not at the opacity of one moment. Endless ones
 * (a skeleton's pulse) are left running.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Two animation frames: what the page had to draw by now is drawn (and its layout shifts reported). */
export function frames(page: Page): Promise<unknown> {
  return page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * Counts the page's layout shifts as CLS counts them (not within half a second of a tap or key),
 * from its next load on: `shifted()` reads the sum so far, `reset()` starts it again at 0.
 */
export async function countLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { shifted: number };
    counted.shifted = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[])
        if (!entry.hadRecentInput) counted.shifted += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  return {
    shifted: () => page.evaluate(() => (window as unknown as { shifted: number }).shifted),
    reset: () => page.evaluate(() => void ((window as unknown as { shifted: number }).shifted = 0)),
  };
}

/**
 * Waits until the store's own font (web/fonts) has drawn the page's text, and says which faces
 * were loaded: layout checks then measure the same letters on every machine, whatever fonts it
 * has installed.
 */
export async function storeFontDrawn(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts]
      .filter((face) => face.family.replace(/"/g, "") === "GreenCart Sans")
      .filter((face) => face.status === "loaded")
      .map((face) => face.weight)
      .sort();
  });
}

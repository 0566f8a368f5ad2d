import { expect, test } from "@playwright/test";
import { sellerLogin } from "./journey-steps";

// A busy day's figures, as long as a neighbourhood shop's get: each "Today" tile must hold its
// figure on one line inside its border at every width the seller area is used at.
const busyDay = {
  orders: 1234,
  revenue: 231357.75,
  averageOrderValue: 1874.88,
  medianMinutesToDispatch: 18.5,
  onTimeRate: 0.93,
  lateNow: 12,
};

test("the dashboard's Today tiles hold a busy day's figures at every width", async ({ page }) => {
  await sellerLogin(page);
  await page.route(/\/api\/seller\/dashboard\?/, async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { today: typeof busyDay };
    await route.fulfill({ response: answer, json: { ...body, today: busyDay } });
  });
  for (const width of [360, 390, 768, 1024, 1280, 1366, 1536]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/seller/dashboard");
    const today = page.getByRole("region", { name: "Today" });
    await expect(today.getByText("₹2,31,358", { exact: true })).toBeVisible();
    const misfits = await today.locator("dd").evaluateAll((figures) =>
      figures.flatMap((dd) => {
        const tile = dd.parentElement!.getBoundingClientRect();
        const box = dd.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(dd);
        const text = range.getBoundingClientRect();
        const lines = Math.round(box.height / parseFloat(getComputedStyle(dd).lineHeight));
        return text.right > tile.right - 4 || lines > 1
          ? [
              `${dd.textContent}: ${Math.round(text.width)} px in ${Math.round(tile.width)}, ${lines} lines`,
            ]
          : [];
      }),
    );
    expect(misfits, `at ${width} px`).toEqual([]);
  }
});

import { expect, test, type Locator, type Page } from "@playwright/test";
import { addAddress, newShopper, register } from "./helpers";

// Issue 42's polish on a 390 px phone: the product photo is the screen's width, and every field
// and button of the sign-up, address and cart screens is at least 44 px tall.

const MIN_HEIGHT = 44;

/** Each visible field or button inside `scope` shorter than 44 px, named so a failure says which. */
async function shortControls(scope: Locator): Promise<string[]> {
  return scope
    .locator(
      "input:not([type=hidden]):not([type=radio]):not([type=checkbox]), select, textarea, button",
    )
    .evaluateAll(
      (controls, min) =>
        controls
          .filter((c) => (c as HTMLElement).offsetParent !== null)
          .map((c) => {
            const box = c.getBoundingClientRect();
            const name =
              c.getAttribute("aria-label") ??
              (c as HTMLInputElement).labels?.[0]?.textContent ??
              c.textContent ??
              c.tagName;
            return { name: name.trim(), height: Math.round(box.height * 10) / 10 };
          })
          .filter((c) => c.height < min)
          .map((c) => `${c.name}: ${c.height} px`),
      MIN_HEIGHT,
    );
}

async function openLoginFromMenu(page: Page) {
  await page.getByRole("button", { name: "Menu" }).click();
  await page.locator("#mobile-menu").getByRole("button", { name: "Login" }).click();
}

test("at 390 px the product photo spans the screen and no field or button is under 44 px", async ({
  page,
}) => {
  expect(page.viewportSize()?.width).toBe(390);

  // The product page's photo, edge to edge.
  await page.goto("/products/vegetables");
  await page
    .getByRole("link", { name: /Tomato/ })
    .first()
    .click();
  const photo = page.getByTestId("product-photo");
  await expect(photo).toBeVisible();
  const box = (await photo.boundingBox())!;
  expect(Math.round(box.x)).toBe(0);
  expect(Math.round(box.width)).toBe(390);
  await page.getByRole("button", { name: "Add to Cart" }).click();

  // Sign-up, with its password rule shown before any try.
  await openLoginFromMenu(page);
  await page
    .getByRole("dialog", { name: /user login/i })
    .getByRole("button", { name: "click here" })
    .click();
  const signUp = page.getByRole("dialog", { name: /user sign up/i });
  await expect(signUp.getByText("At least 8 characters")).toBeVisible();
  expect(await shortControls(signUp)).toEqual([]);
  await signUp.getByRole("button", { name: "Close" }).click();

  await openLoginFromMenu(page);
  await register(page, newShopper());

  // The address form, prefilled with India.
  await page.goto("/add-address");
  const form = page.locator("form", { has: page.getByRole("button", { name: "Save address" }) });
  await expect(form.getByLabel("Country", { exact: true })).toHaveValue("India");
  expect(await shortControls(form)).toEqual([]);

  // The cart with an address chosen.
  await addAddress(page);
  await expect(page.getByText(/12 MG Road/)).toBeVisible();
  expect(await shortControls(page.locator("main"))).toEqual([]);
});

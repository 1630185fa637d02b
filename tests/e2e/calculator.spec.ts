import { expect } from "@playwright/test";
import { expectAccessible, test } from "./fixtures";

// The shipping calculator (calculate) as a shopper uses it, with JavaScript
// on and off: a form refused field by field with what was typed kept, then
// an estimate at an address of its own (a GET form).

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the shipping calculator, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("says by each field what is wrong, keeps what was typed, then prices the parcel", async ({ page }) => {
      await page.goto("/en/calculate");
      await page.getByLabel("From warehouse").selectOption({ label: "United States" });
      await page.getByLabel("Destination country").selectOption({ label: "Lithuania" });
      await page.getByLabel("Weight (kg)").fill("two");
      await page.getByLabel("Length (cm)").fill("50");
      await page.getByRole("button", { name: "Calculate" }).click();

      await expect(page.getByRole("alert")).toHaveText("Please correct the fields marked below.");
      await expect(page.getByLabel("Weight (kg)")).toHaveAccessibleDescription("Enter a number such as 2.5.");
      await expect(page.getByLabel("Width (cm)")).toHaveAccessibleDescription("Give all three sizes, or none.");
      await expect(page.getByLabel("Weight (kg)")).toHaveValue("two");
      await expect(page.getByLabel("Length (cm)")).toHaveValue("50");
      await expect(page.getByLabel("From warehouse")).toHaveValue("us");
      await expectAccessible(page, { javaScriptEnabled });

      await page.getByLabel("Weight (kg)").fill("2,5");
      await page.getByLabel("Width (cm)").fill("40");
      await page.getByLabel("Height (cm)").fill("30");
      await page.getByRole("button", { name: "Calculate" }).click();
      await expect(page).toHaveURL(/\/en\/calculate\?.*weight=2%2C5/);
      await expect(page.getByRole("heading", { name: "Your estimate" })).toBeVisible();
      await expect(page.getByLabel("Weight (kg)")).toHaveValue("2,5");
    });
  });
}

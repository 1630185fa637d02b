import { expect, type Page } from "@playwright/test";
import { expectAccessible, ownClientAddress, test } from "./fixtures";
import { addProducts, dataLayerEvents, fillNewAddress, orderLink } from "./shopping";

// Paying as a customer does it, with and without JavaScript, through the
// sandbox processor: a top-up by bank link, an order paid part from the
// balance and part by bank link that the bank declines (the balance part
// comes back, the order stays unpaid), and that order paid later from
// /my-orders. The guest's card purchase is in checkout.spec.ts.

const balanceShown = (page: Page) => page.getByTestId("current-balance");

async function sandboxAnswers(page: Page, button: "Pay" | "Decline it", javaScriptEnabled?: boolean) {
  await expect(page).toHaveURL(/\/en\/payment\/sandbox\/sbx_/);
  if (javaScriptEnabled !== undefined) await expectAccessible(page, { javaScriptEnabled });
  await page.getByRole("button", { name: button, exact: true }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`paying, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, extraHTTPHeaders: ownClientAddress() });

    test("a customer tops up by bank link, has a split payment declined and gets the balance part back, then pays the order from /my-orders", async ({
      page,
      signIn,
    }) => {
      test.skip(test.info().project.name !== "desktop", "one window size is enough for the processor's round trips");
      // Three payments, each through the processor and back, and four accessibility checks:
      // 33 s alone, over a minute beside the other window's walk on a busy machine.
      test.setTimeout(150_000);
      await signIn();

      // Top-up: 50.00 € by the bank link.
      await page.goto("/en/balance-history");
      await page.getByRole("link", { name: "Top up the balance" }).click();
      await expect(page).toHaveURL(/\/en\/balance\/pay$/);
      await page.getByLabel("Amount (EUR)").fill("0.50");
      await page.getByLabel(/^Bank link/).check();
      await page.getByRole("button", { name: "Continue to payment" }).click();
      // Refused by the field, as every form refuses: the message is the field's own description.
      await expect(page.getByLabel("Amount (EUR)")).toHaveAccessibleDescription("Enter an amount from €1.00 to €5,000.00.");
      await expect(page.getByLabel("Amount (EUR)")).toHaveValue("0.50");
      await expectAccessible(page, { javaScriptEnabled });
      await page.getByLabel("Amount (EUR)").fill("50.00");
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await sandboxAnswers(page, "Pay", javaScriptEnabled);
      await expect(page).toHaveURL(/\/en\/payment\/accept\?payment=/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment received");
      await expect(page.getByText("€50.00 was added to your balance.")).toBeVisible();
      await expectAccessible(page, { javaScriptEnabled });
      await page.goto("/en/balance-history");
      await expect(balanceShown(page)).toHaveText("€50.00");
      await expect(page.getByText("Top-up").filter({ visible: true }).first()).toBeVisible();

      // An order, 5.00 € from the balance and the rest by bank link: declined.
      await addProducts(page, 1, javaScriptEnabled);
      await page.goto("/en/cart");
      await page.getByRole("button", { name: "Go to checkout" }).click();
      await expect(page).toHaveURL(/\/en\/checkout\/[\w-]+$/);
      await fillNewAddress(page);
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect(page).toHaveURL(/\/en\/payment\/[\w-]+$/);
      await page.getByLabel(/^Bank link/).check();
      // An amount that is not one is said by its field, and what was typed stays.
      await page.getByLabel("Amount to use (EUR)").fill("5 euros");
      await page.getByRole("button", { name: "Continue to review" }).click();
      await expect(page.getByLabel("Amount to use (EUR)")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("Enter an amount such as 12.50.")).toBeVisible();
      await expect(page.getByLabel("Amount to use (EUR)")).toHaveValue("5 euros");
      await expect(page.getByLabel(/^Bank link/)).toBeChecked();
      await page.getByLabel("Amount to use (EUR)").fill("5,00");
      await page.getByRole("button", { name: "Continue to review" }).click();
      await expect(page.getByText("From your balance: €5.00")).toBeVisible();
      await page.getByRole("button", { name: "Place the order and pay" }).click();
      await sandboxAnswers(page, "Decline it");
      await expect(page).toHaveURL(/\/en\/payment\/decline\?payment=/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("The payment was declined");
      await expect(page.getByText("The part paid from your balance is back on it.")).toBeVisible();
      await expectAccessible(page, { javaScriptEnabled });
      const number = (await page.getByText(/payment for order MP\d+/).textContent())!.match(/MP\d+/)![0];
      if (javaScriptEnabled) {
        await expect.poll(async () => (await dataLayerEvents(page, "marketplace_payment_declined")).length).toBe(1);
        expect(await dataLayerEvents(page, "purchase")).toEqual([]);
      }
      await page.goto("/en/balance-history");
      await expect(balanceShown(page)).toHaveText("€50.00");

      // Paying it later from /my-orders: the card with 5.00 € from the balance.
      await page.goto("/en/my-orders");
      await expect(orderLink(page, number)).toHaveCount(1);
      await page.getByRole("link", { name: new RegExp(`^Pay now .*${number}$`) }).filter({ visible: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pay order ${number}`);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect(page.getByRole("group", { name: "Payment method" })).toContainText("Choose one of the payment methods shown.");
      await expectAccessible(page, { javaScriptEnabled });
      await page.getByLabel(/^Card/).check();
      await page.getByLabel("Amount to use (EUR)").fill("5.00");
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await sandboxAnswers(page, "Pay");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment received");
      await expect(page.getByText(`Order ${number} is paid. Thank you!`)).toBeVisible();
      await page.goto("/en/balance-history");
      await expect(balanceShown(page)).toHaveText("€45.00");
      await page.goto("/en/my-orders");
      await expect(page.getByRole("link", { name: new RegExp(`^Pay now .*${number}$`) })).toHaveCount(0);
    });
  });
}

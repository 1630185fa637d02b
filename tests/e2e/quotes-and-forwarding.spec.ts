import { expect, type Page } from "@playwright/test";
import { DEMO, expectAccessible, test } from "./fixtures";
import { admin, ownShop } from "./own-shop";
import { dataLayerEvents } from "./shopping";

// Issue 15, as the demo customer would walk it, with an operator's commands
// in between (as a back office would act): a quote from two links, priced
// and paid from the balance; a parcel declared, received, sent home by sea,
// paid and shipped, then tracked by a guest; an invoice opened, downloaded
// and paid; and every step on the account's timeline and in the balance
// history with its QU and FR number. The operator's commands are separate
// processes, so the shop runs on PostgreSQL here.
const shop = ownShop("quotes");
const base = shop.base;

test.beforeAll(async () => {
  // Enough on the balance for both walks: a quote, a forward request and an invoice each.
  await admin(shop, "balance", "top-up", "--email", DEMO.customer.email, "--amount", "500.00");
});

/** The unpaid-orders alert (spec 4), shown when a new unpaid order or bill appears: "Not now". */
async function notNow(page: Page) {
  const alert = page.getByRole("dialog", { name: "Orders awaiting payment" });
  await alert.getByRole("button", { name: "Not now" }).click();
  await expect(alert).toBeHidden();
}

/** Pays the bill the page has been sent to entirely from the stored balance. */
async function payFromBalance(page: Page) {
  await expect(page).toHaveURL(/\/en\/payment\/[\w-]+$/);
  await page.getByLabel(/^Stored balance/).check();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
}

for (const javaScriptEnabled of [true, false]) {
  test(`quote, parcel forwarding, tracking and an invoice, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({ browser }) => {
    test.setTimeout(240_000);
    const run = javaScriptEnabled ? "js" : "nojs";
    const context = await browser.newContext({ baseURL: base, javaScriptEnabled, viewport: { width: 1280, height: 800 } });
    context.setDefaultTimeout(15_000);
    const shopper = await context.newPage();
    expect((await context.request.post("/api/auth/login", { data: DEMO.customer })).status()).toBe(200);

    // A quote from two links: one more row by a plain submit, a bad link refused with everything kept.
    await shopper.goto("/en/order-form");
    // The demo customer has orders to pay from before.
    await notNow(shopper);
    const row = (n: number) => shopper.getByRole("group", { name: `Link ${n}` });
    await row(1).getByLabel("Product link").fill("not a link");
    await row(1).getByLabel("Quantity").fill("2");
    await shopper.getByRole("button", { name: "Add another link" }).click();
    await row(2).getByLabel("Product link").fill(`https://www.ebay.com/itm/${run}-lamp`);
    await shopper.getByRole("button", { name: "Check and continue" }).click();
    await expect(row(1).getByText(/Please include a valid url/)).toBeVisible();
    await expect(row(2).getByLabel("Product link")).toHaveValue(`https://www.ebay.com/itm/${run}-lamp`);
    await expect(row(1).getByLabel("Quantity")).toHaveValue("2");
    await expectAccessible(shopper, { javaScriptEnabled });
    await row(1).getByLabel("Product link").fill(`https://smile.amazon.de/dp/${run}-kettle`);
    await shopper.getByRole("button", { name: "Check and continue" }).click();
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("Check your quote request");
    await expect(shopper.getByText("Amazon.de").first()).toBeVisible();
    await expect(shopper.getByText("eBay").first()).toBeVisible();
    await shopper.getByRole("button", { name: "Send the quote request" }).click();
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText("Thank you! Your quote request is sent");
    const quote = (await shopper.getByText(/Your quote number is QU\d+/).textContent())!.match(/QU\d+/)![0];
    if (javaScriptEnabled) {
      await expect.poll(async () => (await dataLayerEvents(shopper, "QuSubmit")).length).toBe(1);
      expect((await dataLayerEvents(shopper, "QuSubmit"))[0]).toMatchObject({ quoteId: `qu${quote.slice(2)}`, quote_number: quote });
    }

    // Priced by the operator; accepted by sea and paid from the balance.
    await admin(shop, "quote", "price", "--quote", quote, "--line", "1=19.99", "--line", "2=5.00", "--air", "12.00", "--air-days", "5-9", "--sea", "6.00", "--sea-days", "30-45");
    await shopper.goto("/en/quotes");
    await shopper.getByRole("link", { name: quote }).first().click();
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText(`Quote ${quote}`);
    await shopper.getByLabel(/^By sea/).check();
    await shopper.getByRole("button", { name: "Accept and pay" }).click();
    await payFromBalance(shopper);
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText(`Quote ${quote}`);
    await expect(shopper.getByText("Paid, thank you.", { exact: false })).toBeVisible();
    if (javaScriptEnabled) {
      // Spec 3's stored quote tracking steps, each taken once on the way.
      const slug = new URL(shopper.url()).pathname.split("/").at(-1)!;
      const steps = await shopper.evaluate((key) => JSON.parse(localStorage.getItem("quote_tracking_steps") ?? "{}")[key] ?? {}, slug);
      expect(Object.keys(steps).sort()).toEqual(["click_pay", "payment_success", "set_delivery", "set_payment"]);
    }
    await shopper.goto("/en/quotes");
    await expect(shopper.getByRole("row", { name: new RegExp(quote) }).or(shopper.getByRole("listitem").filter({ hasText: quote })).first()).toContainText("Paid");

    // A parcel declared at the German warehouse; declaring it twice is refused.
    const inbound = `DE${run.toUpperCase()}${Date.now()}`;
    const declare = async () => {
      await shopper.goto("/en/site-pro-delivery");
      await shopper.getByLabel("Warehouse").selectOption({ label: "Germany" });
      await shopper.getByLabel("Carrier's tracking number").fill(inbound);
      await shopper.getByLabel("Carrier", { exact: true }).fill("DHL");
      await shopper.getByLabel("Shop", { exact: true }).fill("Otto");
      await shopper.getByLabel("Description").first().fill("Winter boots");
      await shopper.getByLabel("Quantity").first().fill("1");
      await shopper.getByLabel("Value (EUR)").first().fill("89,90");
      await shopper.getByRole("button", { name: "Declare the parcel" }).click();
    };
    // A second line added and left half-filled: its value is asked for by its field, and nothing typed is lost.
    await shopper.goto("/en/site-pro-delivery");
    await shopper.getByLabel("Warehouse").selectOption({ label: "Germany" });
    await shopper.getByLabel("Description").first().fill("Winter boots");
    await shopper.getByRole("button", { name: "Add a line" }).click();
    await shopper.getByLabel("Description").nth(1).fill("Socks");
    await shopper.getByRole("button", { name: "Declare the parcel" }).click();
    await expect(shopper.getByLabel("Value (EUR)").nth(1)).toHaveAccessibleDescription("Each line needs a description, a quantity of at least 1 and a value such as 12.50.");
    await expect(shopper.getByLabel("Carrier", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(shopper.getByLabel("Description").nth(1)).toHaveValue("Socks");
    await expect(shopper.getByLabel("Warehouse")).toHaveValue("de");
    await declare();
    await expect(shopper.getByText("The parcel is declared. We will let you know when it arrives.")).toBeVisible();
    await declare();
    await expect(shopper.getByLabel("Carrier's tracking number")).toHaveAccessibleDescription("You have already declared a parcel with this tracking number.");
    await expect(shopper.getByLabel("Value (EUR)").first()).toHaveValue("89,90");

    // Received; sent home by sea; priced, paid and shipped.
    await admin(shop, "parcel", "arrive", "--tracking", inbound, "--weight", "1.4", "--dimensions", "40x30x15");
    await shopper.goto("/en/create-order/de");
    await shopper.getByRole("checkbox", { name: new RegExp(inbound) }).check();
    await shopper.getByRole("radio", { name: "Sea" }).check();
    await shopper.getByRole("button", { name: "Request forwarding" }).click();
    await expect(shopper.getByText("Your request is sent. We will price it shortly.")).toBeVisible();
    const forward = (await shopper.getByRole("heading", { level: 1 }).textContent())!.match(/FR\d+/)![0];
    await admin(shop, "forward", "price", "--request", forward, "--shipping", "24.90");
    await shopper.reload();
    await notNow(shopper);
    await shopper.getByRole("link", { name: /^Pay / }).click();
    await payFromBalance(shopper);
    await expect(shopper.getByRole("heading", { level: 1 })).toHaveText(`Forward request ${forward}`);
    const outbound = `LT${run.toUpperCase()}${Date.now()}`;
    await admin(shop, "parcel", "ship", "--request", forward, "--tracking", outbound, "--carrier", "DPD");

    // A guest tracks it by its number, typed with spaces and in small letters.
    const guest = await browser.newContext({ baseURL: base, javaScriptEnabled });
    const visitor = await guest.newPage();
    await visitor.goto("/en/tracking");
    await visitor.getByLabel(/tracking number/i).fill(` ${outbound.toLowerCase().slice(0, 6)} ${outbound.toLowerCase().slice(6)} `);
    await visitor.getByRole("button", { name: /track/i }).click();
    await expect(visitor).toHaveURL(new RegExp(`/en/tracking/${outbound}$`));
    await expect(visitor.getByText("DPD").first()).toBeVisible();
    await expect(visitor.getByText("Winter boots")).toHaveCount(0);
    await expectAccessible(visitor, { javaScriptEnabled });
    await guest.close();
    // The owner sees what is inside.
    await shopper.goto(`/en/tracking/${outbound}`);
    await expect(shopper.getByText("Winter boots").first()).toBeVisible();

    // An invoice: opened, its PDF downloaded, paid from the balance.
    const issued = await admin(shop, "invoice", "issue", "--email", DEMO.customer.email, "--line", "Repacking of a parcel;1;5.00;21");
    const invoiceNumber = issued.match(/\d{4}-\d{6}/)![0];
    await shopper.goto("/en/invoices");
    await notNow(shopper);
    await shopper.getByRole("link", { name: new RegExp(invoiceNumber) }).first().click();
    await expect(shopper.getByText(invoiceNumber).first()).toBeVisible();
    await expect(shopper.getByText("€6.05").first()).toBeVisible();
    const pdf = await context.request.get(await shopper.getByRole("link", { name: "Download PDF" }).getAttribute("href").then((href) => href!));
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await expectAccessible(shopper, { javaScriptEnabled });
    await shopper.getByRole("button", { name: "Pay", exact: true }).click();
    await payFromBalance(shopper);
    await expect(shopper.getByText("Paid", { exact: true }).first()).toBeVisible();

    // Every step on the timeline and in the balance history.
    await shopper.goto("/en/my-timeline");
    const timeline = shopper.getByRole("list", { name: "Timeline" });
    await expect(timeline.getByRole("listitem").filter({ hasText: quote })).toContainText("Paid");
    await expect(timeline.getByRole("listitem").filter({ hasText: forward })).toContainText("Shipped");
    await expect(timeline.getByRole("listitem").filter({ hasText: inbound })).toContainText("Shipped");
    await expect(timeline.getByRole("listitem").filter({ hasText: invoiceNumber })).toContainText("Paid");
    await expectAccessible(shopper, { javaScriptEnabled });
    await shopper.goto("/en/balance-history");
    await expect(shopper.getByText(quote).filter({ visible: true }).first()).toBeVisible();
    await expect(shopper.getByText(forward).filter({ visible: true }).first()).toBeVisible();
    await expect(shopper.getByText(invoiceNumber).filter({ visible: true }).first()).toBeVisible();
    await context.close();
  });
}

import { expect } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { addStaff, ownShop, signInStaff } from "./own-shop";
import { expectAccessible, test, waitForHydration } from "./fixtures";
import { query } from "./scratch-server";

// The back office's content (issue 29) as the catalogue role and a shopper
// meet it, on a shop of its own on PostgreSQL: a new FAQ entry is written
// in Latvian, previewed as the shop will show it (drawn by the server, so
// without JavaScript too), published, and a guest finds it on /lv/faq with
// its FAQPage data at once; the HTML typed into it never reaches the page.

const shop = ownShop("bocontent");
const base = shop.base;

for (const javaScriptEnabled of [true, false]) {
  test(`the catalogue role publishes an FAQ entry in Latvian and a guest finds it on /lv/faq with its FAQPage data, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({ browser, isMobile, viewport }) => {
    test.setTimeout(120_000);
    const staff = await addStaff(shop, "catalogue");
    const staffContext = await browser.newContext({ baseURL: base, javaScriptEnabled, viewport, isMobile, hasTouch: isMobile });
    const page = await staffContext.newPage();
    await signInStaff(page, staff);
    if (javaScriptEnabled) await waitForHydration(page);

    // From the menu to the FAQ, and a new entry under shipping.
    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Content" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Content");
    await page.getByRole("navigation", { name: "Content" }).getByRole("link", { name: "FAQ" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("FAQ");
    await expectAccessible(page, { javaScriptEnabled });
    const slug = `parcel-lockers-${randomBytes(3).toString("hex")}-${javaScriptEnabled ? "j" : "n"}${isMobile ? "m" : "d"}`;
    await page.getByLabel("Slug").fill(slug);
    await page.getByLabel("Category").selectOption({ label: "Shipping" });
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${slug} · Shipping`);
    await expect(page.getByRole("status")).toHaveText("The entry is created. Write its question and answer in each language.");

    // Its Latvian text: previewed first, as the shop will show it, with nothing saved.
    await page.getByRole("link", { name: "Latvian · no text yet" }).click();
    await expect(page.getByRole("link", { name: "Latvian · no text yet" })).toHaveAttribute("aria-current", "page");
    const question = `Vai varu saņemt sūtījumu pakomātā (${slug})?`;
    await page.getByLabel("Question").fill(question);
    await page.getByLabel("Answer").fill("Jā, izvēlieties **pakomātu** noformēšanas laikā.<script>document.title='x'</script>\n\n- Omniva\n- DPD");
    await page.getByLabel("Status").selectOption({ label: "Published" });
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview: as the shop will show it" });
    await expect(preview.getByText("Jā, izvēlieties pakomātu noformēšanas laikā.", { exact: true })).toBeVisible();
    // And as a search engine would list it: the question, then the start of the answer.
    await expect(preview.getByText("Jā, izvēlieties pakomātu noformēšanas laikā. Omniva DPD", { exact: true })).toBeVisible();
    await expect(preview.getByRole("listitem")).toHaveText(["Omniva", "DPD"]);
    await expect(preview).not.toContainText("script");
    // What was typed is still in the form.
    await expect(page.getByLabel("Question")).toHaveValue(question);
    await expectAccessible(page, { javaScriptEnabled });

    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved and published in Latvian: the shop shows it now.");
    await expect(page.getByRole("link", { name: "Latvian · Published" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Audit log" }).getByText("content.faq.save")).toBeVisible();
    await staffContext.close();

    // A guest, at once: the question on /lv/faq, its answer as text, and the FAQPage data naming it.
    const guestContext = await browser.newContext({ baseURL: base, javaScriptEnabled, viewport, isMobile, hasTouch: isMobile });
    const shopper = await guestContext.newPage();
    await shopper.goto("/lv/faq");
    const entry = shopper.getByText(question, { exact: true });
    await expect(entry).toBeVisible();
    await entry.click();
    await expect(shopper.locator(`#faq-q-${slug}`).getByText("Jā, izvēlieties pakomātu noformēšanas laikā.")).toBeVisible();
    await expect(shopper.locator(`#faq-q-${slug} strong`)).toHaveText("pakomātu");
    const jsonLd = (await shopper.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as { "@type": string; mainEntity?: Array<{ name: string; acceptedAnswer: { text: string } }> });
    const faqPage = jsonLd.find((data) => data["@type"] === "FAQPage");
    expect(faqPage?.mainEntity?.find((q) => q.name === question)?.acceptedAnswer.text).toBe("Jā, izvēlieties pakomātu noformēšanas laikā.\n\nOmniva\nDPD");
    expect(await shopper.title()).not.toBe("x");
    await expectAccessible(shopper, { javaScriptEnabled });
    // Not in English: it was written in Latvian only.
    await shopper.goto("/en/faq");
    await expect(shopper.getByText(question)).toHaveCount(0);
    await guestContext.close();

    const [stored] = await query<{ answer: string }>(shop.databaseUrl, "select t.answer from faq_translations t join faq_entries f on f.id = t.faq_id where f.slug = $1", [slug]);
    expect(stored!.answer).not.toContain("<script");
  });
}

test("the catalogue role writes the strip over every page in Latvian, and a sea rate dearer than air is saved only once confirmed", async ({ browser, isMobile, viewport }) => {
  test.skip(isMobile, "the desktop window walks the settings' wide tables");
  test.setTimeout(120_000);
  const staff = await addStaff(shop, "catalogue");
  const staffContext = await browser.newContext({ baseURL: base, viewport });
  const page = await staffContext.newPage();
  await signInStaff(page, staff);
  await waitForHydration(page);

  // The strip of the default site in Latvian: the shop's own text until written.
  await page.goto("/admin/content/strip");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notification strip");
  const strip = page.getByLabel("Strip on Shipwise in Latvian");
  await expect(strip).toHaveValue(/^Piegāde ar lidmašīnu 5–9 dienās, ar kuģi – no 2,90\s€ par kg\.$/);
  await strip.fill("Bezmaksas piegāde no 50 € līdz svētdienai");
  await strip.locator("xpath=ancestor::form").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved. The shop shows it now.");
  await expectAccessible(page);

  const guest = await browser.newContext({ baseURL: base, viewport });
  const shopper = await guest.newPage();
  await shopper.goto("/lv/faq");
  await expect(shopper.getByText("Bezmaksas piegāde no 50 € līdz svētdienai", { exact: true })).toBeVisible();
  await shopper.goto("/en/faq");
  await expect(shopper.getByText("Air shipping in 5–9 days, sea shipping from €2.90 per kg.", { exact: true })).toBeVisible();
  await guest.close();

  // The rates: a sea divisor of 1,000 is refused with the parcel it makes dearer by sea…
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sites and rates");
  const rates = page.getByRole("form", { name: "Shipwise (default)" });
  await expect(rates.getByText("Sea never costs more than air.")).toBeVisible();
  await rates.getByLabel("Sea: volumetric divisor in cm³ per kg").fill("1000");
  await rates.getByRole("button", { name: "Save the rates of Shipwise" }).click();
  await expect(rates.getByRole("alert")).toContainText(/Sea costs more than air for a parcel of [\d.,]+ k?g and [\d,]+ cm³: air €[\d.]+, sea €[\d.]+\./);
  await expect(rates.getByLabel("Sea: volumetric divisor in cm³ per kg")).toHaveValue("1000");
  const [kept] = await query<{ volumetric_divisor: number }>(shop.databaseUrl, "select volumetric_divisor from shipping_rates where site_id = 1 and method = 'sea'");
  expect(kept!.volumetric_divisor).toBe(6000);
  await expectAccessible(page);

  // …and saved once the box says it is meant; then put back.
  await rates.getByLabel("Save even if sea costs more than air for some parcel").check();
  await rates.getByRole("button", { name: "Save the rates of Shipwise" }).click();
  await expect(page.getByRole("form", { name: "Shipwise (default)" }).getByRole("status")).toHaveText("The rates of Shipwise are saved; carts are priced by them now.");
  await expect(page.getByRole("form", { name: "Shipwise (default)" }).getByText(/^Sea costs more than air/)).toBeVisible();
  await page.getByRole("form", { name: "Shipwise (default)" }).getByLabel("Sea: volumetric divisor in cm³ per kg").fill("6000");
  await page.getByRole("form", { name: "Shipwise (default)" }).getByRole("button", { name: "Save the rates of Shipwise" }).click();
  await expect(page.getByRole("form", { name: "Shipwise (default)" }).getByText("Sea never costs more than air.")).toBeVisible();
  await staffContext.close();
});

test("the catalogue role changes a forwarding route's rates, JavaScript off, and the calculator prices a parcel by them at once", async ({ browser, isMobile, viewport }) => {
  test.skip(isMobile, "the desktop window walks the settings' wide tables");
  const staff = await addStaff(shop, "catalogue");
  const staffContext = await browser.newContext({ baseURL: base, viewport, javaScriptEnabled: false });
  const page = await staffContext.newPage();
  await signInStaff(page, staff);
  await page.goto("/admin/settings");
  await page.getByRole("link", { name: "DE → LT" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forwarding rates DE → LT");
  const rates = page.getByRole("form", { name: "DE → LT" });

  // Days in the wrong order are refused by the field, with what was typed kept.
  await rates.getByLabel("Air: fewest delivery days").fill("12");
  await rates.getByLabel("Air: most delivery days").fill("4");
  await rates.getByLabel("Air: first price in euros").fill("15,50");
  await rates.getByRole("button", { name: "Save the rates of DE → LT" }).click();
  await expect(page.getByLabel("Air: most delivery days")).toHaveAccessibleDescription("The most days cannot be fewer than the fewest.");
  await expect(page.getByLabel("Air: first price in euros")).toHaveValue("15,50");
  await expectAccessible(page, { javaScriptEnabled: false });

  await page.getByLabel("Air: fewest delivery days").fill("4");
  await page.getByLabel("Air: most delivery days").fill("6");
  await page.getByLabel("Air: weight the first price covers, in kg").fill("1");
  await page.getByRole("button", { name: "Save the rates of DE → LT" }).click();
  await expect(page.getByRole("status")).toHaveText("The rates of DE → LT are saved; the calculator prices by them now.");
  await expect(page.getByText("Sea never costs more than air.")).toBeVisible();
  await expect(page.getByRole("table").last()).toContainText("settings.forwarding_rates");

  // A 1 kg parcel from Germany to Lithuania, as a shopper asks.
  const guest = await browser.newContext({ baseURL: base, viewport });
  const shopper = await guest.newPage();
  await shopper.goto("/en/calculate");
  await shopper.getByLabel("From warehouse").selectOption("de");
  await shopper.getByLabel("Destination country").selectOption({ label: "Lithuania" });
  await shopper.getByLabel("Weight (kg)").fill("1");
  await shopper.getByRole("button", { name: "Calculate" }).click();
  await expect(shopper.getByRole("heading", { name: "Your estimate" })).toBeVisible();
  const shipping = shopper.getByRole("row", { name: /^Shipping/ });
  await expect(shipping.getByRole("cell").first()).toHaveText("€15.50");
  await expect(shopper.getByRole("row", { name: /^Delivery time/ }).getByRole("cell").first()).toHaveText(/^4–6 /);
  await guest.close();
  await staffContext.close();
});

test("the catalogue role renames a site and turns its deal zone off; a shopper's pages show both within a second, and a wrong tag id is named by its field", async ({ browser, isMobile, viewport }) => {
  test.skip(isMobile, "the desktop window walks the settings' wide tables");
  const staff = await addStaff(shop, "catalogue");
  const staffContext = await browser.newContext({ baseURL: base, viewport });
  const page = await staffContext.newPage();
  await signInStaff(page, staff);
  await page.goto("/admin/settings");
  await page.getByRole("link", { name: "Shipwise", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Site settings: Shipwise");
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Shipwise" });

  await form.getByLabel("Site name").fill("Shipwise Baltic");
  await form.getByLabel("Deal zone").uncheck();
  await form.getByLabel("Google Tag Manager id in English").fill("UA-1234");
  await form.getByRole("button", { name: "Save the settings of Shipwise" }).click();
  await expect(form.getByLabel("Google Tag Manager id in English")).toHaveAccessibleDescription("A Google Tag Manager id looks like GTM-AB12CD.");
  await expect(form.getByLabel("Site name")).toHaveValue("Shipwise Baltic");
  await expectAccessible(page);

  await form.getByLabel("Google Tag Manager id in English").fill("");
  await form.getByRole("button", { name: "Save the settings of Shipwise" }).click();
  await expect(page.getByRole("status")).toHaveText("The settings of Shipwise Baltic are saved; every page shows them within a second.");

  const guest = await browser.newContext({ baseURL: base, viewport });
  const shopper = await guest.newPage();
  const dealZone = shopper.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Deal zone" });
  // Each server notices the shell's new version within a second.
  await expect(async () => {
    await shopper.goto("/en");
    await expect(shopper.getByRole("banner").getByRole("link", { name: "Shipwise Baltic" })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 5_000 });
  await expect(dealZone).toHaveCount(0);

  // Put back, for the tests after this one.
  await page.getByRole("form", { name: "Shipwise Baltic" }).getByLabel("Site name").fill("Shipwise");
  await page.getByRole("form", { name: "Shipwise Baltic" }).getByLabel("Deal zone").check();
  await page.getByRole("form", { name: "Shipwise Baltic" }).getByRole("button", { name: "Save the settings of Shipwise Baltic" }).click();
  await expect(page.getByRole("status")).toHaveText("The settings of Shipwise are saved; every page shows them within a second.");
  await expect(async () => {
    await shopper.goto("/en");
    await expect(dealZone).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 5_000 });
  await guest.close();
  await staffContext.close();
});

test("the catalogue role moves a home page section up, and the shop's home page shows the new order", async ({ browser, isMobile, viewport }) => {
  test.skip(isMobile, "the desktop window walks the sections' wide table");
  test.setTimeout(90_000);
  const staff = await addStaff(shop, "catalogue");
  const staffContext = await browser.newContext({ baseURL: base, viewport });
  const page = await staffContext.newPage();
  await signInStaff(page, staff);
  await waitForHydration(page);

  await page.goto("/admin/content");
  await page.getByRole("navigation", { name: "Content" }).getByRole("link", { name: "Home page" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home page");
  await page.getByRole("link", { name: "Shipwise (default)" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Home page: Shipwise");
  await expectAccessible(page);

  const guest = await browser.newContext({ baseURL: base, viewport });
  const shopper = await guest.newPage();
  const headings = async () => {
    await shopper.goto("/en");
    return shopper.locator("main h2").allTextContents();
  };
  const before = await headings();
  expect(before.indexOf("How quotes and forwarding work")).toBeGreaterThan(before.indexOf("Best sellers"));

  await page.getByRole("button", { name: "Move How it works up" }).click();
  await expect(page.getByRole("status")).toHaveText("Moved. The home page shows the new order now.");
  await expect(page.getByRole("region", { name: "Audit log" }).getByText("home.move")).toBeVisible();
  await expect.poll(async () => {
    const after = await headings();
    return after.indexOf("How quotes and forwarding work") < after.indexOf("Best sellers");
  }).toBe(true);
  await guest.close();
  await staffContext.close();
});

import { expect, test } from "@playwright/test";
import en from "../../app/locales/en";
import { expectAccessible, openRegionMenu, waitForHydration } from "./fixtures";

// The suite's server, on the port playwright.config.ts chose.
const PORT = Number(process.env.E2E_PORT);
const at = (host: string, path = "/") => `http://${host}:${PORT}${path}`;

// Chromium sends *.localhost to this machine, so each site answers on its own host.
const SITES = [
  { host: "localhost", code: "default", name: "Shipwise", defaultLanguage: "lt", languages: ["lt", "en", "lv", "ee"] },
  { host: "lt.localhost", code: "lt", name: "Siuntų Tiltas", defaultLanguage: "lt", languages: ["lt", "en"] },
  { host: "lv.localhost", code: "lv", name: "Sūtņu Tilts", defaultLanguage: "lv", languages: ["lv", "en"] },
  { host: "ee.localhost", code: "ee", name: "Pakisild", defaultLanguage: "ee", languages: ["ee", "en"] },
  { host: "pj.localhost", code: "pj", name: "Preloved Junction", defaultLanguage: "lt", languages: ["lt", "en"] },
  { host: "tp.localhost", code: "tp", name: "TradePort", defaultLanguage: "en", languages: ["en", "lt", "lv", "ee"] },
  { host: "wl.localhost", code: "wl", name: "WhiteLine Logistics", defaultLanguage: "en", languages: ["en", "lt", "lv", "ee"] },
  { host: "nl.localhost", code: "nl", name: "Noordlijn", defaultLanguage: "en", languages: ["en", "lt", "lv", "ee"] },
  { host: "ae.localhost", code: "ae", name: "Dune Express", defaultLanguage: "en", languages: ["en", "lt", "lv", "ee"] },
];

// Hosts, languages and texts are the same in every window: the phone window
// is walked by the switchers below, whose menus it lays out its own way.
const ONE_WINDOW = "the same in every window";

test.describe("sites by host", () => {
  test.skip(({ isMobile }) => isMobile, ONE_WINDOW);
  for (const site of SITES) {
    test(`${site.host} serves ${site.name} in its default language`, async ({ page }) => {
      await page.goto(at(site.host));
      expect(new URL(page.url()).pathname).toBe(`/${site.defaultLanguage}`);
      await expect(page).toHaveTitle(new RegExp(`\\| ${site.name}$`));
      await expect(page.locator("html")).toHaveAttribute("data-theme", site.code);
      await openRegionMenu(page);
      const languageLinks = page.getByRole("banner").locator("nav ul").first().getByRole("link");
      await expect(languageLinks).toHaveText(site.languages);
      if (site.code !== "default") await expectAccessible(page);
    });

    test(`${site.host} answers its store configuration`, async ({ page }) => {
      await page.goto(at(site.host, "/status"));
      const answer = await page.evaluate(async (langIso) => {
        const response = await fetch("/api/store-config", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ langIso }) });
        return { status: response.status, body: await response.json() };
      }, site.defaultLanguage);
      expect(answer.status).toBe(200);
      const body = answer.body;
      expect(Object.keys(body).sort()).toEqual(["blogs", "conversionCurrency", "currencies", "filteredCurrencies", "searchKeys", "site"]);
      expect(body.site.code).toBe(site.code);
      expect(body.site.name).toBe(site.name);
      expect(body.site.languages.map((l: { iso_code: string }) => l.iso_code)).toEqual(site.languages);
      expect(body.site.languages[0]).toMatchObject({ id: expect.any(Number), pivot: expect.objectContaining({ gtm_id: null }) });
      expect(body.filteredCurrencies.map((c: { iso_code: string }) => c.iso_code)).toContain("EUR");
      expect(body.currencies.length).toBeGreaterThanOrEqual(body.filteredCurrencies.length);
      expect(typeof body.currencies[0].exchange_rate).toBe("string");
      expect(body.searchKeys).toEqual({ countryId: expect.any(Number), languageId: body.site.languages[0].id });
      expect(body.blogs).toBe(true);
      expect(body.site.forceLightTheme).toBe(site.code !== "default");
    });
  }

  test("an unknown host gets the default site", async ({ page }) => {
    await page.goto(at("unknown-brand.localhost"));
    await expect(page).toHaveTitle(/\| Shipwise$/);
  });
});

test.describe("languages in the URL", () => {
  test.skip(({ isMobile }) => isMobile, ONE_WINDOW);
  for (const [locale, htmlLang, heading] of [
    ["en", "en", "Shop the world, delivered to your door"],
    ["lt", "lt", "Apsipirkite visame pasaulyje – pristatysime iki durų"],
    ["lv", "lv", "Iepērcieties visā pasaulē – piegādāsim līdz durvīm"],
    ["ee", "et", "Ostke üle maailma, toome ukseni"],
  ]) {
    test(`/${locale} is in that language`, async ({ page }) => {
      await page.goto(`/${locale}`);
      await expect(page.locator("html")).toHaveAttribute("lang", htmlLang!);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);
      // hreflang alternates for every language and a canonical URL.
      await expect(page.locator('link[rel="alternate"][hreflang="et"]')).toHaveAttribute("href", /\/ee$/);
      await expect(page.locator('link[rel="alternate"]')).toHaveCount(5);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/${locale}$`));
    });
  }

  test("a bare path goes to the host's default language, keeping the path and query", async ({ page }) => {
    await page.goto(at("lv.localhost", "/about-us?from=mail"));
    expect(page.url()).toBe(at("lv.localhost", "/lv/about-us?from=mail"));
  });

  test("a bare path goes to the saved language once one is saved", async ({ page }) => {
    await page.goto("/ee");
    // The page's answer saves the language it shows (spec 2).
    await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === "locale")).toBe(true);
    await page.goto("/about-us");
    expect(new URL(page.url()).pathname).toBe("/ee/about-us");
  });

  test("the page's own answer saves its language, so it holds without JavaScript", async ({ request }) => {
    // "ImVuIg==" is the cookie's encoding of "en".
    const response = await request.get("/lt/about-us", { headers: { cookie: "locale=ImVuIg%3D%3D" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["set-cookie"]).toMatch(/^locale=Imx0Ig%3D%3D;/);
  });

  test("a saved language the site does not offer is passed over for the site's default", async ({ page }) => {
    await page.goto(at("tp.localhost", "/lv"));
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "locale")).toBeTruthy();
    await page.goto(at("lt.localhost", "/faq"));
    expect(new URL(page.url()).pathname).toBe("/lt/faq");
  });

  test("the home page without a language and nothing saved goes to the default site's default language", async ({ request }) => {
    const response = await request.get("/", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/lt");
  });

  test("a language the site does not offer is replaced by one it does", async ({ page }) => {
    await page.goto(at("lv.localhost", "/lt/about-us"));
    expect(new URL(page.url()).pathname).toBe("/lv/about-us");
  });
});

/** The English texts that must not show on a page in another language. */
function englishTexts(value: object): string[] {
  return Object.values(value).flatMap((child) =>
    typeof child === "string" ? [child.replace(/\{\{\w+\}\}/g, "").trim()] : englishTexts(child as object),
  );
}

/** The phrase as whole words: "Blog" is not in the Latvian "Blogs". */
function wordsIn(text: string, phrase: string) {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, "u").test(text);
}

test.describe("translations", () => {
  test.skip(({ isMobile }) => isMobile, ONE_WINDOW);
  const english = englishTexts(en).filter((text) => text.length > 3 && /[a-z]{3}/i.test(text));

  for (const locale of ["lt", "lv", "ee"]) {
    test(`no English text on the ${locale} pages`, async ({ page }) => {
      for (const path of ["", "/about-us", "/no-such-page", "/404"]) {
        await page.goto(`/${locale}${path}`);
        const text = await page.locator("body").innerText();
        const found = english.filter((phrase) => wordsIn(text, phrase));
        expect(found, `${locale}${path}`).toEqual([]);
        // Product names are translated too (brand names aside).
        if (path === "") await expect(page.locator("article h3").first()).not.toHaveText(/Wireless|Headphones|Sneakers|Jacket/);
      }
    });
  }

  test("the translation messages API serves every language and the Russian validation texts", async ({ request }) => {
    const response = await request.get("/api/translations/translationMessages");
    const { resources } = await response.json();
    expect(Object.keys(resources).sort()).toEqual(["ee", "en", "lt", "lv", "ru"]);
    expect(resources.lt.translation.validation.required).toBe("Laukas privalomas.");
    expect(resources.ru.translation.validation.required).toBe("Поле обязательно для заполнения.");
    const languages = await (await request.get("/api/config/languages")).json();
    expect(languages.map((l: { iso_code: string }) => l.iso_code)).toEqual(["lt", "en", "lv", "ee"]);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`switchers, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the currency switcher converts every price and is remembered", async ({ page }) => {
      await page.goto("/en");
      const price = page.getByRole("region", { name: "New arrivals" }).getByRole("article").first().locator("p").last();
      await expect(price).toContainText("€");
      await openRegionMenu(page);
      await page.getByLabel("Currency").selectOption({ label: "USD $" });
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply" }).click();
      await expect(price).toContainText("$");
      await page.reload();
      await expect(price).toContainText("$");
      await expect(page.getByLabel("Currency")).toHaveValue("2");
      expect(new URL(page.url()).pathname).toBe("/en");
    });

    test("a currency chosen before the page comes alive is not lost", async ({ page }) => {
      test.skip(!javaScriptEnabled, "without scripts the choice waits for Apply");
      // The page comes alive only once its texts file is read: hold it until the shopper has chosen.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/texts/**", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/en");
      const price = page.getByRole("region", { name: "New arrivals" }).getByRole("article").first().locator("p").last();
      await expect(price).toContainText("€");
      await openRegionMenu(page);
      await page.getByLabel("Currency").selectOption({ label: "USD $" });
      release();
      await waitForHydration(page);
      await expect(price).toContainText("$");
      await expect(page.getByLabel("Currency")).toHaveValue("2");
    });

    test("the layout toggle switches grid and list and is remembered", async ({ page }) => {
      await page.goto("/en");
      // With scripts, the toggle is the page's own once it has hydrated; a click before is the browser's form post.
      if (javaScriptEnabled) await waitForHydration(page);
      const shelf = page.getByRole("region", { name: "Best sellers" });
      await expect(shelf.getByRole("button", { name: "Show as a grid" })).toHaveAttribute("aria-pressed", "true");
      // The post itself: the preferences route's script (/assets/preferences-….js), fetched first with scripts on, is not the choice saved.
      const saved = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/en/preferences"));
      await shelf.getByRole("button", { name: "Show as a list" }).click();
      await saved;
      await expect(shelf.getByRole("button", { name: "Show as a list" })).toHaveAttribute("aria-pressed", "true");
      await expect(shelf.locator("ul").last()).toHaveClass(/flex-col/);
      await page.reload();
      await expect(shelf.getByRole("button", { name: "Show as a list" })).toHaveAttribute("aria-pressed", "true");
    });
  });
}

test("a tampered currency choice gets a clear error and changes nothing", async ({ page, request }) => {
  const response = await request.post("/en/preferences", { form: { currency_id: "999", redirectTo: "/en" }, maxRedirects: 0 });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("That choice is not available on this site.");
  await page.goto("/en");
  await expect(page.getByLabel("Currency")).toHaveValue("1");
});

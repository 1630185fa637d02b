import { expect, type Page } from "@playwright/test";
import { expectAccessible, test } from "./fixtures";
import { killServer, startServer, type ScratchServer } from "./scratch-server";
import { freePort } from "./free-port";

// Issue 16, points 8 and 9, in the browser (decision 029): on a site with
// third-party tag ids, nothing from another company loads before the visitor
// answers the consent banner; after consent to analytics only, the tag
// manager loads and the marketing and chat tags do not; the answer can be
// changed from the footer; a landing's campaign goes to POST /api/utm. The
// demo sites have no tag ids, so this runs its own server with some.

const PORT = freePort();
const TAG_IDS = "gtm_id=GTM-TEST01;pixel_id=1234567890,2345678901;criteo_key=12345;klaviyo_key=AbC123;live_agent_id=shipwise:ab12cd34";

let server: ScratchServer | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer("memory://", PORT, { DEMO_TAG_IDS: TAG_IDS });
});

test.afterAll(async () => {
  await killServer(server);
});

/** Every request the page makes to another host, answered here with an empty script so the test never leaves the machine. */
async function recordOtherHosts(page: Page) {
  const asked: string[] = [];
  await page.context().route(
    (url) => url.hostname !== "127.0.0.1",
    async (route) => {
      asked.push(route.request().url());
      await route.fulfill({ status: 200, contentType: "text/javascript", body: "" });
    },
  );
  return asked;
}

const tagsInPage = (page: Page) => page.locator("script[data-tag]").evaluateAll((scripts) => scripts.map((script) => script.getAttribute("data-tag")));

for (const javaScriptEnabled of [true, false]) {
  test.describe(`consent, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("no tag before an answer; analytics only loads the tag manager and no marketing tag; the footer changes the answer", async ({ page }) => {
      const base = server!.base;
      const asked = await recordOtherHosts(page);

      await page.goto(`${base}/en`);
      const banner = page.getByRole("region", { name: "Cookies and third-party tags" });
      await expect(banner).toBeVisible();
      await expect(banner.getByRole("checkbox", { name: /Necessary/ })).toBeDisabled();
      await page.goto(`${base}/en/faq`);
      await expect(banner).toBeVisible();
      expect(await tagsInPage(page)).toEqual([]);
      await page.waitForLoadState("networkidle");
      expect(asked).toEqual([]);
      await expectAccessible(page, { javaScriptEnabled });

      await banner.getByRole("checkbox", { name: /Analytics/ }).check();
      await banner.getByRole("button", { name: "Save choices" }).click();
      await expect(page).toHaveURL(`${base}/en/faq`);
      await expect(banner).toHaveCount(0);
      expect(await tagsInPage(page)).toEqual(["gtm-init", "gtm"]);
      if (javaScriptEnabled) {
        await expect.poll(() => asked.filter((url) => url.startsWith("https://www.googletagmanager.com/gtm.js?id=GTM-TEST01"))).toHaveLength(1);
      }
      await page.waitForLoadState("networkidle");
      expect(asked.filter((url) => !url.startsWith("https://www.googletagmanager.com/"))).toEqual([]);
      // Without JavaScript the browser runs no script, so it asks nobody.
      if (!javaScriptEnabled) expect(asked).toEqual([]);

      // The answer holds on the next page, and the footer opens it again.
      await page.goto(`${base}/en/blog`);
      await expect(banner).toHaveCount(0);
      expect(await tagsInPage(page)).toEqual(["gtm-init", "gtm"]);
      await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Cookie settings" })).toBeVisible();
      await expect(page.getByRole("checkbox", { name: /Analytics/ })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: /Marketing/ })).not.toBeChecked();
      await expectAccessible(page, { javaScriptEnabled });
      await page.getByRole("button", { name: "Only necessary" }).click();
      await expect(page).toHaveURL(`${base}/en/blog`);
      await expect(banner).toHaveCount(0);
      expect(await tagsInPage(page)).toEqual([]);
    });

    test("the banner and the settings page are translated and accessible in every language", async ({ page, isMobile }) => {
      test.skip(isMobile, "the texts are the same in every window; the phone window is walked in English above");
      // Six pages, each checked for accessibility: over a minute on a busy machine.
      test.setTimeout(120_000);
      for (const [locale, title] of [["lt", "Slapukai ir trečiųjų šalių žymos"], ["lv", "Sīkdatnes un trešo pušu tagi"], ["ee", "Küpsised ja kolmandate osapoolte märgendid"]] as const) {
        await page.goto(`${server!.base}/${locale}`);
        await expect(page.getByRole("region", { name: title })).toBeVisible();
        // The colours are the English walk's above: the same stylesheet.
        await expectAccessible(page, { javaScriptEnabled, contrast: false });
        await page.goto(`${server!.base}/${locale}/cookie-consent`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectAccessible(page, { javaScriptEnabled, contrast: false });
      }
    });
  });
}

test("a landing's campaign is sent to POST /api/utm once and kept in the utm cookie", async ({ page }) => {
  const base = server!.base;
  await recordOtherHosts(page);
  const posts: unknown[] = [];
  page.on("request", (request) => {
    if (request.url() === `${base}/api/utm` && request.method() === "POST") posts.push(request.postDataJSON());
  });
  await page.goto(`${base}/en?utm_source=newsletter&utm_medium=email&utm_campaign=spring-sale`);
  await expect.poll(() => posts).toEqual([{ utm_source: "newsletter", utm_medium: "email", utm_campaign: "spring-sale" }]);
  await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === "utm")?.value).toContain("spring-sale");
  // Coming back to the same page in the same visit counts nothing again.
  await page.reload();
  await page.waitForLoadState("networkidle");
  expect(posts).toHaveLength(1);
});

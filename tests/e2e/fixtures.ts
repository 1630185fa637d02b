import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Fails on any WCAG 2.x A or AA violation axe-core finds on the page. axe
 * runs as a script, which a page without JavaScript cannot run: its markup
 * and styles, as that page shows them, are checked in a twin page without
 * the shop's scripts.
 *
 * `contrast: false` leaves out axe's colour contrast, which is four tenths
 * of its time: for a page already checked in another language, whose
 * colours are the same stylesheet's.
 */
export async function expectAccessible(page: Page, { javaScriptEnabled = true, contrast = true }: { javaScriptEnabled?: boolean; contrast?: boolean } = {}) {
  // A URL assertion passes once a navigation commits, while the document may
  // still be arriving: check the whole page, not the part parsed so far.
  await page.waitForLoadState("load");
  let checked = page;
  if (!javaScriptEnabled) {
    // The twin asks for the same address and is answered the markup this
    // page shows, so its styles load from the shop as the page's did.
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>|<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
    // The test's own options (JavaScript off among them) apply to every new context: turn it back on.
    const twin = await page.context().browser()!.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
    checked = await twin.newPage();
    await checked.route(page.url(), (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
    await checked.goto(page.url());
  }
  const axe = new AxeBuilder({ page: checked }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  const results = await (contrast ? axe : axe.disableRules(["color-contrast"])).analyze();
  if (checked !== page) await checked.context().close();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary, "accessibility violations").toEqual([]);
}

/**
 * Waits until the page's scripts have taken it over (the root marks
 * `<html data-hydrated>`): before then a click is the browser's own, and a
 * link loads a whole page or a radio turns without its form being sent.
 */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** On a narrow screen the header keeps the language and currency in a small menu: opens it there. */
export async function openRegionMenu(page: Page) {
  const summary = page.getByRole("banner").locator("details > summary").first();
  if (await summary.isVisible()) await summary.click();
}

/** A client address of its own for a test, sent as X-Forwarded-For (the test server trusts loopback proxies). */
export function ownClientAddress() {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return { "x-forwarded-for": `10.${part()}.${part()}.${part()}` };
}

export interface Account {
  email: string;
  password: string;
}

/** The demo accounts the README names. The customer's six orders are counted by tests: buy as the pro. */
export const DEMO = {
  customer: { email: "customer@example.com", password: "demo-customer-2026" },
  pro: { email: "pro@example.com", password: "demo-pro-2026" },
} as const satisfies Record<string, Account>;

/**
 * The suite's `test`: `signIn` signs the test's browser context in, as a
 * fresh account made for the test (no argument) or as a given one, through
 * the JSON API, so tests that are not about signing in do not repeat it;
 * every session it opened is ended when the test is over.
 */
export const test = base.extend<{ signIn: (account?: Account) => Promise<Account> }>({
  // `provide` is Playwright's `use`, renamed so it is not taken for a React hook.
  signIn: async ({ context }, provide) => {
    const headers = ownClientAddress();
    let signedIn = false;
    await provide(async (account) => {
      const chosen = account ?? { email: `shopper-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`, password: "shopper-password-2026" };
      const answer = account
        ? await context.request.post("/api/auth/login", { data: chosen, headers })
        : await context.request.post("/api/auth/register", { data: { ...chosen, first_name: "Ona", last_name: "Shopper" }, headers });
      expect(answer.status(), `signing in as ${chosen.email}`).toBe(account ? 200 : 201);
      signedIn = true;
      return chosen;
    });
    if (signedIn) expect((await context.request.post("/api/auth/logout", { headers })).status()).toBe(200);
  },
});

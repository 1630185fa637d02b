import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, waitForHydration } from "./fixtures";

// The header's search field suggests products and categories as the shopper
// types (docs/decisions/012-search-suggestions.md), on the desktop and the phone.

const LABELS = { en: ["Search the shop", "Search suggestions"], lt: ["Ieškoti parduotuvėje", "Paieškos pasiūlymai"] } as const;
const language = (page: Page) => (page.url().includes("/lt") ? "lt" : "en");
const field = (page: Page) => page.getByLabel(LABELS[language(page)][0]);
const combobox = (page: Page) => page.getByRole("combobox", { name: LABELS[language(page)][0] });
const suggestions = (page: Page) => page.getByRole("listbox", { name: LABELS[language(page)][1] });
/** The list's visible message (the status region says the same to screen readers). */
const message = (page: Page, text: string) => page.getByText(text, { exact: true }).and(page.getByRole("paragraph"));

/** Types like a shopper; two letters or more are a question, whose answer to the whole text is waited for and returned. */
async function type(page: Page, text: string): Promise<{ total: number } | null> {
  const answered =
    text.trim().length >= 2
      ? page.waitForResponse((response) => response.url().includes("/api/search/suggest") && new URL(response.url()).searchParams.get("q") === text.trim())
      : null;
  await field(page).click();
  await field(page).fill("");
  await field(page).pressSequentially(text, { delay: 40 });
  return answered ? ((await (await answered).json()) as { total: number }) : null;
}

test("the suggestions load only once the search field is used", async ({ page }) => {
  const loaded: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/SearchSuggestions-[^/]+\.js$/.test(request.url())) loaded.push(request.url());
  });
  await page.goto("/en");
  await page.waitForLoadState("networkidle");
  await waitForHydration(page);
  expect(loaded).toEqual([]);
  await expect(page.getByRole("searchbox", { name: "Search the shop" })).toHaveAttribute("placeholder", "Search...");
  await field(page).focus();
  await expect(combobox(page)).toHaveAttribute("aria-expanded", "false");
  expect(loaded).toHaveLength(1);
});

test("a shopper types part of a word, sees suggestions and opens a product with the keyboard", { tag: "@phone" }, async ({ page }) => {
  await page.goto("/en");
  await type(page, "headph");
  await expect(combobox(page)).toHaveAttribute("aria-expanded", "true");
  const options = suggestions(page).getByRole("option");
  await expect(options.first()).toContainText(/Headphones/i);
  expect(await options.count()).toBeLessThanOrEqual(6 + 3 + 1);
  const showAll = suggestions(page).getByRole("option", { name: /^Show all results \(\d+\)$/ });
  await expect(showAll).toBeVisible();
  const total = Number(/\((\d+)\)/.exec((await showAll.textContent()) ?? "")?.[1]);
  await expect(page.getByRole("status").filter({ hasText: `Results: ${total}` })).toHaveCount(1);
  await expectAccessible(page);

  // Down walks into the list, Up wraps to its end, Home and End jump.
  await combobox(page).press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await expect(combobox(page)).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
  await combobox(page).press("End");
  await expect(showAll).toHaveAttribute("aria-selected", "true");
  await combobox(page).press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await combobox(page).press("ArrowUp");
  await expect(showAll).toHaveAttribute("aria-selected", "true");
  await combobox(page).press("Home");
  await combobox(page).press("ArrowDown");
  const second = options.nth(1);
  await expect(second).toHaveAttribute("aria-selected", "true");
  const chosen = (await second.textContent())!;

  // Escape closes the list and keeps the words; Down opens it again.
  await combobox(page).press("Escape");
  await expect(suggestions(page)).toBeHidden();
  await expect(combobox(page)).toHaveValue("headph");
  await combobox(page).press("ArrowDown");
  await combobox(page).press("ArrowDown");
  await expect(second).toHaveAttribute("aria-selected", "true");

  await combobox(page).press("Enter");
  await expect(page).toHaveURL(/\/en\/p\/[a-z0-9-]+$/);
  // The address changes before the product page is drawn, so wait for its heading.
  const heading = page.getByRole("heading", { level: 1 });
  const shown = async () => {
    const text = await heading.textContent();
    return Boolean(text) && chosen.includes(text!);
  };
  await expect.poll(shown, { message: `the product page of "${chosen}"` }).toBe(true);
});

test("a misspelt word still finds its products, and the show-all option opens the results page", async ({ page }) => {
  await page.goto("/en");
  const { total } = (await type(page, "hedphones"))!;
  const showAll = suggestions(page).getByRole("option", { name: /^Show all results/ });
  await expect(suggestions(page).getByRole("option").first()).toContainText(/Headphones/i);
  await expect(showAll).toHaveText(`Show all results (${total})`);
  await combobox(page).press("ArrowUp");
  await combobox(page).press("Enter");
  await expect(page).toHaveURL(/\/en\/search\?q=hedphones$/);
  await expect(page.getByTestId("listing-count")).toContainText(`of ${total}`);
});

test("while the answer to more letters is on its way, show-all has no count and searches the whole text", async ({ page }) => {
  await page.goto("/en");
  await type(page, "head");
  const showAll = suggestions(page).getByRole("option", { name: /^Show all results/ });
  await expect(showAll).toHaveText(/^Show all results \(\d+\)$/);
  // The answer to the longer text is held back: the last list stays, but its count is not this text's.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/search\/suggest\?/, async (route) => {
    await held;
    await route.continue();
  });
  await field(page).pressSequentially("phones", { delay: 40 });
  await expect(showAll).toHaveText("Show all results");
  await combobox(page).press("ArrowUp");
  await combobox(page).press("Enter");
  await expect(page).toHaveURL(/\/en\/search\?q=headphones$/);
  // Spec 9's search bar event names the words searched, too (pushed once the data layer's module has loaded).
  await expect.poll(() => page.evaluate(() => (window as { dataLayer?: object[] }).dataLayer)).toContainEqual({ event: "search_bar_show_more", search_term: "headphones" });
  release();
});

test("a category suggestion lists what it counted, in the shopper's language", async ({ page }) => {
  await page.goto("/lt");
  await type(page, "ausin");
  const category = suggestions(page).getByRole("group", { name: "Kategorijos" }).getByRole("option").first();
  await expect(category).toBeVisible();
  const count = Number(/\((\d+)\)/.exec((await category.textContent()) ?? "")?.[1]);
  await category.click();
  await expect(page).toHaveURL(/\/lt\/c\/[a-z0-9/-]+\?q=ausin$/);
  await expect(page.getByTestId("listing-count")).toHaveText(new RegExp(` ${count}$`));
});

test("letters typed before the page comes alive still bring suggestions", async ({ page }) => {
  // The page comes alive only once its texts file is read: hold it until the shopper has typed.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/texts/**", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/en");
  await field(page).click();
  await field(page).pressSequentially("jacket", { delay: 20 });
  const answered = page.waitForResponse((response) => response.url().includes("/api/search/suggest") && new URL(response.url()).searchParams.get("q") === "jacket");
  release();
  await answered;
  await expect(suggestions(page).getByRole("option").first()).toBeVisible();
  await expect(combobox(page)).toHaveValue("jacket");
});

test("Enter without a chosen suggestion searches as the plain form does", async ({ page }) => {
  await page.goto("/en");
  await waitForHydration(page);
  await type(page, "jacket");
  await expect(suggestions(page).getByRole("option").first()).toBeVisible();
  await combobox(page).press("Enter");
  await expect(page).toHaveURL(/\/en\/search\?q=jacket$/);
});

test("nonsense finds nothing, and a single letter offers nothing", async ({ page }) => {
  await page.goto("/en");
  await type(page, "qqxzvw");
  await expect(message(page, 'No results for "qqxzvw".')).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: 'No results for "qqxzvw".' })).toHaveCount(1);
  await expect(combobox(page)).toHaveAttribute("aria-expanded", "false");
  await expectAccessible(page);
  await field(page).fill("q");
  await expect(message(page, "No options.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "No options." })).toHaveCount(1);
});

import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { translate } from "~/lib/texts";
import { adminPageTexts } from "~/platform/admin-texts.server";
import { adminMeta, adminTitle } from "./page-title";

const signedIn = (locale: "en" | "lt") => [
  { id: "root", data: {} },
  { id: "routes/admin/layout", data: { texts: adminPageTexts(locale) } },
];

describe("a back-office tab's title", () => {
  it("names the list the page holds, then the back office, in the staff member's language", () => {
    expect(adminMeta("admin.orders.title")({ matches: signedIn("en") })).toContainEqual({ title: "Orders · Back office" });
    expect(adminMeta("admin.orders.title")({ matches: signedIn("lt") })).toContainEqual({ title: "Užsakymai · Administravimas" });
  });

  it("names a record by its number, and the back office alone before the record is found", () => {
    expect(adminTitle(signedIn("en"), "MP12")).toContainEqual({ title: "MP12 · Back office" });
    expect(adminTitle(signedIn("lt"), undefined)).toContainEqual({ title: "Administravimas" });
  });

  it("keeps every page out of search engines, the layout's noindex being replaced by the page's meta", () => {
    expect(adminTitle(signedIn("en"), "MP12")).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    expect(adminTitle([{ id: "root", data: {} }], "MP12")).toEqual([{ name: "robots", content: "noindex, nofollow" }]);
  });
});

describe("every back-office page", () => {
  const ROUTES = "app/routes/admin";
  const pages = readdirSync(ROUTES)
    .filter((name) => name.endsWith(".tsx") && name !== "layout.tsx")
    .map((name) => ({ name, source: readFileSync(`${ROUTES}/${name}`, "utf8") }));

  it("names its tab with this module", () => {
    expect(pages.length).toBeGreaterThan(50);
    const unnamed = pages.filter(({ source }) => !/export const meta\b.*\badmin(Meta|Title)\(/.test(source)).map(({ name }) => name);
    expect(unnamed).toEqual([]);
  });

  it("names it with a text both of the back office's languages have", () => {
    const missing = pages.flatMap(({ name, source }) =>
      [...source.matchAll(/adminMeta\("([\w.]+)"\)/g)].flatMap(([, key]) =>
        (["en", "lt"] as const).filter((locale) => translate(adminPageTexts(locale), key!) === key).map((locale) => `${name}: ${locale} ${key}`),
      ),
    );
    expect(missing).toEqual([]);
  });
});

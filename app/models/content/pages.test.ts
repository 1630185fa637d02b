import { describe, expect, it } from "vitest";
import { resolvePage, siteShowsPage } from "./pages";

// The contacts page with its own slug in lt and lv, and a page whose slug is
// another page's lv address.
const rows = [
  { page_slug: "contacts", iso_code: "en", address: "contacts" },
  { page_slug: "contacts", iso_code: "lt", address: "kontaktai" },
  { page_slug: "contacts", iso_code: "lv", address: "kontakti" },
  { page_slug: "kontakti", iso_code: "en", address: "kontakti" },
];

describe("resolvePage", () => {
  it("finds a page at its address in the language, with its path in every language", () => {
    expect(resolvePage(rows, "lt", "kontaktai")).toEqual({
      kind: "page",
      row: rows[1],
      paths: { en: "/contacts", lt: "/kontaktai", lv: "/kontakti" },
    });
  });

  it("moves the page's slug, or another language's address, to the language's own address", () => {
    expect(resolvePage(rows, "lt", "contacts")).toEqual({ kind: "moved", pageSlug: "contacts", path: "/kontaktai" });
    expect(resolvePage(rows, "en", "kontaktai")).toEqual({ kind: "moved", pageSlug: "contacts", path: "/contacts" });
  });

  it("prefers the address in the language, then a page's slug, to another language's address", () => {
    expect(resolvePage(rows, "lv", "kontakti")).toMatchObject({ kind: "page", row: { page_slug: "contacts" } });
    expect(resolvePage(rows, "en", "kontakti")).toMatchObject({ kind: "page", row: { page_slug: "kontakti" } });
  });

  it("finds nothing for a page without a text in the language, or no page", () => {
    expect(resolvePage(rows, "ee", "contacts")).toBeNull();
    expect(resolvePage(rows, "en", "nowhere")).toBeNull();
  });
});

describe("siteShowsPage", () => {
  const features = { marketplace: true, dealzone: true, search: true, about_us: false, purchase_agreement: true, blog: true };
  it("leaves out a guarded page on a site without its part, and shows the rest", () => {
    expect(siteShowsPage(features, "about-us")).toBe(false);
    expect(siteShowsPage(features, "purchase-agreement")).toBe(true);
    expect(siteShowsPage(features, "contacts")).toBe(true);
  });
});

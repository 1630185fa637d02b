import { describe, expect, it } from "vitest";
import { PAGES } from "./pages";
import { LANGUAGE_CODES } from "./reference";

// The demo's content pages: every page spec 2 names is there in all four
// languages with a real text of its own, and the slugs a language has of
// its own are paths the catch-all answers.
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;
const SPEC_PAGES = ["about-us", "warranty", "contacts", "privacy-policy", "purchase-agreement", "reservation-policy", "unsupported-browser"];

describe("demo content pages", () => {
  it("has every page of spec 2 in all four languages, each language's text its own", () => {
    for (const slug of SPEC_PAGES) {
      const page = PAGES.find((p) => p.slug === slug);
      expect(page, slug).toBeDefined();
      for (const code of LANGUAGE_CODES) {
        expect(page!.title[code].trim(), `${slug} ${code}`).not.toBe("");
        expect(page!.body[code].length, `${slug} ${code}`).toBeGreaterThan(200);
        if (code !== "en") expect(page!.body[code], `${slug} ${code}`).not.toBe(page!.body.en);
      }
    }
  });

  it("gives contacts, the privacy policy and the warranty a slug of their own in lt, lv and ee", () => {
    const slugs = Object.fromEntries(PAGES.map((p) => [p.slug, p.slugs]));
    expect(slugs.contacts).toEqual({ lt: "kontaktai", lv: "kontakti", ee: "kontaktid" });
    expect(slugs["privacy-policy"]).toEqual({ lt: "privatumo-politika", lv: "privatuma-politika", ee: "privaatsuspoliitika" });
    expect(slugs.warranty).toEqual({ lt: "garantija", lv: "garantija", ee: "garantii" });
  });

  it("has no two pages at one address in a language, and only addresses the catch-all answers", () => {
    for (const code of LANGUAGE_CODES) {
      const addresses = PAGES.map((p) => p.slugs?.[code] ?? p.slug);
      expect(new Set(addresses).size, code).toBe(addresses.length);
      for (const address of addresses) expect(address).toMatch(SLUG);
    }
  });

  it("is plain text: headings by '## ', no other markup", () => {
    for (const page of PAGES) for (const code of LANGUAGE_CODES) expect(page.body[code]).not.toMatch(/\*\*|<[a-z]/i);
  });
});

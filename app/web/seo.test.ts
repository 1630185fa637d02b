import { describe, expect, it } from "vitest";
import { FACET_MORE_PARAM } from "~/models/catalogue/listing";
import { isNoindexQuery, pageMeta } from "./seo";

describe("SEO", () => {
  it("does not index queries with a manufacturer filter, az or s, or a filter list shown whole", () => {
    expect(isNoindexQuery("?f.manufacturer=12")).toBe(true);
    expect(isNoindexQuery("?manufacturer=12")).toBe(true);
    expect(isNoindexQuery("?az=1")).toBe(true);
    expect(isNoindexQuery("?s=phone")).toBe(true);
    expect(isNoindexQuery(`?${FACET_MORE_PARAM}=additional_field_2`)).toBe(true);
    expect(isNoindexQuery("?page=2&sort=price_asc")).toBe(false);
    expect(isNoindexQuery("")).toBe(false);
  });

  it("gives the canonical URL and an alternate per language on the site's address", () => {
    const matches = [
      { id: "root", data: {} },
      {
        id: "routes/layout",
        data: { shell: { site: { name: "Pakisild", appUrl: "https://ee.example", defaultLanguageIso: "ee", languages: [{ iso_code: "ee" }, { iso_code: "en" }] } } },
      },
    ] as never;
    const tags = pageMeta({ matches, location: { pathname: "/en/faq", search: "" } as never }, { title: "FAQ", description: "Help" });
    expect(tags).toEqual([
      { title: "FAQ | Pakisild" },
      { name: "description", content: "Help" },
      { tagName: "link", rel: "canonical", href: "https://ee.example/en/faq" },
      { tagName: "link", rel: "alternate", hrefLang: "et", href: "https://ee.example/ee/faq" },
      { tagName: "link", rel: "alternate", hrefLang: "en", href: "https://ee.example/en/faq" },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://ee.example/ee/faq" },
    ]);
    expect(pageMeta({ matches, location: { pathname: "/ee", search: "?s=1" } as never }, { title: "X" })).toContainEqual({
      name: "robots",
      content: "noindex, follow",
    });
  });

  it("names each language's own path when a page's path differs by language, and only the languages it has", () => {
    const matches = [
      {
        id: "routes/layout",
        data: {
          shell: {
            site: {
              name: "Pakisild",
              appUrl: "https://ee.example",
              defaultLanguageIso: "ee",
              languages: [{ iso_code: "ee" }, { iso_code: "en" }, { iso_code: "lv" }],
            },
          },
        },
      },
    ] as never;
    const tags = pageMeta({ matches, location: { pathname: "/ee/kontaktid", search: "?sent=1" } as never }, { title: "Kontaktid", paths: { ee: "/kontaktid", en: "/contacts" } });
    expect(tags.filter((tag) => "tagName" in tag)).toEqual([
      { tagName: "link", rel: "canonical", href: "https://ee.example/ee/kontaktid" },
      { tagName: "link", rel: "alternate", hrefLang: "et", href: "https://ee.example/ee/kontaktid" },
      { tagName: "link", rel: "alternate", hrefLang: "en", href: "https://ee.example/en/contacts" },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: "https://ee.example/ee/kontaktid" },
    ]);
  });
});

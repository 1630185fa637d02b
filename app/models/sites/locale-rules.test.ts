import { describe, expect, it } from "vitest";
import { fallbackLocale, languageSwitchHref, localeForPath } from "./locale-rules";

const site = { languages: [{ iso_code: "lv" }, { iso_code: "en" }], defaultLanguageIso: "lv" };

describe("locale in the URL", () => {
  it("selects a language the site offers from the first segment", () => {
    expect(localeForPath("/en/faq", site, undefined)).toEqual({ locale: "en" });
    expect(localeForPath("/lv", site, "en")).toEqual({ locale: "lv" });
  });

  it("sends a path without a prefix to the saved language", () => {
    expect(localeForPath("/faq", site, "en")).toEqual({ redirect: "/en/faq" });
    expect(localeForPath("/", site, "en")).toEqual({ redirect: "/en" });
  });

  it("else to the site's default language", () => {
    expect(localeForPath("/faq", site, undefined)).toEqual({ redirect: "/lv/faq" });
    // A saved language the site does not offer does not count.
    expect(localeForPath("/c/phones", site, "lt")).toEqual({ redirect: "/lv/c/phones" });
  });

  it("else to its first language", () => {
    expect(fallbackLocale({ languages: [{ iso_code: "ee" }, { iso_code: "en" }], defaultLanguageIso: null }, undefined)).toBe("ee");
    expect(fallbackLocale({ languages: [{ iso_code: "ee" }], defaultLanguageIso: "lt" }, undefined)).toBe("ee");
  });

  it("replaces a prefix naming a language the site does not offer", () => {
    expect(localeForPath("/lt/faq", site, undefined)).toEqual({ redirect: "/lv/faq" });
    expect(localeForPath("/ee", site, "en")).toEqual({ redirect: "/en" });
  });

  it("keeps a first segment that is not a language", () => {
    expect(localeForPath("/zz/faq", site, undefined)).toEqual({ redirect: "/lv/zz/faq" });
  });

  it("switching language keeps the page and its filters, and resets the sort unless searching", () => {
    expect(languageSwitchHref("/en/c/clothes", "?sort=price_asc&f.manufacturer=3", "lt")).toBe("/lt/c/clothes?f.manufacturer=3");
    expect(languageSwitchHref("/en/search", "?q=lamp&sort=price_asc", "ee")).toBe("/ee/search?q=lamp&sort=price_asc");
    expect(languageSwitchHref("/en", "", "lv")).toBe("/lv");
  });
});

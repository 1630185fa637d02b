import { describe, expect, it } from "vitest";
import { translationsFor } from "./i18n.server";
import { DEFAULT_LOCALE, LOCALES, intlLocale, isLocale, localePath, splitLocale } from "~/lib/i18n";
import en from "~/locales/en";

function leaves(value: object, prefix = ""): [string, string][] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === "string" ? [[`${prefix}${key}`, child] as [string, string]] : leaves(child as object, `${prefix}${key}.`),
  );
}

describe("locales", () => {
  it("are en, lt, lv and ee, with lt the default", () => {
    expect(LOCALES).toEqual(["en", "lt", "lv", "ee"]);
    expect(DEFAULT_LOCALE).toBe("lt");
    expect(isLocale("ee")).toBe(true);
    expect(isLocale("et")).toBe(false);
  });

  it("format Estonian as et", () => {
    expect(intlLocale("ee")).toBe("et");
    expect(intlLocale("lv")).toBe("lv");
  });

  it("split and join the URL prefix", () => {
    expect(splitLocale("/lt/c/phones")).toEqual({ locale: "lt", rest: "/c/phones" });
    expect(splitLocale("/lt")).toEqual({ locale: "lt", rest: "/" });
    expect(splitLocale("/about-us")).toEqual({ locale: undefined, rest: "/about-us" });
    expect(localePath("ee", "/faq")).toBe("/ee/faq");
    expect(localePath("ee", "/")).toBe("/ee");
  });

  it("every language has every text, with the same placeholders, translated", () => {
    const english = new Map(leaves(en));
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const texts = new Map(leaves(translationsFor(locale)));
      expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
      let same = 0;
      for (const [key, text] of texts) {
        expect(text.trim(), `${locale}:${key}`).not.toBe("");
        const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
        expect(placeholders(text), `${locale}:${key}`).toEqual(placeholders(english.get(key)!));
        if (text === english.get(key)) same++;
      }
      // Only texts that read the same in every language (a bare "−{{percent}}%") may match English.
      expect(same, `${locale} texts left in English`).toBeLessThanOrEqual(1);
    }
  });
});

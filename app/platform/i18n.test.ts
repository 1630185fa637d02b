import { describe, expect, it } from "vitest";
import { i18nServer, translationsFor } from "./i18n.server";
import { pluralRuleOf, translate } from "~/lib/texts";
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
    // A text in plural forms has the forms its language needs (texts.test.ts holds them to it): compared by its English "other" form.
    const base = (key: string) => {
      const plural = /^(.*)_(zero|one|few|many|other)$/.exec(key);
      return plural && english.has(`${plural[1]}_other`) ? `${plural[1]}_other` : key;
    };
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const texts = new Map(leaves(translationsFor(locale)));
      expect([...new Set([...texts.keys()].map(base))].sort()).toEqual([...english.keys()].map(base).filter((k, i, all) => all.indexOf(k) === i).sort());
      let same = 0;
      for (const [key, text] of texts) {
        expect(text.trim(), `${locale}:${key}`).not.toBe("");
        const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
        expect(placeholders(text), `${locale}:${key}`).toEqual(placeholders(english.get(base(key))!));
        if (text === english.get(key)) same++;
      }
      // Only texts that read the same in every language (a bare "−{{percent}}%") may match English.
      expect(same, `${locale} texts left in English`).toBeLessThanOrEqual(1);
    }
  });
});

describe("the page texts and the server's texts", () => {
  it("give the same words for every key of every language, placeholders filled alike", async () => {
    for (const locale of LOCALES) {
      const t = await i18nServer.getFixedT(locale);
      const texts = translationsFor(locale);
      for (const [key, text] of leaves(texts)) {
        const values = Object.fromEntries([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map(([, name], index) => [name, `«${name}${index}»`]));
        expect(translate(texts, key, values), `${locale} ${key}`).toBe(t(key, values));
      }
    }
  });
});

describe("the server's translators", () => {
  it("are one per language, shared by every request in it", async () => {
    const lithuanian = await i18nServer.getFixedT(new Request("http://localhost/lt/cart"));
    expect(await i18nServer.getFixedT("lt")).toBe(lithuanian);
    expect(await i18nServer.getFixedT("lv")).not.toBe(lithuanian);
    expect(lithuanian("api.starting")).toBe(translationsFor("lt").api.starting);
    expect((await i18nServer.getFixedT("lv"))("api.starting")).toBe(translationsFor("lv").api.starting);
  });
});

describe("translate", () => {
  const texts = { cart: { count: "{{count}} in the cart", title: "Cart" } };

  it("finds a text by its dotted key and fills its placeholders", () => {
    expect(translate(texts, "cart.title")).toBe("Cart");
    expect(translate(texts, "cart.count", { count: 3 })).toBe("3 in the cart");
  });

  it("gives a text kept in plural forms in the form its language's rules choose for the count", () => {
    const plural = { cart: { items_one: "{{count}} prekė", items_few: "{{count}} prekės", items_many: "{{count}} prekės", items_other: "{{count}} prekių" } };
    const rule = pluralRuleOf("lt");
    expect([1, 3, 10, 21, 1.5].map((count) => translate(plural, "cart.items", { count }, rule))).toEqual(["1 prekė", "3 prekės", "10 prekių", "21 prekė", "1.5 prekės"]);
    // Without the language's rules, or without a count, the "other" form or the key.
    expect(translate(plural, "cart.items", { count: 1 })).toBe("1 prekių");
    expect(translate(plural, "cart.items")).toBe("cart.items");
  });

  it("shows the key of a missing text, never another language (spec 8)", () => {
    expect(translate(texts, "cart.missing")).toBe("cart.missing");
    expect(translate(texts, "cart")).toBe("cart");
    expect(translate(texts, "cart.title.deeper")).toBe("cart.title.deeper");
    expect(translate(undefined, "cart.title")).toBe("cart.title");
  });
});

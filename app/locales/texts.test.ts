import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatCount, intlLocale, LOCALES, type Locale } from "~/lib/i18n";
import { pluralRuleOf, translate, type Texts } from "~/lib/texts";
import { i18nServer, translationsFor } from "~/platform/i18n.server";
import { GLOSSARY } from "./glossary";

// The texts as a native copy editor of each language holds them: the
// glossary's one word per thing, one formality, the language's plural forms
// wherever a count stands before a word, and its typography.

function leaves(value: object, prefix = ""): [string, string][] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === "string" ? [[`${prefix}${key}`, child] as [string, string]] : leaves(child as object, `${prefix}${key}.`),
  );
}

const textsOf = (locale: Locale) => new Map(leaves(translationsFor(locale)));
const PLURAL = /^(.*)_(zero|one|few|many|other)$/;
/** The keys of texts kept in plural forms, without their category: "listing.applyCount". */
const pluralBases = [...textsOf("en").keys()].flatMap((key) => (key.endsWith("_other") ? [key.slice(0, -"_other".length)] : []));
const COUNTS = [0, 1, 2, 5, 11, 21, 101];

describe("the glossary", () => {
  for (const term of GLOSSARY) {
    it(`holds every language to one word for ${term.concept.split(":")[0]}`, () => {
      for (const locale of LOCALES) {
        const texts = textsOf(locale);
        const banned = term.banned?.[locale];
        if (banned) {
          const offending = [...texts].filter(([key, text]) => (!term.within || term.within.test(key)) && banned.test(text));
          expect(offending, `${locale}: ${term.terms[locale]}, not ${banned}`).toEqual([]);
        }
        const stem = term.shownIn?.stems[locale];
        if (stem) expect(texts.get(term.shownIn!.key)?.toLowerCase(), `${locale}: ${term.shownIn!.key}`).toContain(stem.toLowerCase());
      }
    });
  }

  it("is written out in docs/glossary.md, every chosen word of every language", () => {
    const doc = readFileSync(new URL("../../docs/glossary.md", import.meta.url), "utf8");
    for (const term of GLOSSARY) for (const locale of LOCALES) expect(doc, `${locale}: ${term.terms[locale]}`).toContain(term.terms[locale]);
  });
});

describe("formality", () => {
  it("Estonian addresses the customer as teie, never sina", () => {
    const sina = /\b(sa|sul|sinu|sind|sulle|sinult|sinuga|soovid|võid|oled|saad|maksad|näed)\b/i;
    expect([...textsOf("ee")].filter(([, text]) => sina.test(text))).toEqual([]);
  });

  it("Estonian sentences ask in the plural (Kleepige), only short buttons and links say Kleebi", () => {
    // A sentence (ending in a full stop) that opens with a singular imperative.
    const singular = /(^|[.!?] )(Kleebi|Alusta|Vali|Sisesta|Kasuta|Kirjuta|Proovi|Vii|Esita|Küsi|Lisa|Hoia|Jälgi|Võta|Logi|Loo)\b[^.]*\./;
    expect([...textsOf("ee")].filter(([, text]) => singular.test(text))).toEqual([]);
  });

  it("Latvian does not assume the customer is a man or a woman", () => {
    // "Jūs esat lūdzis", "kad esat atgriezies": a past participle that has a gender.
    const gendered = /\b(ne)?esat \p{L}+(is|ies|usi|usies)\b|\bjūs esat \p{L}+(jis|jies)\b/iu;
    expect([...textsOf("lv")].filter(([, text]) => gendered.test(text))).toEqual([]);
  });
});

describe("numbers in sentences", () => {
  it("a text that takes a count has its language's plural forms, and only those", () => {
    for (const locale of LOCALES) {
      const texts = textsOf(locale);
      const categories = new Intl.PluralRules(intlLocale(locale)).resolvedOptions().pluralCategories;
      for (const base of pluralBases) {
        const forms = [...texts.keys()].flatMap((key) => (PLURAL.exec(key)?.[1] === base ? [PLURAL.exec(key)![2]] : []));
        expect(forms.sort(), `${locale}: ${base}`).toEqual([...categories].sort());
      }
    }
  });

  it("renders every such text with 0, 1, 2, 5, 11, 21 and 101 in the form the language's rules choose, on pages and on the server alike", async () => {
    for (const locale of LOCALES) {
      const texts = translationsFor(locale) as unknown as Texts;
      const flat = textsOf(locale);
      const rule = pluralRuleOf(intlLocale(locale));
      const t = await i18nServer.getFixedT(locale);
      for (const base of pluralBases) {
        for (const count of COUNTS) {
          const values = { count, min: count, max: count, most: count, hours: count, minutes: count, phone: "iPhone", price: "1 €", number: "R1" };
          const expected = translate(texts, `${base}_${rule(count)}`, values);
          expect(translate(texts, base, values, rule), `${locale} ${base} ${count}`).toBe(expected);
          expect(t(base, values), `${locale} ${base} ${count} (server)`).toBe(expected);
          expect(expected, `${locale} ${base} ${count}`).toContain(String(count));
          expect(flat.has(`${base}_${rule(count)}`), `${locale} ${base}_${rule(count)}`).toBe(true);
        }
      }
    }
  });

  it("Lithuanian, Latvian and Estonian choose different words for 1, 2, 5 and 21 where they should", () => {
    const texts = (locale: Locale) => translationsFor(locale) as unknown as Texts;
    const show = (locale: Locale, count: number) => translate(texts(locale), "listing.applyCount", { count }, pluralRuleOf(intlLocale(locale)));
    expect([1, 2, 5, 10, 21].map((n) => show("lt", n))).toEqual(["Rodyti 1 prekę", "Rodyti 2 prekes", "Rodyti 5 prekes", "Rodyti 10 prekių", "Rodyti 21 prekę"]);
    expect([0, 1, 2, 11, 21].map((n) => show("lv", n))).toEqual(["Rādīt 0 preces", "Rādīt 1 preci", "Rādīt 2 preces", "Rādīt 11 preces", "Rādīt 21 preci"]);
    expect([1, 2, 21].map((n) => show("ee", n))).toEqual(["Näita 1 toode", "Näita 2 toodet", "Näita 21 toodet"]);
    expect([1, 2].map((n) => show("en", n))).toEqual(["Show 1 item", "Show 2 items"]);
  });

  it("no other text puts a count before a word that would need its form", () => {
    // A count placeholder followed by a word: only a unit's abbreviation, a range's "to",
    // "of" or an ordinal's "page" may follow; anything else is written as a label ("Nuorodų: {{count}}").
    const COUNT = /\{\{(count|n|max|min|most|quantity|total|stock|unpaid|bought|days|hours|minutes|shown|page|pages)\}\}\s+(\p{L}[\p{L}.]*)/gu;
    const FOLLOWERS = new Set(["iš", "iki", "no", "līdz", "kuni", "d", "min", "val", "vnt", "gab", "tk", "kg", "cm", "EUR", "päeva", "puslapis"]);
    const offending: string[] = [];
    for (const locale of ["lt", "lv", "ee"] as const) {
      for (const [key, text] of textsOf(locale)) {
        if (PLURAL.test(key)) continue;
        for (const [, , word] of text.matchAll(COUNT)) if (!FOLLOWERS.has(word!.replace(/\.$/, ""))) offending.push(`${locale} ${key}: ${text}`);
      }
    }
    expect(offending).toEqual([]);
  });
});

describe("typography", () => {
  it("keeps a number and its unit or currency together with a no-break space", () => {
    const broken = /(\d|\}\}) (€|%|kg|cm|MB|KB|EUR|min\.|val\.|d\.|vnt\.|gab\.|tk)(?!\p{L})/u;
    for (const locale of LOCALES) {
      const offending = [...textsOf(locale)].filter(([, text]) => broken.test(text));
      expect(offending, locale).toEqual([]);
    }
    expect(textsOf("lt").get("shell.notification")).toContain("2,90\u00a0€");
    expect(textsOf("lv").get("checkout.feePercent")).toBe("Komisija {{percent}}\u00a0%");
  });

  it("writes long numbers with the language's thousands separator", () => {
    for (const locale of LOCALES) {
      for (const [key, text] of textsOf(locale)) {
        if (/phone|companyCode/i.test(key)) continue;
        for (const [number] of text.matchAll(/(?<![\d+\p{L}.,\u00a0])\d{4,}(?![\d\p{L}])/gu)) {
          expect(formatCount(locale, Number(number)), `${locale} ${key}`).toBe(number);
        }
      }
    }
    expect(textsOf("lt").get("pro.errors.stock")).toContain("100\u00a0000");
  });

  it("quotes the Baltic way: „…“ in Lithuanian, Latvian and Estonian", () => {
    for (const locale of ["lt", "lv", "ee"] as const) {
      const offending = [...textsOf(locale)].filter(([, text]) => /[”"«»]|“[^“]*“/.test(text) || /“[\p{L}{]/u.test(text));
      expect(offending, locale).toEqual([]);
    }
    expect(textsOf("lv").get("listing.noResults")).toBe("Nav rezultātu vaicājumam „{{query}}“.");
  });
});

// The page's texts by dotted key, with {{name}} placeholders filled in. Pages
// render with this on the server and in the browser, over the texts the root
// loader sends; loaders and actions translate with remix-i18next on the
// server, over the same texts and the same syntax (decision 021).
//
// A text that puts a number before a word whose form depends on it ("Show
// 21 products") has one form per plural category of its language, as
// i18next keeps them: `applyCount_one`, `applyCount_few`, `applyCount_other`
// and so on, chosen by the `count` value with Intl.PluralRules. English has
// one and other, Lithuanian one, few, many and other, Latvian zero, one and
// other, Estonian one and other.

export type Texts = { readonly [key: string]: string | Texts };
export type TextValues = Readonly<Record<string, string | number>>;
export type Translate = (key: string, values?: TextValues) => string;
/** A language's plural category of a count: "one", "few", "other"… */
export type PluralRule = (count: number) => Intl.LDMLPluralRule;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

const pluralRules = new Map<string, PluralRule>();

/** The plural rule of a language by its Intl tag ("lt", "et"); made once per language. */
export function pluralRuleOf(intlLocale: string): PluralRule {
  let rule = pluralRules.get(intlLocale);
  if (!rule) {
    const rules = new Intl.PluralRules(intlLocale);
    rule = (count) => rules.select(count);
    pluralRules.set(intlLocale, rule);
  }
  return rule;
}

function lookup(texts: Texts | undefined, key: string): string | undefined {
  let found: string | Texts | undefined = texts;
  for (const part of key.split(".")) {
    if (found === undefined || typeof found === "string") return undefined;
    found = found[part];
  }
  return typeof found === "string" ? found : undefined;
}

/**
 * The text at `key`, or the key itself when there is none (spec 8: never
 * another language). With a numeric `count` and a plural rule, a text kept
 * in plural forms gives the form of the count's category (or `_other`).
 */
export function translate(texts: Texts | undefined, key: string, values?: TextValues, plural?: PluralRule): string {
  let found = lookup(texts, key);
  const count = values?.count;
  if (found === undefined && typeof count === "number") {
    found = (plural ? lookup(texts, `${key}_${plural(count)}`) : undefined) ?? lookup(texts, `${key}_other`);
  }
  if (found === undefined) return key;
  if (!values) return found;
  return found.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

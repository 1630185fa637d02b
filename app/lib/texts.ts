// The page's texts by dotted key, with {{name}} placeholders filled in. Pages
// render with this on the server and in the browser, over the texts the root
// loader sends; loaders and actions translate with remix-i18next on the
// server, over the same texts and the same syntax (decision 021).

export type Texts = { readonly [key: string]: string | Texts };
export type TextValues = Readonly<Record<string, string | number>>;
export type Translate = (key: string, values?: TextValues) => string;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The text at `key`, or the key itself when there is none (spec 8: never another language). */
export function translate(texts: Texts | undefined, key: string, values?: TextValues): string {
  let found: string | Texts | undefined = texts;
  for (const part of key.split(".")) {
    if (found === undefined || typeof found === "string") return key;
    found = found[part];
  }
  if (typeof found !== "string") return key;
  if (!values) return found;
  return found.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

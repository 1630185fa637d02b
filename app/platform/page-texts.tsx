import { useState } from "react";
import type { Texts } from "~/lib/texts";

// A page's texts travel in its HTML as one JSON script, written once per
// language and kept, instead of in the root loader's data, which would
// encode them again on every request (issue 17; decision 021 says why they
// are the page's and not a library's). The browser reads them before it
// hydrates the page (entry.client.tsx). A client navigation that reloads
// the root's data (another language, after a post) gets them in the data.

const kept = new Map<string, { texts: Texts; json?: string }>();
const ID = "page-texts";

/** Makes a language's texts known: the server does for every language, the browser for the page's. */
export function keepTexts(locale: string, texts: Texts) {
  kept.set(locale, { texts });
}

export function keptTexts(locale: string | undefined): Texts | undefined {
  return locale === undefined ? undefined : kept.get(locale)?.texts;
}

/** The texts as the page carries them; `<` escaped so no text can end the script. */
function jsonOf(locale: string) {
  const entry = kept.get(locale);
  if (!entry) return "";
  entry.json ??= JSON.stringify(entry.texts).replace(/</g, "\\u003c");
  return entry.json;
}

export function InlineTexts({ locale }: { locale: string }) {
  // In the browser the script keeps what the server wrote: read once, so a
  // render that replaces the page writes the same texts back.
  const [json] = useState(() => (typeof document === "undefined" ? jsonOf(locale) : (document.getElementById(ID)?.textContent ?? "")));
  return <script id={ID} type="application/json" data-locale={locale} dangerouslySetInnerHTML={{ __html: json }} />;
}

/** In the browser, before the page hydrates: keeps the texts the page came with. */
export function keepTextsFromPage() {
  const element = document.getElementById(ID);
  const locale = element?.dataset.locale;
  if (locale && element.textContent) keepTexts(locale, JSON.parse(element.textContent) as Texts);
}

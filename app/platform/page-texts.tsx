import type { Texts } from "~/lib/texts";
import { fetchRetrying } from "~/lib/api-client";

// A language's texts are a file of their own, named by a hash of what they
// hold (`/texts/en.3f9a….json`, routes/texts.$file.ts), that the browser
// keeps for a year and reads again only when a text changes. A document
// names the file in its head and carries none of the 50 KB itself: neither
// the root loader's data, which would encode them on every request, nor the
// HTML, which every full page load would send again (issue 17; decision 021
// says why they are the page's and not a library's). The browser reads the
// file before it hydrates the page (entry.client.tsx); a page without
// scripts never needs it. A client navigation that reloads the root's data
// (another language, after a post) gets the texts in the data.

const kept = new Map<string, Texts>();

/** Makes a language's texts known: the server does for every language, the browser for the page's. */
export function keepTexts(locale: string, texts: Texts) {
  kept.set(locale, texts);
}

export function keptTexts(locale: string | undefined): Texts | undefined {
  return locale === undefined ? undefined : kept.get(locale);
}

const ATTRIBUTE = "data-texts";

/**
 * In the head: the page's texts file, asked for as the page starts loading
 * so that it has come by the time the scripts have.
 */
export function TextsLink({ locale, href }: { locale: string; href: string }) {
  return <link rel="preload" as="fetch" crossOrigin="anonymous" href={href} {...{ [ATTRIBUTE]: locale }} />;
}

/** How often the texts file is asked again before the page gives up coming alive; the wait grows with each try. */
const TEXTS_RETRIES = 2;
const TEXTS_RETRY_MS = 400;

/**
 * In the browser, before the page hydrates: reads the texts file the page
 * names. A lost connection or a busy server (5xx) is asked again, twice;
 * false when it could still not be read (or is not there, as after a
 * deploy): the page then stays as the server drew it, whose links and
 * forms work without scripts.
 */
export async function keepTextsFromPage(): Promise<boolean> {
  const link = document.querySelector<HTMLLinkElement>(`link[${ATTRIBUTE}]`);
  // An error page drawn without the root's data names none and shows the words the server gave it.
  if (!link) return true;
  try {
    const response = await fetchRetrying(link.href, () => ({}), { retries: TEXTS_RETRIES, delayMs: (attempt) => TEXTS_RETRY_MS * attempt });
    if (!response.ok) throw new Error(`The page's texts answered ${response.status}`);
    keepTexts(link.getAttribute(ATTRIBUTE)!, (await response.json()) as Texts);
    return true;
  } catch (error) {
    console.error(error);
    return false;
  }
}

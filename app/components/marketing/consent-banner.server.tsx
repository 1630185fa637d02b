import { renderToStaticMarkup } from "react-dom/server";
import { TextsProvider } from "~/hooks/use-translation";
import { intlLocale, type Locale } from "~/lib/i18n";
import type { ConsentCategory } from "~/models/marketing/consent";
import { translationsFor } from "~/platform/i18n.server";
import { ConsentBanner } from "./ConsentBanner";

// Decision 029: the banner travels as markup the server made, which the
// shell puts into the page as it is. Shop pages carry no code for it, so
// every visitor who never sees it (and everyone after answering) pays
// nothing from the JavaScript budget (decision 013). It depends only on the
// language and the categories offered, so each is made once.
const made = new Map<string, string>();

/** The banner for a visitor who has not answered, on a site that asks; null otherwise. */
export function consentBannerHtml(locale: Locale, offered: readonly ConsentCategory[], answered: boolean) {
  if (answered || !offered.length) return null;
  const key = `${locale}:${offered.join(".")}`;
  let html = made.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(
      <TextsProvider texts={translationsFor(locale)} lang={intlLocale(locale)}>
        <ConsentBanner locale={locale} offered={offered} />
      </TextsProvider>,
    );
    made.set(key, html);
  }
  return html;
}

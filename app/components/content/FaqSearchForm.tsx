import { Form } from "@remix-run/react";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { localePath } from "~/lib/i18n";
import { MAX_QUERY_LENGTH } from "~/models/content/faq-search";

/**
 * A GET form: the search is a link (/faq?q=...) and works before JavaScript.
 * The action is named so that the index route's "?index" stays out of it.
 */
export function FaqSearchForm({ query }: { query: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Form method="get" action={localePath(locale, "/faq")} role="search" aria-label={t("faq.searchLabel")} className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor="faq-q" className="text-sm font-medium">
          {t("faq.searchLabel")}
        </label>
        <input
          // A new search shows its own words even when the page is not reloaded.
          key={query}
          id="faq-q"
          type="search"
          name="q"
          defaultValue={query}
          maxLength={MAX_QUERY_LENGTH}
          placeholder={t("faq.searchPlaceholder")}
          className="field-input w-full"
        />
      </div>
      <button type="submit" className="button-primary">
        {t("faq.searchButton")}
      </button>
    </Form>
  );
}

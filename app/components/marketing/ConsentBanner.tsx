import { useTranslation } from "~/hooks/use-translation";
import { localePath, type Locale } from "~/lib/i18n";
import type { ConsentCategory } from "~/models/marketing/consent";
import { ConsentChoices } from "./ConsentChoices";

/**
 * Asks a visitor who has not answered yet, on every page until they do. It
 * is rendered by the server only (consent-banner.server.tsx): a plain form
 * whose answer is the same page again, without the banner, so it works
 * without JavaScript and costs the browser no code.
 */
export function ConsentBanner({ locale, offered }: { locale: Locale; offered: readonly ConsentCategory[] }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="consent-banner-title"
      data-testid="consent-banner"
      className="fixed inset-x-0 bottom-0 z-[1040] max-h-[80vh] overflow-y-auto border-t border-line bg-surface px-4 py-4 shadow-2xl"
    >
      <div className="mx-auto max-w-3xl space-y-3">
        <h2 id="consent-banner-title" className="text-lg font-bold">
          {t("consent.title")}
        </h2>
        <p className="text-sm">
          {t("consent.intro")}{" "}
          <a href={localePath(locale, "/privacy-policy")} className="underline">
            {t("consent.privacyLink")}
          </a>
        </p>
        <ConsentChoices locale={locale} offered={offered} allowed={[]} idPrefix="consent-banner" />
      </div>
    </section>
  );
}

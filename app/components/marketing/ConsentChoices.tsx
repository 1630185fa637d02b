import { useTranslation } from "~/hooks/use-translation";
import { localePath, type Locale } from "~/lib/i18n";
import type { ConsentCategory } from "~/models/marketing/consent";

export const CONSENT_PATH = "/cookie-consent";

/**
 * The consent form the banner and the settings page share. A plain form, not
 * Remix's: its answer is a new document, so the tags the visitor allowed are
 * in the page the server sends back and run with its nonce (decision 029).
 */
export function ConsentChoices({ locale, offered, allowed, redirectTo, idPrefix }: {
  locale: Locale;
  offered: readonly ConsentCategory[];
  allowed: readonly ConsentCategory[];
  /** Where the answer leads; without it, back to the page the form was sent from. */
  redirectTo?: string;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const button = "rounded-lg px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2";
  return (
    <form method="post" action={localePath(locale, CONSENT_PATH)} className="space-y-4">
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <fieldset className="space-y-2">
        <legend className="font-semibold">{t("consent.categories")}</legend>
        <p className="flex items-start gap-2 text-sm">
          <input id={`${idPrefix}-necessary`} type="checkbox" checked disabled className="mt-1 size-4" />
          <label htmlFor={`${idPrefix}-necessary`}>
            <span className="font-medium">{t("consent.necessary")}</span> — {t("consent.necessaryText")}
          </label>
        </p>
        {offered.map((category) => (
          <p key={category} className="flex items-start gap-2 text-sm">
            <input id={`${idPrefix}-${category}`} name={category} type="checkbox" defaultChecked={allowed.includes(category)} className="mt-1 size-4" />
            <label htmlFor={`${idPrefix}-${category}`}>
              <span className="font-medium">{t(`consent.${category}`)}</span> — {t(`consent.${category}Text`)}
            </label>
          </p>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="all" className={`${button} bg-brand text-on-brand hover:bg-brand-strong`}>
          {t("consent.acceptAll")}
        </button>
        <button type="submit" name="intent" value="necessary" className={`${button} border border-line-strong bg-surface hover:bg-surface-muted`}>
          {t("consent.onlyNecessary")}
        </button>
        <button type="submit" name="intent" value="save" className={`${button} border border-line-strong bg-surface hover:bg-surface-muted`}>
          {t("consent.save")}
        </button>
      </div>
    </form>
  );
}

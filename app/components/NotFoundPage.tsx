import { useTranslation } from "~/hooks/use-translation";
import { LocaleLink } from "./LocaleLink";

/** The non-fatal 404: inside the shop's shell, with a way back. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <p className="text-6xl font-black text-brand" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">{t("page.notFoundTitle")}</h1>
      <p className="text-ink-muted">{t("page.notFoundText")}</p>
      <LocaleLink to="/" className="button-primary">
        {t("page.backHome")}
      </LocaleLink>
    </section>
  );
}

import { LocaleLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";

/** The tracking pages' way to the shipping calculator. */
export function CalculatorLine() {
  const { t } = useTranslation();
  return (
    <p className="mt-8 text-ink-muted">
      {t("tracking.calculatorPrompt")}{" "}
      <LocaleLink to="/calculate" className="link font-semibold">
        {t("tracking.calculatorLink")}
      </LocaleLink>
    </p>
  );
}

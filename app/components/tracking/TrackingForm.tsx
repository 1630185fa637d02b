import { Form } from "@remix-run/react";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { localePath } from "~/lib/i18n";

/** The lookup (tracking-number): a GET form to /tracking, which sends a found number on to /tracking/{number}. */
export function TrackingForm({ defaultValue = "", error }: { defaultValue?: string; error?: string | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Form method="get" action={localePath(locale, "/tracking")} className="flex max-w-xl flex-col gap-2" noValidate>
      <label htmlFor="tracking-number" className="font-medium">
        {t("tracking.numberLabel")}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="tracking-number"
          name="number"
          required
          autoComplete="off"
          spellCheck={false}
          defaultValue={defaultValue}
          key={defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "tracking-number-error" : undefined}
          className="field-input min-w-0 grow"
        />
        <button type="submit" className="button-primary">
          {t("tracking.submit")}
        </button>
      </div>
      {error ? (
        <p id="tracking-number-error" role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

import { Form } from "@remix-run/react";
import { ErrorAlert } from "~/components/ErrorAlert";
import { useState, type ReactNode } from "react";
import { LocaleLink, useLocale } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import { localePath } from "~/lib/i18n";
import { type QuoteRowField, type QuoteRowInput, type RowErrors, type RowProblem } from "~/models/quotes/quote-form";
import { storeForUrl, type StoreView } from "~/models/quotes/stores";
import { StoreBadge } from "./StoreBadge";

// The order form's link rows. One plain form: "Add another link" and
// "Remove" post to /order-form, which answers with the rows as typed (plus
// or minus one); "Check and continue" posts to /order-form/summary. With
// JavaScript the shop a link belongs to shows while typing.

export const URL_EXAMPLE_HOST = "https://www.amazon.de";

export function useRowProblemText() {
  const { t } = useTranslation();
  return (problem: RowProblem) =>
    ({
      required: t("validation.required"),
      url: t("validation.url", { host: URL_EXAMPLE_HOST }),
      quantity: t("quotes.errors.quantity"),
      price: t("quotes.errors.price"),
      tooLong: t("validation.tooLong"),
    })[problem];
}

/** Where the order form's buttons post: the rows editor (/order-form) and the check (/order-form/summary). */
export function useOrderFormPaths() {
  const locale = useLocale();
  return { formPath: localePath(locale, "/order-form"), summaryPath: localePath(locale, "/order-form/summary") };
}

type Props = { rows: QuoteRowInput[]; errors?: RowErrors[]; failed?: boolean; stores: StoreView[]; currency: string };

export function QuoteRowsEditor({ rows, errors, failed, stores, currency }: Props) {
  const { t } = useTranslation();
  const { formPath, summaryPath } = useOrderFormPaths();
  const [urls, setUrls] = useState(() => rows.map((row) => row.url));
  return (
    <Form method="post" action={summaryPath} className="flex flex-col gap-6" noValidate>
      {/* Enter in a field checks and continues: the form's first submit button is its default. */}
      <button type="submit" name="intent" value="review" className="sr-only" tabIndex={-1} aria-hidden="true">
        {t("quotes.continue")}
      </button>
      {errors || failed ? <ErrorAlert>{failed ? t("quotes.errors.failed") : t("quotes.fixErrors")}</ErrorAlert> : null}
      <ol className="flex flex-col gap-4">
        {rows.map((row, index) => (
          <li key={index}>
            <QuoteRow
              row={row}
              index={index}
              errors={errors?.[index] ?? {}}
              store={storeForUrl(urls[index] ?? row.url, stores)}
              currency={currency}
              removable={rows.length > 1}
              formPath={formPath}
              onUrl={(url) => setUrls((current) => Object.assign([...current], { [index]: url }))}
            />
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button type="submit" name="intent" value="add" formAction={formPath} className="button-secondary">
          + {t("quotes.addRow")}
        </button>
        <button type="submit" name="intent" value="review" className="button-primary">
          {t("quotes.continue")}
        </button>
      </div>
    </Form>
  );
}

type RowProps = {
  row: QuoteRowInput;
  index: number;
  errors: RowErrors;
  store: StoreView | null;
  currency: string;
  removable: boolean;
  formPath: string;
  onUrl: (url: string) => void;
};

function QuoteRow({ row, index, errors, store, currency, removable, formPath, onUrl }: RowProps) {
  const { t } = useTranslation();
  const problemText = useRowProblemText();
  const id = (field: QuoteRowField) => `row-${index}-${field}`;
  const described = (field: QuoteRowField, hint?: string) => [errors[field] ? `${id(field)}-error` : null, hint ?? null].filter(Boolean).join(" ") || undefined;
  const error = (field: QuoteRowField) =>
    errors[field] ? (
      <span id={`${id(field)}-error`} className="text-sm text-danger">
        {problemText(errors[field]!)}
      </span>
    ) : null;
  /** What ties a field to this row: its id and name, what was typed, its error and `hint`. */
  const wired = (field: QuoteRowField, hint?: string) => ({
    id: id(field),
    name: field,
    defaultValue: row[field],
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": described(field, hint),
    className: "field-input",
  });
  const labelled = (field: QuoteRowField, label: string, control: ReactNode) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id(field)} className="font-medium">
        {label}
      </label>
      {control}
      {error(field)}
    </div>
  );
  const n = index + 1;
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-4">
      <legend className="px-1 font-semibold">{t("quotes.row", { n })}</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={id("url")} className="font-medium">
          {t("quotes.url")}
        </label>
        <input {...wired("url", `${id("url")}-hint`)} type="url" inputMode="url" autoComplete="off" required onChange={(event) => onUrl(event.currentTarget.value)} />
        <span id={`${id("url")}-hint`} className="text-sm text-ink-muted">
          {t("quotes.urlHint")}
        </span>
        {error("url")}
        {(row.url || store) && !errors.url ? (
          <p className="flex items-center gap-2 text-sm" aria-live="polite">
            {store ? (
              <>
                <StoreBadge name={store.name} logo={store.logo} size="sm" />
                <span>{t("quotes.storeKnown", { name: store.name })}</span>
              </>
            ) : (
              <span className="text-ink-muted">{t("quotes.storeUnknown")}</span>
            )}
          </p>
        ) : null}
      </div>
      <div className="grid gap-3 sm:grid-cols-[8rem_1fr_12rem]">
        {labelled("quantity", t("quotes.quantity"), <input {...wired("quantity")} inputMode="numeric" />)}
        {labelled("options", t("quotes.options"), <input {...wired("options")} maxLength={200} />)}
        {labelled("seenPrice", t("quotes.seenPrice", { currency }), <input {...wired("seenPrice")} inputMode="decimal" />)}
      </div>
      {labelled("note", t("quotes.note"), <textarea {...wired("note")} rows={2} maxLength={1000} />)}
      {removable ? (
        <button type="submit" name="intent" value={`remove:${index}`} formAction={formPath} className="link self-start text-sm">
          {t("quotes.removeRow", { n })}
        </button>
      ) : null}
    </fieldset>
  );
}

/** The rows as hidden fields: the summary carries what was typed to the next post (docs/quotes.md). */
export function HiddenRows({ rows }: { rows: QuoteRowInput[] }) {
  return (
    <>
      {rows.map((row, index) => (
        <span key={index} hidden>
          <input type="hidden" name="url" value={row.url} />
          <input type="hidden" name="quantity" value={row.quantity} />
          <input type="hidden" name="options" value={row.options} />
          <input type="hidden" name="note" value={row.note} />
          <input type="hidden" name="seenPrice" value={row.seenPrice} />
        </span>
      ))}
    </>
  );
}

/** The order form's heading, its introduction and the way to the stores directory. */
export function OrderFormHeader({ title, intro }: { title: string; intro: string }) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-col gap-2">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <p className="text-ink-muted">{intro}</p>
      <LocaleLink to="/stores" className="link self-start text-sm">
        {t("quotes.allStores")}
      </LocaleLink>
    </header>
  );
}

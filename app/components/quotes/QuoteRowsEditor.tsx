import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ErrorAlert } from "~/components/ErrorAlert";
import { Field, FieldError, FormMessage } from "~/components/forms/Field";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { useSchemaForm } from "~/components/forms/use-schema-form";
import { LocaleLink } from "~/components/LocaleLink";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { localePath } from "~/lib/i18n";
import { emptyRow, MAX_ROWS, QuoteRequestSchema, type QuoteRequestForm, type QuoteRowInput } from "~/models/quotes/quote-form";
import { storeForUrl, type StoreView } from "~/models/quotes/stores";
import { StoreBadge } from "./StoreBadge";

// The order form's link rows: one plain form checked by the order form's
// schema. "Add another link" and "Remove" are conform's list buttons (a
// post that comes back with the rows plus or minus one without
// JavaScript); "Check and continue" posts to /order-form/summary. With
// JavaScript the shop a link belongs to shows while typing.

export const URL_EXAMPLE_HOST = "https://www.amazon.de";

/** Where the order form's buttons post: the rows editor (/order-form) and the check (/order-form/summary). */
export function useOrderFormPaths() {
  const locale = useLocale();
  return { formPath: localePath(locale, "/order-form"), summaryPath: localePath(locale, "/order-form/summary") };
}

type Props = { lastResult?: SubmissionResult<string[]> | null; stores: StoreView[]; currency: string };

export function QuoteRowsEditor({ lastResult, stores, currency }: Props) {
  const { t } = useTranslation();
  const { summaryPath } = useOrderFormPaths();
  const { form, fields, busy } = useSchemaForm<QuoteRequestForm>(QuoteRequestSchema, { id: "quote-request", lastResult, defaultValue: { rows: [emptyRow()] } });
  const rows = fields.rows.getFieldList();
  const fieldsWrong = !form.errors?.length && Object.keys(form.allErrors).length > 0;
  return (
    <Form method="post" action={summaryPath} {...getFormProps(form)} className="flex flex-col gap-6">
      {/* Enter in a field checks and continues: the form's first submit button is its default. */}
      <button type="submit" name="intent" value="review" className="sr-only" tabIndex={-1} aria-hidden="true">
        {t("quotes.continue")}
      </button>
      <FormMessage errors={form.errors} />
      {fieldsWrong ? <ErrorAlert>{t("quotes.fixErrors")}</ErrorAlert> : null}
      <FieldError field={fields.rows} />
      <ol className="flex flex-col gap-4">
        {rows.map((row, index) => (
          <li key={row.key}>
            <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-4">
              <legend className="px-1 font-semibold">{t("quotes.row", { n: index + 1 })}</legend>
              <QuoteRow row={row.getFieldset()} stores={stores} currency={currency} />
              {rows.length > 1 ? (
                <button {...form.remove.getButtonProps({ name: fields.rows.name, index })} className="link self-start text-sm">
                  {t("quotes.removeRow", { n: index + 1 })}
                </button>
              ) : null}
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {rows.length < MAX_ROWS ? (
          <button {...form.insert.getButtonProps({ name: fields.rows.name, defaultValue: emptyRow() })} className="button-secondary">
            + {t("quotes.addRow")}
          </button>
        ) : null}
        <button type="submit" name="intent" value="review" className="button-primary" disabled={busy}>
          {t("quotes.continue")}
        </button>
      </div>
    </Form>
  );
}

type RowFields = {
  url: FieldMetadata<string>;
  quantity: FieldMetadata<number>;
  options: FieldMetadata<string>;
  note: FieldMetadata<string>;
  seenPrice: FieldMetadata<number | null>;
};

function QuoteRow({ row, stores, currency }: { row: RowFields; stores: StoreView[]; currency: string }) {
  const { t } = useTranslation();
  const typedUrl = row.url.value ?? "";
  const store = storeForUrl(typedUrl, stores);
  // The link's message shows an example of one.
  const example = { host: URL_EXAMPLE_HOST };
  return (
    <>
      <div className="flex flex-col gap-1">
        <Field field={row.url} label={t("quotes.url")} type="url" inputMode="url" autoComplete="off" hint={t("quotes.urlHint")} values={example} />
        {(typedUrl || store) && !row.url.errors ? (
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
        <Field field={row.quantity} label={t("quotes.quantity")} inputMode="numeric" />
        <Field field={row.options} label={t("quotes.options")} />
        <Field field={row.seenPrice} label={t("quotes.seenPrice", { currency })} inputMode="decimal" />
      </div>
      <TextAreaField field={row.note} label={t("quotes.note")} rows={2} maxLength={1000} />
    </>
  );
}

/** The rows as hidden fields, named as the form names them: the summary carries what was typed to the next post (docs/quotes.md). */
export function HiddenRows({ rows }: { rows: QuoteRowInput[] }) {
  return (
    <>
      {rows.map((row, index) => (
        <span key={index} hidden>
          {Object.entries(row).map(([field, value]) => (
            <input key={field} type="hidden" name={`rows[${index}].${field}`} value={value} />
          ))}
        </span>
      ))}
    </>
  );
}

/** The order form's page: its heading, its introduction, the way to the stores directory and the rows (both /order-form and its summary show it). */
export function OrderFormPage({ title, ...editor }: { title: string } & Props) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        <p className="text-ink-muted">{t("quotes.formIntro")}</p>
        <LocaleLink to="/stores" className="link self-start text-sm">
          {t("quotes.allStores")}
        </LocaleLink>
      </header>
      <QuoteRowsEditor {...editor} />
    </div>
  );
}

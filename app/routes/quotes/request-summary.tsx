import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { LocaleLink } from "~/components/LocaleLink";
import { useLocale } from "~/hooks/use-locale";
import { HiddenRows, OrderFormPage, useOrderFormPaths } from "~/components/quotes/QuoteRowsEditor";
import { StoreBadge } from "~/components/quotes/StoreBadge";
import { useTranslation } from "~/hooks/use-translation";
import { intlLocale, localePath } from "~/lib/i18n";
import { formatMoney, parseTypedMinor } from "~/lib/money";
import { linesOf, QuoteRequestSchema, rowOf, type QuoteRowInput } from "~/models/quotes/quote-form";
import { parseForm, replyWith } from "~/web/form-reply.server";
import { sendQuoteRequested } from "~/models/quotes/quote-mail.server";
import { utmFromRequest } from "~/web/marketing.server";
import { createQuote } from "~/models/quotes/quotes.server";
import { quoteEditorData } from "~/web/quotes/quote-editor.server";
import { storeForUrl, type StoreView } from "~/models/quotes/stores";
import { siteForRequest } from "~/web/sites.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { localeParam } from "~/web/locale-param";
import { logger } from "~/platform/logger.server";
import { privatePage } from "~/web/private-page";
import { reportServerError } from "~/platform/sentry.server";

// /order-form/summary (spec 2, auth): the links checked, shown once more
// before they become a quote. The rows travel in hidden fields, never in
// the database, until the customer sends them (docs/quotes.md). A problem
// shows the rows again as typed, with a translated message by each field.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t } = await openPage(guard, { request, params });
  return { title: t("quotes.summaryTitle"), formTitle: t("quotes.formTitle"), ...(await quoteEditorData(request)) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await guard({ request, params });
  const locale = localeParam(params);
  const form = await request.formData();
  const { submission, value, failure } = parseForm(form, QuoteRequestSchema);
  if (failure) return failure;
  if (form.get("intent") !== "submit") return data({ step: "summary" as const, rows: value.rows.map(rowOf) });
  const site = await siteForRequest(request);
  const quote = await createQuote({ userId: user.id, site, locale, lines: linesOf(value), utm: utmFromRequest(request) }).catch((error: unknown) => {
    logger.error({ err: error }, "A quote could not be made");
    reportServerError(error);
    return null;
  });
  // Nothing typed is lost: the rows come back with a message to try again.
  if (!quote) return replyWith(submission, 503, ["quotes.errors.failed"]);
  // The quote stands even when the mail cannot go out now; the page says what happened.
  await sendQuoteRequested(quote.id, locale, site).catch((error: unknown) => logger.error({ err: error, quote: quote.id }, "Quote request email failed"));
  throw redirect(`${localePath(locale, "/order-successful")}?${new URLSearchParams({ quote: quote.slug })}`, 303);
}

export default function OrderFormSummary() {
  const { title, formTitle, stores, currency } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  // The rows back in the editor: refused, or one more or fewer without JavaScript.
  if (answer && !("step" in answer)) return <OrderFormPage title={formTitle} lastResult={answer} stores={stores} currency={currency} />;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {answer ? (
        <Summary rows={answer.rows} stores={stores} currency={currency} />
      ) : (
        <>
          <p>{t("quotes.nothingToCheck")}</p>
          <LocaleLink to="/order-form" className="button-primary self-start">
            {t("quotes.toForm")}
          </LocaleLink>
        </>
      )}
    </div>
  );
}

function Summary({ rows, stores, currency }: { rows: QuoteRowInput[]; stores: StoreView[]; currency: string }) {
  const { t } = useTranslation();
  const { formPath } = useOrderFormPaths();
  const locale = intlLocale(useLocale());
  return (
    <>
      <p className="text-ink-muted">{t("quotes.summaryIntro")}</p>
      <ol className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const store = storeForUrl(row.url, stores);
          const seen = row.seenPrice.trim() ? parseTypedMinor(row.seenPrice) : null;
          return (
            <li key={index} className="flex gap-3 rounded-xl border border-line p-4">
              {store ? <StoreBadge name={store.name} logo={store.logo} /> : null}
              <div className="flex min-w-0 flex-col gap-1">
                <p className="font-semibold">{store ? t("quotes.storeKnown", { name: store.name }) : t("quotes.storeUnknown")}</p>
                <p className="break-all text-sm">{row.url.trim()}</p>
                <p className="text-sm">
                  {t("quotes.quantity")}: {row.quantity.trim()}
                  {row.options.trim() ? ` · ${row.options.trim()}` : ""}
                  {seen !== null ? ` · ${t("quotes.seen", { price: formatMoney(seen, currency, locale) })}` : ""}
                </p>
                {row.note.trim() ? <p className="text-sm text-ink-muted">{row.note.trim()}</p> : null}
              </div>
            </li>
          );
        })}
      </ol>
      <Form method="post" className="flex flex-wrap items-center justify-between gap-3">
        <HiddenRows rows={rows} />
        <button type="submit" name="intent" value="submit" className="button-primary order-2">
          {t("quotes.submit")}
        </button>
        <button type="submit" name="intent" value="edit" formAction={formPath} className="button-secondary order-1">
          {t("quotes.edit")}
        </button>
      </Form>
    </>
  );
}

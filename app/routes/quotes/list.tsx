import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountLayout } from "~/components/account/AccountLayout";
import { LocaleLink } from "~/components/LocaleLink";
import { QuoteStatusBadge } from "~/components/quotes/QuoteStatusBadge";
import { useTranslation } from "~/hooks/use-translation";
import { formatDate } from "~/lib/format";
import { intlLocale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { customerQuotes } from "~/models/quotes/quotes.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { privatePage } from "~/web/private-page";

// /quotes (spec 2): the signed-in customer's quotes, newest first, with
// their status and, once priced, what they come to. Amounts and dates are
// written on the server, so both sides of hydration read the same.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const quotes = await customerQuotes(user.id);
  return {
    title: t("quotes.title"),
    quotes: quotes.map((quote) => ({
      slug: quote.slug,
      number: quote.number,
      status: quote.status,
      date: formatDate(quote.created_at),
      lineCount: quote.lineCount,
      store: quote.firstStore,
      total: quote.total === null ? null : formatMoney(quote.total, quote.currency, intlLocale(locale)),
    })),
  };
}

export default function Quotes() {
  const { title, quotes } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AccountLayout title={title}>
      <LocaleLink to="/order-form" className="button-primary mb-6 inline-block">
        {t("quotes.newQuote")}
      </LocaleLink>
      {quotes.length === 0 ? (
        <p className="rounded-xl border border-line p-8 text-center text-ink-muted">{t("quotes.empty")}</p>
      ) : (
        <ul aria-label={t("quotes.listLabel")} className="flex flex-col gap-3">
          {quotes.map((quote) => (
            <li key={quote.slug} className={`rounded-xl border p-4 ${quote.status === "priced" ? "border-danger" : "border-line"}`}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <LocaleLink to={`/quotes/${quote.slug}`} className="link text-lg font-semibold">
                    {quote.number}
                  </LocaleLink>
                  <p className="text-sm text-ink-muted">
                    <span className="sr-only">{t("quotes.date")}: </span>
                    {quote.date} · {t("quotes.links", { count: quote.lineCount })}
                    {quote.store ? ` · ${quote.store}` : ""}
                  </p>
                </div>
                <QuoteStatusBadge status={quote.status} />
              </div>
              <p className="mt-2 text-right font-semibold">
                <span className="sr-only">{t("quotes.total")}: </span>
                {quote.total ?? <span className="font-normal text-ink-muted">{t("quotes.notPriced")}</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </AccountLayout>
  );
}

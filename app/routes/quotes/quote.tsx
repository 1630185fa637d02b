import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorAlert } from "~/components/ErrorAlert";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AccountLayout } from "~/components/account/AccountLayout";
import { LocaleLink } from "~/components/LocaleLink";
import { QuoteStatusBadge } from "~/components/quotes/QuoteStatusBadge";
import { payClick, QuoteTracking } from "~/components/quotes/QuoteTracking";
import { StoreBadge } from "~/components/quotes/StoreBadge";
import { useTranslation } from "~/hooks/use-translation";
import { formatDate } from "~/lib/format";
import { intlLocale, localePath } from "~/lib/i18n";
import { formatMoney, times } from "~/lib/money";
import { acceptQuote, chooseQuoteShipping, customerQuote, declineQuote, type QuoteActionError } from "~/models/quotes/quotes.server";
import { AFTER_PAYMENT_STATUSES } from "~/models/quotes/statuses";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { notFound } from "~/web/not-found";
import { privatePage } from "~/web/private-page";

// /quotes/{slug} (spec 2, quote-page): a quote with the operator's price
// per line, the shop's shipping, the service fee, air and sea home, taxes
// and the total by the way home chosen. "Accept and pay" opens the quote's
// bill and sends the customer to /payment/{bill}; "Decline" closes it.
// Plain form posts; another customer's quote is not found (404).
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const quote = await customerQuote(params.slug ?? "", user.id);
  if (!quote) throw notFound(request);
  const money = (amount: number | null) => (amount === null ? null : formatMoney(amount, quote.currency, intlLocale(locale)));
  const chosen = quote.method ? quote.totals[quote.method] : null;
  return {
    title: t("quotes.detailTitle", { number: quote.number }),
    quote: {
      id: quote.id,
      slug: quote.slug,
      number: quote.number,
      status: quote.status,
      created: formatDate(quote.created_at),
      cancelReason: quote.cancel_reason,
      chosenByCustomer: quote.shipping_method !== null,
      method: quote.method,
      bill: quote.bill,
      lines: quote.lines.map((line) => ({
        position: line.position,
        url: line.url,
        title: line.title,
        store: line.store_name ? { name: line.store_name, logo: line.store_logo } : null,
        quantity: line.quantity,
        options: line.options,
        note: line.note,
        seen: money(line.seen_price_minor),
        unit: money(line.price_minor),
        total: line.price_minor === null ? null : money(times(line.price_minor, line.quantity)),
      })),
      charges: chosen
        ? { goods: money(chosen.goods)!, shopShipping: money(chosen.shopShipping)!, serviceFee: money(chosen.serviceFee)!, tax: money(chosen.tax)!, shipping: money(chosen.shipping)!, total: money(chosen.total)! }
        : null,
      methods: (["air", "sea"] as const).flatMap((method) => {
        const totals = quote.totals[method];
        return totals
          ? [{ method, price: money(totals.shipping)!, days: quote[`${method}_days`] ?? "", total: money(totals.total)!, totalMinor: totals.total, shippingMinor: totals.shipping }]
          : [];
      }),
      // Spec 9's quote payment event for the way home shown, in minor units: the page converts them to the tracking currency.
      tracked: chosen ? { id: quote.id, total: chosen.total, method: chosen.method, shipping: chosen.shipping } : null,
    },
  };
}

const ERROR_TEXT: Record<Exclude<QuoteActionError, "not_found">, string> = {
  not_priced: "quotes.errors.notPriced",
  already_paid: "quotes.errors.alreadyPaid",
  unknown_method: "quotes.errors.unknownMethod",
  not_declinable: "quotes.errors.notDeclinable",
};

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await guard({ request, params });
  const locale = localeParam(params);
  const slug = params.slug ?? "";
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const method = String(form.get("method") ?? "");
  const here = localePath(locale, `/quotes/${slug}`);
  const outcome =
    intent === "accept" ? await acceptQuote(slug, user.id, method) : intent === "decline" ? await declineQuote(slug, user.id) : await chooseQuoteShipping(slug, user.id, method);
  if (!outcome.ok) {
    if (outcome.error === "not_found") throw notFound(request);
    const t = await i18nServer.getFixedT(locale);
    return data({ error: t(ERROR_TEXT[outcome.error]), method }, { status: 400 });
  }
  if ("billSlug" in outcome) throw redirect(localePath(locale, `/payment/${outcome.billSlug}`), 303);
  throw redirect(here, 303);
}

export default function QuotePage() {
  const { title, quote } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const paid = AFTER_PAYMENT_STATUSES.includes(quote.status);
  return (
    <AccountLayout title={title}>
      <QuoteTracking slug={quote.slug} paid={paid} chosen={quote.chosenByCustomer} quote={quote.tracked} />
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <QuoteStatusBadge status={quote.status} />
        <span className="text-sm text-ink-muted">{t("quotes.created", { date: quote.created })}</span>
      </div>
      {answer ? <ErrorAlert className="mb-4">{answer.error}</ErrorAlert> : null}
      <StatusNote status={quote.status} reason={quote.cancelReason} />

      <h2 className="mb-3 text-lg font-semibold">{t("quotes.products")}</h2>
      <ol className="mb-6 flex flex-col gap-3">
        {quote.lines.map((line) => (
          <li key={line.position} className="flex gap-3 rounded-xl border border-line p-4">
            {line.store ? <StoreBadge name={line.store.name} logo={line.store.logo} /> : null}
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="font-semibold">{line.title ?? line.store?.name ?? t("quotes.product")}</p>
              <a href={line.url} rel="noopener noreferrer nofollow" className="link text-sm break-all">
                {line.url}
              </a>
              <p className="text-sm">
                {t("quotes.quantity")}: {line.quantity}
                {line.options ? ` · ${line.options}` : ""}
                {line.seen ? ` · ${t("quotes.seen", { price: line.seen })}` : ""}
              </p>
              {line.note ? <p className="text-sm text-ink-muted">{line.note}</p> : null}
            </div>
            {line.unit ? (
              <dl className="shrink-0 text-right text-sm">
                <dt className="text-ink-muted">{t("quotes.unitPrice")}</dt>
                <dd>{line.unit}</dd>
                <dt className="text-ink-muted">{t("quotes.lineTotal")}</dt>
                <dd className="font-semibold">{line.total}</dd>
              </dl>
            ) : null}
          </li>
        ))}
      </ol>

      {quote.charges ? <Charges charges={quote.charges} /> : null}
      {quote.status === "priced" ? <PayForm quote={quote} chosen={answer?.method} /> : null}
      {quote.status === "requested" ? (
        <Form method="post" className="mt-6">
          <button type="submit" name="intent" value="decline" className="button-secondary">
            {t("quotes.decline")}
          </button>
        </Form>
      ) : null}
      <LocaleLink to="/quotes" className="link mt-8 inline-block">
        {t("quotes.backToList")}
      </LocaleLink>
    </AccountLayout>
  );
}

function StatusNote({ status, reason }: { status: string; reason: string | null }) {
  const { t } = useTranslation();
  const text =
    status === "requested" ? t("quotes.waiting") : status === "declined" ? t("quotes.declinedNote") : status === "cancelled" ? t("quotes.cancelledNote") : AFTER_PAYMENT_STATUSES.includes(status as never) ? t("quotes.paidNote") : null;
  if (!text) return null;
  return (
    <div role="status" className="mb-6 rounded-lg bg-surface-muted px-4 py-3">
      <p>{text}</p>
      {status === "cancelled" && reason ? <p className="text-sm text-ink-muted">{t("quotes.reason", { reason })}</p> : null}
    </div>
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>["quote"];

function Charges({ charges }: { charges: NonNullable<Loaded["charges"]> }) {
  const { t } = useTranslation();
  const rows: Array<[string, string]> = [
    [t("quotes.goods"), charges.goods],
    [t("quotes.shopShipping"), charges.shopShipping],
    [t("quotes.serviceFee"), charges.serviceFee],
    [t("quotes.shippingHome"), charges.shipping],
    [t("quotes.tax"), charges.tax],
  ];
  return (
    <dl className="mb-6 grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 rounded-xl border border-line p-4">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt>{label}</dt>
          <dd className="text-right">{value}</dd>
        </div>
      ))}
      <div className="contents text-lg font-bold">
        <dt className="border-t border-line pt-2">{t("quotes.totalLabel")}</dt>
        <dd className="border-t border-line pt-2 text-right">{charges.total}</dd>
      </div>
    </dl>
  );
}

function PayForm({ quote, chosen }: { quote: Loaded; chosen?: string }) {
  const { t } = useTranslation();
  const selected = chosen || quote.method || quote.methods[0]?.method;
  return (
    <>
      <Form method="post" className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2 rounded-xl border border-line p-4">
          <legend className="px-1 font-semibold">{t("quotes.methodLegend")}</legend>
          {quote.methods.map((option) => (
            <label key={option.method} className="flex items-start gap-2">
              <input type="radio" name="method" value={option.method} defaultChecked={option.method === selected} className="mt-1" />
              <span>
                <span className="font-medium">{t(`quotes.${option.method}`)}</span>{" "}
                <span className="text-ink-muted">{t("quotes.methodPrice", { price: option.price, days: option.days, total: option.total })}</span>
              </span>
            </label>
          ))}
          <button type="submit" name="intent" value="method" className="link self-start text-sm">
            {t("quotes.saveMethod")}
          </button>
        </fieldset>
        {quote.bill?.status === "unpaid" ? <p className="text-sm text-ink-muted">{t("quotes.payPending")}</p> : null}
        <button
          type="submit"
          name="intent"
          value="accept"
          className="button-primary self-start"
          onClick={(event) => {
            const form = event.currentTarget.form;
            const method = form ? new FormData(form).get("method") : null;
            const option = quote.methods.find((m) => m.method === method);
            if (option) payClick(quote.slug, { id: quote.id, method: option.method, total: option.totalMinor, shipping: option.shippingMinor });
          }}
        >
          {t("quotes.accept")}
        </button>
      </Form>
      <Form method="post" className="mt-4">
        <button type="submit" name="intent" value="decline" className="button-secondary">
          {t("quotes.decline")}
        </button>
      </Form>
    </>
  );
}

import { Form } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import type { InvoiceDocument } from "~/models/invoices/document";
import { LocaleLink } from "~/components/LocaleLink";
import { useLocale } from "~/hooks/use-locale";
import { localePath } from "~/lib/i18n";

// The invoice page's sheet: seller, buyer, lines, VAT by rate and totals,
// every amount written out by the server (models/invoices/document.ts).
// It prints as a document: the shop's header, footer and the buttons stay
// off paper.

const PRINT_STYLE = `@media print {
  body > * header, body > * footer, body > * nav, dialog, .invoice-actions, .invoice-notice { display: none !important; }
  .invoice-sheet { box-shadow: none !important; border: 0 !important; padding: 0 !important; }
  @page { size: A4; margin: 16mm; }
}`;

const STATUS_TONE: Record<InvoiceDocument["status"], string> = {
  issued: "bg-brand-soft text-ink",
  paid: "bg-success-soft text-success",
  declined: "bg-danger-soft text-danger",
  cancelled: "bg-danger-soft text-danger",
};

export function InvoiceStatus({ invoice }: { invoice: Pick<InvoiceDocument, "status" | "statusLabel"> }) {
  return <span className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${STATUS_TONE[invoice.status]}`}>{invoice.statusLabel}</span>;
}

function Party({ title, rows }: { title: string; rows: Array<string | null> }) {
  return (
    <section aria-label={title}>
      <h2 className="mb-1 text-sm font-semibold tracking-wide text-ink-muted uppercase">{title}</h2>
      <p className="leading-relaxed">
        {rows
          .filter((row): row is string => Boolean(row))
          .map((row, index) => (
            <span key={index} className={index === 0 ? "block font-semibold" : "block"}>
              {row}
            </span>
          ))}
      </p>
    </section>
  );
}

const HEAD = "px-2 py-2 font-semibold";
const CELL = "px-2 py-2 align-top";

/** A table's column heads: the first heads what names each row, the others amounts. */
function HeadRow({ labels }: { labels: string[] }) {
  return (
    <tr>
      {labels.map((label, index) => (
        <th key={index} scope="col" className={`${HEAD} ${index === 0 ? "text-left" : "text-right"}`}>
          {label}
        </th>
      ))}
    </tr>
  );
}

/** A row's amounts, each kept on one line. */
function Amounts({ values }: { values: string[] }) {
  return values.map((value, index) => (
    <td key={index} className={`${CELL} text-right whitespace-nowrap tabular-nums`}>
      {value}
    </td>
  ));
}

export function InvoiceSheet({ invoice }: { invoice: InvoiceDocument }) {
  const { t } = useTranslation();
  const { seller, buyer } = invoice;
  return (
    <article className="invoice-sheet rounded-xl border border-line bg-surface p-6 shadow-sm print:text-black">
      {/* As markup: React would escape the selectors' ">" in a text child. The text is a constant. */}
      <style dangerouslySetInnerHTML={{ __html: PRINT_STYLE }} />
      <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-ink-muted">{t("invoice.document")}</p>
          <h1 className="text-2xl font-bold">{t("invoice.title", { number: invoice.number })}</h1>
        </div>
        <InvoiceStatus invoice={invoice} />
      </div>

      <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-ink-muted">{t("invoice.number")}</dt>
        <dd className="font-medium tabular-nums">{invoice.number}</dd>
        <dt className="text-ink-muted">{t("invoice.issued")}</dt>
        <dd className="tabular-nums">{invoice.issued}</dd>
        <dt className="text-ink-muted">{t("invoice.due")}</dt>
        <dd className="tabular-nums">{invoice.due}</dd>
        {invoice.paid ? (
          <>
            <dt className="text-ink-muted">{t("invoice.paidOn")}</dt>
            <dd className="tabular-nums">{invoice.paid}</dd>
          </>
        ) : null}
      </dl>

      <div className="mb-8 grid gap-6 sm:grid-cols-2">
        <Party
          title={t("invoice.seller")}
          rows={[seller.name, seller.address, `${t("invoice.companyCode")}: ${seller.companyCode}`, `${t("invoice.vatCode")}: ${seller.vatCode}`]}
        />
        <Party title={t("invoice.buyer")} rows={[buyer.name, buyer.address || null, `${t("invoice.buyerEmail")}: ${buyer.email}`]} />
      </div>

      <div className="mb-8 overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{t("invoice.lines")}</caption>
          <thead className="border-b-2 border-line-strong">
            <HeadRow
              labels={[
                t("invoice.description"),
                t("invoice.quantity"),
                t("invoice.unitPrice"),
                t("invoice.net"),
                t("invoice.vatRate"),
                t("invoice.vat"),
                t("invoice.gross"),
              ]}
            />
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              <tr key={index} className="border-b border-line">
                <td className={CELL}>{line.description}</td>
                <td className={`${CELL} text-right tabular-nums`}>{line.quantity}</td>
                <Amounts values={[line.unit, line.net, line.vatRate, line.vat, line.gross]} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="grid gap-8 sm:grid-cols-2">
        <table className="w-full border-collapse self-start text-sm">
          <caption className="mb-1 text-left font-semibold">{t("invoice.vatSummary")}</caption>
          <thead className="border-b border-line-strong">
            <HeadRow labels={[t("invoice.vatRate"), t("invoice.net"), t("invoice.vat"), t("invoice.gross")]} />
          </thead>
          <tbody>
            {invoice.rates.map((rate) => (
              <tr key={rate.vatRate} className="border-b border-line">
                <th scope="row" className={`${CELL} text-left font-normal`}>
                  {rate.vatRate}
                </th>
                <Amounts values={[rate.net, rate.vat, rate.gross]} />
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 self-start text-sm [&_dd]:pl-6">
          <dt>{t("invoice.totalNet")}</dt>
          <dd className="text-right tabular-nums">{invoice.totals.net}</dd>
          <dt>{t("invoice.totalVat")}</dt>
          <dd className="text-right tabular-nums">{invoice.totals.vat}</dd>
          <dt className="border-t border-line-strong pt-2 text-base font-bold">{t("invoice.totalGross")}</dt>
          <dd className="border-t border-line-strong pt-2 text-right text-base font-bold tabular-nums">{invoice.totals.gross}</dd>
        </dl>
      </div>
    </article>
  );
}

/** Pay, decline and download: plain forms and a link, so they work before JavaScript loads. */
export function InvoiceActions({ invoice }: { invoice: InvoiceDocument }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = `?invoice=${invoice.id}`;
  return (
    <div className="invoice-actions mt-6 flex flex-col gap-4">
      {invoice.paymentPending ? <p className="text-ink-muted">{t("invoice.pending")}</p> : null}
      <div className="flex flex-wrap items-start gap-3">
        {invoice.payable ? (
          <Form method="post" action={`${localePath(locale, "/invoice/accept")}${query}`}>
            <input type="hidden" name="invoice" value={invoice.id} />
            <button type="submit" className="button-primary">
              {t("invoice.pay")}
            </button>
          </Form>
        ) : null}
        <a href={localePath(locale, `/invoice/${invoice.id}/pdf`)} className="button-secondary" download>
          {t("invoice.download")}
        </a>
      </div>
      {invoice.status === "issued" ? <DeclineForm invoice={invoice} /> : null}
    </div>
  );
}

export function DeclineForm({ invoice }: { invoice: Pick<InvoiceDocument, "id"> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Form method="post" action={`${localePath(locale, "/invoice/decline")}?invoice=${invoice.id}`} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="invoice" value={invoice.id} />
      <button type="submit" className="button-secondary" aria-describedby={`decline-hint-${invoice.id}`}>
        {t("invoice.decline")}
      </button>
      <p id={`decline-hint-${invoice.id}`} className="text-sm text-ink-muted">
        {t("invoice.declineHint")}
      </p>
    </Form>
  );
}

export function BackToInvoice({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <LocaleLink to={`/invoice/${id}`} className="link">
      ← {t("invoice.back")}
    </LocaleLink>
  );
}

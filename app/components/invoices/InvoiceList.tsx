import { useTranslation } from "~/hooks/use-translation";
import { LocaleLink } from "~/components/LocaleLink";
import type { InvoiceStatus as Status } from "~/models/db/schema";
import { InvoiceStatus } from "./InvoiceSheet";

export type InvoiceRow = { id: number; number: string; status: Status; statusLabel: string; issued: string; due: string; total: string };

/** The customer's invoices as a table; each number opens the invoice. */
export function InvoiceList({ invoices }: { invoices: InvoiceRow[] }) {
  const { t } = useTranslation();
  if (invoices.length === 0) return <p className="text-ink-muted">{t("invoice.none")}</p>;
  const head = "px-3 py-2 text-left font-semibold";
  const cell = "px-3 py-3 align-top";
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t("invoice.listTitle")}</caption>
        <thead className="border-b-2 border-line-strong">
          <tr>
            <th scope="col" className={head}>
              {t("invoice.number")}
            </th>
            <th scope="col" className={head}>
              {t("invoice.issued")}
            </th>
            <th scope="col" className={head}>
              {t("invoice.due")}
            </th>
            <th scope="col" className={head}>
              {t("invoice.status")}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t("invoice.totalGross")}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id} className="border-b border-line">
              <th scope="row" className={`${cell} text-left font-medium`}>
                <LocaleLink to={`/invoice/${invoice.id}`} className="link" aria-label={t("invoice.open", { number: invoice.number })}>
                  {invoice.number}
                </LocaleLink>
              </th>
              <td className={`${cell} tabular-nums`}>{invoice.issued}</td>
              <td className={`${cell} tabular-nums`}>{invoice.due}</td>
              <td className={cell}>
                <InvoiceStatus invoice={invoice} />
              </td>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{invoice.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useTranslation } from "~/hooks/use-translation";
import { LocaleLink } from "~/components/LocaleLink";
import { LIST_CELL, ListTable } from "~/components/ListTable";
import type { InvoiceStatus as Status } from "~/models/db/schema";
import { InvoiceStatus } from "./InvoiceSheet";

export type InvoiceRow = { id: number; number: string; status: Status; statusLabel: string; issued: string; due: string; total: string };

/** The customer's invoices as a table; each number opens the invoice. */
export function InvoiceList({ invoices }: { invoices: InvoiceRow[] }) {
  const { t } = useTranslation();
  if (invoices.length === 0) return <p className="text-ink-muted">{t("invoice.none")}</p>;
  return (
    <ListTable
      caption={t("invoice.listTitle")}
      columns={[
        { label: t("invoice.number") },
        { label: t("invoice.issued") },
        { label: t("invoice.due") },
        { label: t("invoice.status") },
        { label: t("invoice.totalGross"), numeric: true },
      ]}
    >
      {invoices.map((invoice) => (
        <tr key={invoice.id} className="border-b border-line">
          <th scope="row" className={`${LIST_CELL} text-left font-medium`}>
            <LocaleLink to={`/invoice/${invoice.id}`} className="link" aria-label={t("invoice.open", { number: invoice.number })}>
              {invoice.number}
            </LocaleLink>
          </th>
          <td className={`${LIST_CELL} tabular-nums`}>{invoice.issued}</td>
          <td className={`${LIST_CELL} tabular-nums`}>{invoice.due}</td>
          <td className={LIST_CELL}>
            <InvoiceStatus invoice={invoice} />
          </td>
          <td className={`${LIST_CELL} text-right whitespace-nowrap tabular-nums`}>{invoice.total}</td>
        </tr>
      ))}
    </ListTable>
  );
}

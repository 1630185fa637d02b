import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/admin/Pager";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import type { QuoteStatus } from "~/models/db/schema";
import { staffQuotes } from "~/models/quotes/staff-quotes.server";
import { staffFor } from "~/web/admin/guard.server";

// /admin/quotes: the quote requests, by default those waiting for a price,
// oldest first.

export const meta: MetaFunction = () => [{ title: "Back office" }];

const STATUSES: QuoteStatus[] = ["requested", "priced", "paid", "ordered", "at_warehouse", "shipped", "delivered", "declined", "cancelled"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await staffFor(request, context, "quotes.read");
  const params = new URL(request.url).searchParams;
  const asked = params.get("status");
  const status = asked === "all" ? undefined : (STATUSES.find((candidate) => candidate === asked) ?? "requested");
  const page = Number(params.get("page"));
  return { ...(await staffQuotes({ status, page: Number.isInteger(page) && page > 0 ? page : 1 })), status: status ?? "all" };
}

export default function Quotes() {
  const { quotes, page, hasMore, status } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("admin.quotes.title")}</h1>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg bg-surface p-4 shadow-sm">
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t("admin.orders.status")}
          <select name="status" defaultValue={params.get("status") ?? status} className="field-input">
            <option value="all">{t("admin.orders.anyStatus")}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`admin.quotes.statuses.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button-primary">
          {t("admin.orders.apply")}
        </button>
      </Form>
      <DataTable
        caption={t("admin.quotes.title")}
        rows={quotes}
        rowKey={(quote) => quote.id}
        empty={t("admin.quotes.empty")}
        columns={[
          {
            header: t("admin.orders.number"),
            cell: (quote) => (
              <Link to={`/admin/quotes/${quote.id}`} className="link font-semibold">
                {quote.number}
              </Link>
            ),
          },
          { header: t("admin.orders.created"), cell: (quote) => <span className="whitespace-nowrap">{formatDateTime(quote.created_at)}</span> },
          { header: t("admin.orders.customer"), cell: (quote) => quote.email },
          { header: t("admin.quotes.lines"), cell: (quote) => quote.lines, numeric: true },
          { header: t("admin.orders.status"), cell: (quote) => t(`admin.quotes.statuses.${quote.status}`) },
        ]}
      />
      <Pager page={page} hasMore={hasMore} label={t("admin.quotes.title")} previous={t("admin.orders.previous")} next={t("admin.orders.next")} />
    </div>
  );
}

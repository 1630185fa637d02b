import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/admin/Pager";
import { useTranslation } from "~/hooks/use-translation";
import type { QuoteStatus } from "~/models/db/schema";
import { staffQuotes } from "~/models/quotes/staff-quotes.server";
import { staffFor } from "~/web/admin/guard.server";
import { ChoiceFilter, choicesOf, Filters } from "~/components/admin/Filters";
import { adminMeta } from "~/web/admin/page-title";

// /admin/quotes: the quote requests, by default those waiting for a price,
// oldest first.

export const meta = adminMeta("admin.quotes.title");

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
      <Filters>
        <ChoiceFilter name="status" label={t("admin.orders.status")} value={params.get("status") ?? status} choices={choicesOf(STATUSES, (value) => t(`admin.quotes.statuses.${value}`), [{ value: "all", label: t("admin.orders.anyStatus") }])} />
      </Filters>
      <DataTable
        caption={t("admin.quotes.title")}
        rows={quotes}
        rowKey={(quote) => quote.id}
        empty={t("admin.quotes.empty")}
        columns={[
          { header: t("admin.orders.number"), link: (quote) => ({ to: `/admin/quotes/${quote.id}`, label: quote.number }) },
          { header: t("admin.orders.created"), when: (quote) => quote.created_at },
          { header: t("admin.orders.customer"), cell: (quote) => quote.email },
          { header: t("admin.quotes.lines"), cell: (quote) => quote.lines, numeric: true },
          { header: t("admin.orders.status"), cell: (quote) => t(`admin.quotes.statuses.${quote.status}`) },
        ]}
      />
      <Pager page={page} hasMore={hasMore} label={t("admin.quotes.title")} />
    </div>
  );
}

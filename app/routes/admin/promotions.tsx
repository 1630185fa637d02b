import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/admin/Pager";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { staffPromotions } from "~/models/promotions/promotion-admin.server";
import { discountText } from "~/models/promotions/promotion-form";
import { staffFor } from "~/web/admin/guard.server";
import { Filters, TextFilter } from "~/components/admin/Filters";
import { intlLocale } from "~/lib/i18n";
import { adminMeta } from "~/web/admin/page-title";

// /admin/promotions: the promotion codes, newest first, found by any part of
// their code (a GET form, so it works without scripts), 50 to a page, with
// each one's discount, dates, limits and the number used so far.

export const meta = adminMeta("admin.promotions.title");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "promotions.manage");
  const params = new URL(request.url).searchParams;
  const page = Number(params.get("page"));
  const result = await staffPromotions({ q: params.get("q")?.slice(0, 64) ?? undefined, page: Number.isInteger(page) && page > 0 ? page : 1 });
  return { ...result, locale: intlLocale(staff.locale) };
}

export default function Promotions() {
  const { promotions, page, hasMore, locale } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("admin.promotions.title")}</h1>
        <Link to="/admin/promotions/new" className="button-primary">
          {t("admin.promotions.new")}
        </Link>
      </div>
      <p className="text-ink-muted">{t("admin.promotions.intro")}</p>
      <Filters submit={t("admin.promotions.apply")}>
        <TextFilter label={t("admin.promotions.search")} value={params.get("q") ?? ""} maxLength={64} />
      </Filters>
      <DataTable
        caption={t("admin.promotions.title")}
        rows={promotions}
        rowKey={(promotion) => promotion.id}
        empty={t("admin.promotions.empty")}
        columns={[
          { header: t("admin.promotions.code"), link: (promotion) => ({ to: `/admin/promotions/${promotion.id}`, label: promotion.code }) },
          { header: t("admin.promotions.discount"), cell: (promotion) => discountText(promotion, locale), numeric: true },
          { header: t("admin.promotions.starts"), cell: (promotion) => <span className="whitespace-nowrap">{promotion.valid_from ? formatDateTime(promotion.valid_from) : "—"}</span> },
          { header: t("admin.promotions.ends"), cell: (promotion) => <span className="whitespace-nowrap">{promotion.valid_until ? formatDateTime(promotion.valid_until) : "—"}</span> },
          { header: t("admin.promotions.minimum"), cell: (promotion) => (promotion.min_subtotal_minor > 0 ? formatMoney(promotion.min_subtotal_minor, "EUR", locale) : "—"), numeric: true },
          {
            header: t("admin.promotions.used"),
            cell: (promotion) => (promotion.max_uses === null ? promotion.uses : t("admin.promotions.usedOf", { uses: promotion.uses, max: promotion.max_uses })),
            numeric: true,
          },
          { header: t("admin.promotions.perCustomer"), cell: (promotion) => promotion.max_uses_per_customer ?? t("admin.promotions.noLimit"), numeric: true },
          { header: t("admin.promotions.status"), cell: (promotion) => t(`admin.promotions.statuses.${promotion.status}`) },
        ]}
      />
      <Pager page={page} hasMore={hasMore} label={t("admin.promotions.title")} />
    </div>
  );
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/admin/DataTable";
import { Pager } from "~/components/admin/Pager";
import { WaitedFor } from "~/components/admin/WaitedFor";
import { useTranslation } from "~/hooks/use-translation";
import { formatDateTime } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { LISTING_REVIEW_FILTERS } from "~/models/pro/listing-review-form";
import { staffListings } from "~/models/pro/listing-reviews.server";
import { staffFor } from "~/web/admin/guard.server";
import { ChoiceFilter, choicesOf, Filters } from "~/components/admin/Filters";
import { intlLocale } from "~/lib/i18n";
import { adminMeta } from "~/web/admin/page-title";

// /admin/listings: pro sellers' listings by the shop's review, by default
// the queue of those waiting, oldest first; the refused and the approved
// ones, newest decision first, one choice away. Each opens the listing as
// the seller wrote it, with the decision's forms.

export const meta = adminMeta("admin.listings.title");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { staff } = await staffFor(request, context, "catalogue.edit");
  const params = new URL(request.url).searchParams;
  const status = LISTING_REVIEW_FILTERS.find((candidate) => candidate === params.get("status")) ?? "pending";
  const page = Number(params.get("page"));
  const result = await staffListings({ status, page: Number.isInteger(page) && page > 0 ? page : 1, locale: staff.locale });
  const now = Date.now();
  return {
    ...result,
    listings: result.listings.map((listing) => ({ ...listing, waitedMinutes: Math.max(0, Math.round((now - listing.submitted_at.getTime()) / 60_000)) })),
    status,
    locale: intlLocale(staff.locale),
  };
}

export default function Listings() {
  const { listings, page, hasMore, status, locale } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("admin.listings.title")}</h1>
      <p className="text-ink-muted">{t("admin.listings.intro")}</p>
      <Filters submit={t("admin.listings.apply")}>
        <ChoiceFilter name="status" label={t("admin.listings.status")} value={status} choices={choicesOf(LISTING_REVIEW_FILTERS, (value) => t(`admin.listings.statuses.${value}`))} />
      </Filters>
      <DataTable
        caption={t(`admin.listings.statuses.${status}`)}
        rows={listings}
        rowKey={(listing) => listing.id}
        empty={t("admin.listings.empty")}
        columns={[
          {
            header: t("admin.listings.listing"),
            cell: (listing) => (
              <div className="flex items-center gap-3">
                <img src={listing.image} alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded border border-line bg-surface-muted object-cover" />
                <Link to={`/admin/listings/${listing.id}`} className="link font-semibold">
                  {listing.title}
                </Link>
              </div>
            ),
          },
          {
            header: t("admin.listings.seller"),
            cell: (listing) => (
              <>
                {listing.company ? <span className="block">{listing.company}</span> : null}
                <span className="break-all">{listing.email}</span>
              </>
            ),
          },
          { header: t("admin.listings.category"), cell: (listing) => listing.category ?? "—" },
          { header: t("admin.listings.price"), cell: (listing) => formatMoney(listing.price_minor, "EUR", locale), numeric: true },
          { header: t("admin.listings.stock"), cell: (listing) => listing.stock, numeric: true },
          status === "pending"
            ? { header: t("admin.listings.waited"), cell: (listing) => <WaitedFor minutes={listing.waitedMinutes} />, numeric: true }
            : { header: t("admin.listings.decided"), cell: (listing) => <span className="whitespace-nowrap">{listing.decided_at ? `${formatDateTime(listing.decided_at)} · ${listing.decided_by ?? ""}` : "—"}</span> },
          { header: t("admin.listings.sent"), when: (listing) => listing.submitted_at },
        ]}
      />
      <Pager page={page} hasMore={hasMore} label={t("admin.listings.title")} />
    </div>
  );
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LocaleLink } from "~/components/LocaleLink";
import { ProLayout } from "~/components/pro/ProLayout";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { useTranslation } from "~/hooks/use-translation";
import { intlLocale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { sellerListings } from "~/models/pro/listings.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { privatePage } from "~/web/private-page";

// /site-pro (spec 2, guards auth and pro; layout "pro"): a pro seller's
// listings with their price, stock, state, views, units sold and revenue,
// and the links to add, edit and pay for them. Anyone but a pro seller
// finds no such page (decision 030).
const guard = defineGuards("auth", "pro", "seller");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const listings = await sellerListings(user.id, locale);
  const money = (minor: number) => formatMoney(minor, "EUR", intlLocale(locale));
  const query = new URL(request.url).searchParams;
  const saved = /^\d{1,15}$/.exec(query.get("saved") ?? "")?.[0] ?? null;
  const sent = /^\d{1,15}$/.exec(query.get("sent") ?? "")?.[0] ?? null;
  return {
    title: t("pro.listingsTitle"),
    saved,
    sent,
    listings: listings.map((listing) => ({
      id: listing.id,
      slug: listing.slug,
      name: listing.name,
      image: listing.image,
      price: money(listing.priceMinor),
      stock: listing.stock,
      state: listing.state,
      refusal: listing.refusal,
      views: listing.views,
      unitsSold: listing.unitsSold,
      revenue: money(listing.revenueMinor),
    })),
  };
}

/** The listings table's columns: each heading's text key, and whether it holds figures (set to the right). */
const COLUMNS = [
  ["colListing", false],
  ["colPrice", true],
  ["colStock", true],
  ["colState", false],
  ["colViews", true],
  ["colSold", true],
  ["colRevenue", true],
  ["colActions", false],
] as const;

export default function SitePro() {
  const { title, saved, sent, listings } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ProLayout title={title} seller>
      {saved || sent ? (
        <p role="status" className="mb-4 rounded-lg border border-success bg-success-soft px-4 py-3 font-medium text-success">
          {sent ? t("pro.sentForReview", { id: sent }) : t("pro.saved", { id: saved ?? "" })}
        </p>
      ) : null}
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-ink-muted">{t("pro.listingsIntro")}</p>
        <LocaleLink to="/site-pro-edit/new" className="button-primary">
          {t("pro.newListing")}
        </LocaleLink>
      </div>
      {listings.length === 0 ? (
        <p className="rounded-xl border border-line p-8 text-center text-ink-muted">{t("pro.noListings")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-line text-ink-muted">
                {COLUMNS.map(([key, numeric]) => (
                  <th key={key} scope="col" className={`py-2 pr-4 font-medium ${numeric ? "text-right" : ""}`}>
                    {t(`pro.${key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {listings.map((listing) => (
                <tr key={listing.id} className="border-b border-line align-middle">
                  <td className="py-3 pr-4">
                    <div className="flex items-center gap-3">
                      <ResponsiveImage src={listing.image} alt="" preset="thumbnail" width={48} height={48} className="size-12 shrink-0 rounded object-cover" />
                      <span className="font-medium">{listing.name}</span>
                    </div>
                  </td>
                  <td className="py-3 pr-4 text-right tabular-nums">{listing.price}</td>
                  <td className="py-3 pr-4 text-right tabular-nums">{listing.stock}</td>
                  <td className="py-3 pr-4">
                    <span className={`rounded px-2 py-0.5 text-xs font-semibold ${listing.state === "active" ? "bg-success-soft text-success" : "bg-surface-muted"}`}>
                      {t(`pro.states.${listing.state}`)}
                    </span>
                    {listing.refusal ? <p className="mt-1 max-w-xs whitespace-pre-line break-words text-xs text-ink-muted">{t("pro.refusedReason", { reason: listing.refusal })}</p> : null}
                  </td>
                  <td className="py-3 pr-4 text-right tabular-nums">{listing.views}</td>
                  <td className="py-3 pr-4 text-right tabular-nums">{listing.unitsSold}</td>
                  <td className="py-3 pr-4 text-right tabular-nums">{listing.revenue}</td>
                  <td className="py-3">
                    <div className="flex flex-wrap gap-x-3 gap-y-1">
                      <LocaleLink to={`/site-pro-edit/${listing.id}`} className="link">
                        {t("pro.edit")}
                        <span className="sr-only">: {listing.name}</span>
                      </LocaleLink>
                      {listing.state === "awaiting_fee" ? (
                        <LocaleLink to={`/site-pro-payment/${listing.id}`} className="link font-semibold">
                          {t("pro.payFee")}
                          <span className="sr-only">: {listing.name}</span>
                        </LocaleLink>
                      ) : null}
                      {listing.state === "active" ? (
                        <LocaleLink to={`/p/${listing.slug}`} className="link">
                          {t("pro.view")}
                          <span className="sr-only">: {listing.name}</span>
                        </LocaleLink>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ProLayout>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { Breadcrumbs } from "~/components/listing/Breadcrumbs";
import { ListingView } from "~/components/listing/ListingView";
import { i18nServer } from "~/platform/i18n.server";
import { defineGuards } from "~/web/guards.server";
import { localeParam } from "~/web/locale-param";
import { pageMeta } from "~/web/seo";
import { loadListing } from "~/web/catalogue/listing-page.server";

const guard = defineGuards("marketplace", "search");

// /search?q=…: full-text search in the shopper's language. Result pages are
// not indexed: they are endless and duplicate the category pages.
export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, noindex: true }) : [];

// The same for every guest: a shared cache may keep it (platform/guest-cache.server.ts, decision 025).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeParam(params);
  const [, t, data] = await Promise.all([guard({ request, params }), i18nServer.getFixedT(locale), loadListing(request, { locale })]);
  const title = data.listing.text ? t("listing.searchFor", { query: data.listing.text }) : t("listing.search");
  return { ...data, title };
}

export default function Search() {
  const { listing, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <ListingView listing={listing} heading={title} intro={<Breadcrumbs crumbs={[{ label: t("listing.allCategories"), to: "/marketplace" }, { label: t("listing.search") }]} />} />;
}

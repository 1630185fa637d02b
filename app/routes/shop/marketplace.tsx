import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { Breadcrumbs } from "~/components/listing/Breadcrumbs";
import { ListingView } from "~/components/listing/ListingView";
import { TypeTabs } from "~/components/listing/TypeTabs";
import { i18nServer } from "~/platform/i18n.server";
import { defineGuards } from "~/web/guards.server";
import { localeParam } from "~/web/locale-param";
import { pageMeta } from "~/web/seo";
import { loadListing } from "~/web/catalogue/listing-page.server";

const guard = defineGuards("marketplace", "dealzone");

// /marketplace: every product (type=p) and offer (type=o) of the shop.
export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, description: data.description }) : [];

// The same for every guest: a shared cache may keep it (platform/guest-cache.server.ts, decision 025).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeParam(params);
  const [, t, data] = await Promise.all([guard({ request, params }), i18nServer.getFixedT(locale), loadListing(request, { locale })]);
  const title = t("listing.marketplace");
  return { ...data, title, description: t("meta.listingDescription", { name: title, count: data.listing.total }) };
}

export default function Marketplace() {
  const { listing, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const root = listing.listingType === "o" ? t("listing.allOffers") : t("listing.allCategories");
  return (
    <ListingView
      listing={listing}
      heading={title}
      intro={
        <>
          <Breadcrumbs crumbs={[{ label: root }]} />
          <TypeTabs current={listing.listingType} />
        </>
      }
    />
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { Breadcrumbs } from "~/components/listing/Breadcrumbs";
import { ListingView } from "~/components/listing/ListingView";
import { OfferStrip } from "~/components/listing/OfferStrip";
import { i18nServer } from "~/platform/i18n.server";
import { defineGuards } from "~/web/guards.server";
import { localeParam } from "~/web/locale-param";
import { logger } from "~/platform/logger.server";
import { pageMeta } from "~/web/seo";
import { listOffersWithImages } from "~/models/search/offers.server";
import { loadListing } from "~/web/catalogue/listing-page.server";

const guard = defineGuards("marketplace", "dealzone");

// /dealzone: the offers (type=o), with the current offer campaigns on top.
export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, description: data.description }) : [];

// The same for every guest: a shared cache may keep it (platform/guest-cache.server.ts, decision 025).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeParam(params);
  const [, t, data, offers] = await Promise.all([
    guard({ request, params }),
    i18nServer.getFixedT(locale),
    loadListing(request, { locale, listingType: "o" }),
    // Spec 8: offers that fail to load are left out silently.
    listOffersWithImages(locale).catch((error: unknown) => {
      logger.warn({ err: error }, "Offers failed to load");
      return [];
    }),
  ]);
  const title = t("listing.dealzone");
  return { ...data, offers, title, description: t("meta.listingDescription", { name: title, count: data.listing.total }) };
}

export default function DealZone() {
  const { listing, offers, title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ListingView
      listing={listing}
      heading={title}
      intro={
        <>
          <Breadcrumbs crumbs={[{ label: t("listing.allOffers") }]} />
          <OfferStrip offers={offers} />
        </>
      }
    />
  );
}

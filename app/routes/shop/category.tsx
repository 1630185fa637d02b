import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { LocaleLink } from "~/components/LocaleLink";
import { Breadcrumbs, type Crumb } from "~/components/listing/Breadcrumbs";
import { ListingView } from "~/components/listing/ListingView";
import { defineGuards } from "~/web/guards.server";
import { localeParam } from "~/web/locale-param";
import { notFound, routeCheckFailed } from "~/web/not-found";
import { i18nServer } from "~/platform/i18n.server";
import { pageMeta } from "~/web/seo";
import { getCategoryPage } from "~/models/catalogue/categories.server";
import { loadListing } from "~/web/catalogue/listing-page.server";

const guard = defineGuards("marketplace");

// /c/{multi-segment slug}: a category and everything below it.
const CATEGORY_PATH = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.category.title, description: data.description }) : [];

// The same for every guest: a shared cache may keep it (platform/guest-cache.server.ts, decision 025).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeParam(params);
  const path = (params["*"] ?? "").replace(/\/$/, "");
  if (!CATEGORY_PATH.test(path)) throw routeCheckFailed(request);
  const [, category, t] = await Promise.all([guard({ request, params }), getCategoryPage(locale, path), i18nServer.getFixedT(locale)]);
  if (!category) throw notFound(request);
  const data = await loadListing(request, { locale, category });
  return { ...data, category, description: t("meta.listingDescription", { name: category.name, count: data.listing.total }) };
}

export default function CategoryPage() {
  const { listing, category } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const crumbs: Crumb[] = [
    { label: listing.listingType === "o" ? t("listing.allOffers") : t("listing.allCategories"), to: "/marketplace" },
    ...category.ancestors.map((a) => ({ label: a.name, to: `/c/${a.path}` })),
    { label: category.name },
  ];
  return (
    <ListingView
      listing={listing}
      heading={category.name}
      intro={
        <>
          <Breadcrumbs crumbs={crumbs} />
          {category.children.length ? (
            // Its looks are the `chips` rules in tailwind.css: one class, not one per link.
            <nav aria-label={t("listing.subcategories")} className="chips">
              <ul>
                {category.children.map((child) => (
                  <li key={child.id}>
                    <LocaleLink to={`/c/${child.path}`}>
                      {child.name}
                    </LocaleLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </>
      }
    />
  );
}

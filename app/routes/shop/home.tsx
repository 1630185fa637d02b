import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { BlogTeasers } from "~/components/home/BlogTeasers";
import { CategoryTiles } from "~/components/home/CategoryTiles";
import { HomeHero } from "~/components/home/HomeHero";
import { HowItWorks } from "~/components/home/HowItWorks";
import { ProductShelf } from "~/components/home/ProductShelf";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { pageMeta } from "~/web/seo";
import { loadHomePage } from "~/models/home/home.server";
import { siteForRequest } from "~/web/sites.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, description: data.description }) : [];

// The same for every guest: a shared cache may keep it (platform/guest-cache.server.ts, decision 025).
// Reads nothing per request: its parts are kept (models/home/home.server.ts).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeParam(params);
  const [t, site] = await Promise.all([i18nServer.getFixedT(locale), siteForRequest(request)]);
  const home = await loadHomePage(site, locale);
  return { title: t("meta.title"), description: t("meta.description"), siteName: site.name, ...home };
}

const SHELVES = {
  deals: { id: "home-deals", title: "home.deals", moreHref: "/dealzone" },
  new_arrivals: { id: "home-new", title: "home.newArrivals", moreHref: "/marketplace?sort=new_arrivals" },
  best_sellers: { id: "home-best", title: "home.bestSellers", moreHref: "/marketplace?sort=best_sellers" },
} as const;

/** The site's sections in the operator's order (docs/home.md). */
export default function Home() {
  const { sections, siteName, categories, deals, newArrivals, bestSellers, posts } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const shelves = { deals, new_arrivals: newArrivals, best_sellers: bestSellers };
  const heroFirst = sections[0]?.kind === "hero";
  return (
    <div className="mx-auto max-w-7xl px-4">
      {heroFirst ? null : <h1 className="sr-only">{siteName}</h1>}
      {sections.map((section, index) => {
        // The first two sections are what a visitor sees first: only their pictures load ahead of the rest.
        const nearTop = index < 2;
        switch (section.kind) {
          case "hero":
            return <HomeHero key="hero" content={section.content} pageHeading={index === 0} />;
          case "categories":
            return <CategoryTiles key="categories" heading={section.content.heading} categories={categories} nearTop={nearTop} />;
          case "deals":
          case "new_arrivals":
          case "best_sellers": {
            const shelf = SHELVES[section.kind];
            return (
              <ProductShelf
                key={section.kind}
                id={shelf.id}
                title={section.content.heading ?? t(shelf.title)}
                products={shelves[section.kind]}
                moreHref={shelf.moreHref}
                nearTop={nearTop}
              />
            );
          }
          case "how_it_works":
            return <HowItWorks key="how" heading={section.content.heading} />;
          case "blog_teasers":
            return <BlogTeasers key="blog" heading={section.content.heading} posts={posts} />;
        }
      })}
    </div>
  );
}

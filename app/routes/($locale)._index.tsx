import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import { LocaleLink } from "~/components/LocaleLink";
import { ProductCardView } from "~/components/ProductCard";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { ProductLayoutToggle, useProductLayout } from "~/components/ProductLayoutToggle";
import { DEFAULT_LOCALE, isLocale } from "~/lib/i18n";
import { i18nServer } from "~/platform/i18n.server";
import { formatDate } from "~/lib/format";
import { listProductShelf, listTopCategories } from "~/models/catalogue/catalogue.server";
import { listLatestPosts } from "~/models/content/content.server";
import { pageMeta } from "~/platform/seo";

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, description: data.description }) : [];

// The same for every guest: a shared cache may keep it (platform/guest-cache.server.ts, decision 025).
export async function loader({ params }: LoaderFunctionArgs) {
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const [t, categories, newArrivals, bestSellers, posts] = await Promise.all([
    i18nServer.getFixedT(locale),
    listTopCategories(locale),
    listProductShelf(locale, "new-arrivals", 8),
    listProductShelf(locale, "best-sellers", 8),
    listLatestPosts(locale, 3),
  ]);
  return {
    title: t("meta.title"),
    description: t("meta.description"),
    categories,
    newArrivals,
    bestSellers,
    posts,
  };
}

export default function Home() {
  const { categories, newArrivals, bestSellers, posts } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4">
      <section className="my-6 overflow-hidden rounded-2xl bg-gradient-to-br from-brand to-brand-strong px-6 py-10 text-on-brand sm:px-12 sm:py-16">
        <h1 className="max-w-2xl text-3xl font-extrabold tracking-tight sm:text-5xl">{t("home.heroTitle")}</h1>
        <p className="mt-4 max-w-xl text-lg text-on-brand/90">{t("home.heroText")}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <LocaleLink to="/marketplace" className="rounded-lg bg-surface px-5 py-3 font-semibold text-brand-strong shadow hover:bg-brand-soft">
            {t("home.heroCta")}
          </LocaleLink>
          <LocaleLink to="/dealzone" className="rounded-lg border-2 border-on-brand/80 px-5 py-3 font-semibold hover:bg-on-brand/10">
            {t("home.heroSecondary")}
          </LocaleLink>
        </div>
      </section>

      <section aria-labelledby="home-categories" className="my-10">
        <h2 id="home-categories" className="mb-4 text-2xl font-bold">
          {t("home.categories")}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {categories.map((category, index) => (
            <li key={category.id}>
              <LocaleLink
                to={`/c/${category.path}`}
                className="flex h-full flex-col items-center gap-2 rounded-xl border border-line bg-surface p-4 text-center font-semibold hover:border-brand hover:shadow"
              >
                {category.image ? (
                  <ResponsiveImage src={category.image} alt="" preset="category" width={96} height={96} priority={index < 5} className="size-24" />
                ) : null}
                {category.name}
              </LocaleLink>
            </li>
          ))}
        </ul>
      </section>

      <Shelf id="home-new" title={t("home.newArrivals")} products={newArrivals} moreHref="/marketplace?sort=new_arrivals" />
      <Shelf id="home-best" title={t("home.bestSellers")} products={bestSellers} moreHref="/marketplace?sort=best_sellers" />

      {posts.length > 0 ? (
        <section aria-labelledby="home-blog" className="my-10">
          <h2 id="home-blog" className="mb-4 text-2xl font-bold">
            {t("home.blog")}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-3">
            {posts.map((post) => (
              <li key={post.slug} className="overflow-hidden rounded-xl border border-line bg-surface">
                {post.image ? <ResponsiveImage src={post.image} alt="" preset="blog" className="aspect-video w-full object-cover" /> : null}
                <div className="p-4">
                  <time dateTime={new Date(post.published_at).toISOString()} className="text-sm text-ink-muted">
                    {formatDate(post.published_at)}
                  </time>
                  <h3 className="mt-1 font-semibold">
                    <LocaleLink to={`/blog/${post.slug}`} className="hover:text-brand-strong">
                      {post.title}
                    </LocaleLink>
                  </h3>
                  <p className="mt-2 text-sm text-ink-muted">{post.excerpt}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function Shelf({ id, title, products, moreHref }: { id: string; title: string; products: ReturnType<typeof useLoaderData<typeof loader>>["newArrivals"]; moreHref: string }) {
  const { t } = useTranslation();
  const layout = useProductLayout();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={id} className="my-10">
      <div className="mb-4 flex items-baseline justify-between">
        <h2 id={id} className="text-2xl font-bold">
          {title}
        </h2>
        <div className="flex items-center gap-4">
          <ProductLayoutToggle />
          <LocaleLink to={moreHref} className="link text-sm font-semibold">
            {t("home.viewAll")}
          </LocaleLink>
        </div>
      </div>
      <ul className={layout === "LIST" ? "flex flex-col gap-3" : "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"}>
        {products.map((product) => (
          <li key={product.id}>
            <ProductCardView product={product} layout={layout} />
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BodyText } from "~/components/content/BodyText";
import { JsonLd } from "~/components/content/JsonLd";
import { LocaleLink } from "~/components/LocaleLink";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { useTranslation } from "~/hooks/use-translation";
import { intlLocale } from "~/lib/i18n";
import { blogPost } from "~/models/content/blog.server";
import { articleJsonLd } from "~/models/content/json-ld";
import { siteForRequest } from "~/web/sites.server";
import { localeParam } from "~/web/locale-param";
import { notFound, routeCheckFailed } from "~/web/not-found";
import { pageMeta } from "~/web/seo";

// /blog/{slug} (spec 2): the post with its author and date in the page's
// language, the previous (older) and next (newer) post, and Article data.
// A slug the site has no post for is the non-fatal 404. The same for every
// guest (decision 025).
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.post.seo_title || data.post.title, description: data.post.seo_description || data.post.excerpt }) : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  if (!SLUG.test(slug)) throw routeCheckFailed(request);
  const locale = localeParam(params);
  const site = await siteForRequest(request);
  const found = await blogPost(site.id, locale, slug);
  if (!found) throw notFound(request);
  const { post } = found;
  const jsonLd = articleJsonLd({
    title: post.title,
    excerpt: post.excerpt,
    publishedAt: post.published_at,
    author: post.author,
    image: post.image,
    url: `${site.appUrl}/${locale}/blog/${post.slug}`,
    origin: site.appUrl,
    siteName: site.name,
    language: intlLocale(locale),
  });
  return { ...found, jsonLd };
}

export default function BlogPost() {
  const { post, previous, next, jsonLd } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col px-4 py-8">
      <nav aria-label={t("blog.breadcrumb")} className="text-sm">
        <LocaleLink to="/blog" className="link">
          {t("blog.title")}
        </LocaleLink>
      </nav>
      <h1 className="mt-2 text-2xl font-bold sm:text-4xl">{post.title}</h1>
      <p className="mt-2 text-ink-muted">
        <time dateTime={post.published_at}>{post.date}</time>
        {post.author ? <> · {t("blog.by", { author: post.author })}</> : null}
      </p>
      {post.image ? <ResponsiveImage src={post.image} alt="" preset="blog" priority className="mt-6 aspect-video w-full rounded-xl object-cover" /> : null}
      <p className="mt-6 text-lg">{post.excerpt}</p>
      <BodyText body={post.body} />
      {previous || next ? (
        <nav aria-label={t("blog.morePosts")} className="mt-10 grid gap-4 border-t border-line pt-6 sm:grid-cols-2">
          {previous ? (
            <LocaleLink to={`/blog/${previous.slug}`} rel="prev" className="flex flex-col rounded-lg p-2 hover:bg-surface-muted">
              <span className="text-sm text-ink-muted">{t("blog.previous")}</span>
              <span className="font-semibold">{previous.title}</span>
            </LocaleLink>
          ) : (
            <span />
          )}
          {next ? (
            <LocaleLink to={`/blog/${next.slug}`} rel="next" className="flex flex-col rounded-lg p-2 text-right hover:bg-surface-muted sm:col-start-2">
              <span className="text-sm text-ink-muted">{t("blog.next")}</span>
              <span className="font-semibold">{next.title}</span>
            </LocaleLink>
          ) : null}
        </nav>
      ) : null}
      <JsonLd data={jsonLd} />
    </article>
  );
}

import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PostCard } from "~/components/content/PostCard";
import { Pagination } from "~/components/Pagination";
import { useTranslation } from "~/hooks/use-translation";
import { localePath } from "~/lib/i18n";
import { blogPageHref } from "~/models/content/blog";
import { blogIndex } from "~/models/content/blog.server";
import { siteForRequest } from "~/web/sites.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { notFound } from "~/web/not-found";
import { pageMeta } from "~/web/seo";

// /blog (spec 2): the site's posts in the page's language, newest first, a
// page at a time (?page=2). A site with none answers the non-fatal 404, as
// its footer shows no blog link (store config `blogs`, spec 3). A page past
// the last redirects to the last (models/content/blog.ts). The same for
// every guest (decision 025).

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, description: data.description }) : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeParam(params);
  const site = await siteForRequest(request);
  const [index, t] = await Promise.all([blogIndex(site.id, locale, new URL(request.url).searchParams.get("page")), i18nServer.getFixedT(locale)]);
  if (index.kind === "none") throw notFound(request);
  if (index.kind === "redirect") throw redirect(localePath(locale, blogPageHref(index.page)));
  const title = index.page > 1 ? t("blog.titlePage", { page: index.page }) : t("blog.title");
  return { title, description: t("blog.description"), index };
}

export default function Blog() {
  const { title, index } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <ul aria-label={t("blog.listLabel")} className="grid gap-6 sm:grid-cols-2">
        {index.posts.map((post) => (
          <li key={post.slug} className="flex">
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      <Pagination current={index.page} pages={index.pages} href={blogPageHref} />
    </div>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DEFAULT_LOCALE, isLocale } from "~/lib/i18n";
import { pageMeta } from "~/platform/seo";
import { defineGuards } from "~/platform/guards.server";
import { notFound, routeCheckFailed } from "~/platform/not-found";
import { getPage } from "~/models/content/content.server";

// The catch-all content page of spec 2 (/{slug}): about us, privacy policy,
// warranty... A path no page has is the non-fatal 404.
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

// The content pages spec 2 guards; a site without the part answers 404.
const GUARDED_PAGES: Partial<Record<string, (args: Pick<LoaderFunctionArgs, "request" | "params">) => Promise<unknown>>> = {
  "about-us": defineGuards("about-us"),
  "purchase-agreement": defineGuards("purchase-agreement"),
  "reservation-policy": defineGuards("marketplace"),
};

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.page.title, description: data.page.description }) : [];

// The same for every guest: a shared cache may keep it (platform/guest-cache.server.ts, decision 025).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = isLocale(params.locale) ? params.locale : DEFAULT_LOCALE;
  const slug = (params["*"] ?? "").replace(/\/$/, "");
  if (slug !== "" && !SLUG.test(slug)) throw routeCheckFailed(request);
  await GUARDED_PAGES[slug]?.({ request, params });
  const page = slug ? await getPage(locale, slug) : undefined;
  if (!page) throw notFound(request);
  return { page };
}

export default function ContentPage() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <article className="prose mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{page.title}</h1>
      {page.body.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index} className="mt-4 leading-relaxed whitespace-pre-line">
          {paragraph.replace(/^#+\s*/, "")}
        </p>
      ))}
    </article>
  );
}

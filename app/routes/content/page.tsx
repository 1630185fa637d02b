import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BodyText } from "~/components/content/BodyText";
import { BrowserDownloads } from "~/components/content/BrowserDownloads";
import { DeferredContactForm } from "~/components/content/DeferredContactForm";
import { localePath } from "~/lib/i18n";
import { getSessionUser } from "~/web/accounts/sessions.server";
import { submitContactMessage } from "~/web/content/contact-form.server";
import { findPage } from "~/models/content/content.server";
import { CONTACTS_SLUG, UNSUPPORTED_BROWSER_SLUG } from "~/models/content/pages";
import { siteForRequest } from "~/web/sites.server";
import { defineGuards } from "~/web/guards.server";
import { localeParam } from "~/web/locale-param";
import { notFound, routeCheckFailed } from "~/web/not-found";
import { pageMeta } from "~/web/seo";

// The catch-all content page of spec 2 (/{slug}): about us, privacy policy,
// warranty, contacts... at the page's own slug in the page's language
// (/lt/kontaktai); its other names move there (301). The contacts page
// carries the contact form, so this route has the form's action: a
// language's own slug is only known to the database, and a form must post
// to the route that shows it to come back with what was typed
// (docs/content.md). A path no page has is the non-fatal 404.
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

// The content pages spec 2 guards (pages.ts PAGE_FEATURES names the same for the sitemap).
const GUARDED_PAGES: Partial<Record<string, (args: Pick<LoaderFunctionArgs, "request" | "params">) => Promise<unknown>>> = {
  "about-us": defineGuards("about-us"),
  "purchase-agreement": defineGuards("purchase-agreement"),
  "reservation-policy": defineGuards("marketplace"),
};

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.page.seoTitle, description: data.page.description, paths: data.paths }) : [];

/** The page the path names, through its guard; a redirect to its own path in this language, or the 404, is thrown. */
async function shownPage({ request, params }: Pick<LoaderFunctionArgs, "request" | "params">) {
  const locale = localeParam(params);
  const slug = (params["*"] ?? "").replace(/\/$/, "");
  if (slug !== "" && !SLUG.test(slug)) throw routeCheckFailed(request);
  const site = await siteForRequest(request);
  const found = slug ? await findPage(site.id, locale, slug) : null;
  if (!found) throw notFound(request);
  await GUARDED_PAGES[found.kind === "page" ? found.page.slug : found.pageSlug]?.({ request, params });
  if (found.kind === "moved") throw redirect(`${localePath(locale, found.path)}${new URL(request.url).search}`, 301);
  return { ...found, site, locale };
}

// The same for every guest: a shared cache may keep it (platform/guest-cache.server.ts, decision 025).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { page, paths, locale } = await shownPage({ request, params });
  if (page.slug !== CONTACTS_SLUG) return { page, paths, contact: null };
  const user = await getSessionUser(request);
  return {
    page,
    paths,
    contact: {
      path: paths[locale] ?? `/${page.slug}`,
      sent: new URL(request.url).searchParams.get("sent") === "1",
      defaults: user ? { name: `${user.first_name} ${user.last_name}`.trim(), email: user.email } : {},
    },
  };
}

/** Only the contacts page takes a post: its message. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { page, paths, site, locale } = await shownPage({ request, params });
  if (page.slug !== CONTACTS_SLUG) throw new Response(null, { status: 405, headers: { allow: "GET, HEAD" } });
  const [form, user] = await Promise.all([request.formData(), getSessionUser(request)]);
  return submitContactMessage({ form, site, locale, user, clientIp: context.clientIp, path: paths[locale] ?? `/${page.slug}` });
}

export default function ContentPage() {
  const { page, contact } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <article>
        <h1 className="text-3xl font-bold">{page.title}</h1>
        <BodyText body={page.body} />
        {page.slug === UNSUPPORTED_BROWSER_SLUG ? <BrowserDownloads /> : null}
      </article>
      {contact ? <DeferredContactForm path={contact.path} sent={contact.sent} defaults={contact.defaults} reply={reply} /> : null}
    </div>
  );
}

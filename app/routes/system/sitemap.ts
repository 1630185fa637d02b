import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapIndex } from "~/models/catalogue/sitemap.server";
import { siteForRequest } from "~/web/sites.server";

// /sitemap.xml: the sitemap index of the site this host serves.
export async function loader({ request }: LoaderFunctionArgs) {
  const xml = await sitemapIndex(await siteForRequest(request));
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } });
}

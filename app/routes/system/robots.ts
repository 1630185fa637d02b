import type { LoaderFunctionArgs } from "@remix-run/node";
import { siteForRequest } from "~/web/sites.server";

// /robots.txt per host: the API, search results and filtered listings stay
// out of the index (spec 2's noindex rules), and the sitemap is named.
export async function loader({ request }: LoaderFunctionArgs) {
  const site = await siteForRequest(request);
  const body = [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /img",
    "Disallow: /*/search",
    "Disallow: /*?*f.manufacturer",
    "Disallow: /*?*az=",
    "Disallow: /*?*s=",
    "",
    `Sitemap: ${site.appUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" } });
}

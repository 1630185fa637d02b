import type { LoaderFunctionArgs } from "@remix-run/node";
import { pagesSitemap, productsSitemap } from "~/models/catalogue/sitemap.server";
import { siteForRequest } from "~/web/sites.server";

// /sitemap/pages.xml and /sitemap/products-{n}.xml, named by /sitemap.xml.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const site = await siteForRequest(request);
  const products = /^products-(\d{1,4})\.xml$/.exec(params.file ?? "");
  const xml =
    params.file === "pages.xml" ? await pagesSitemap(site) : products && Number(products[1]) >= 1 ? await productsSitemap(site, Number(products[1])) : null;
  if (!xml) return new Response("Not found", { status: 404 });
  return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } });
}

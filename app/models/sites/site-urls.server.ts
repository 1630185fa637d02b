import type { DB } from "~/models/db/db.server";

// A site's address (`sites.app_url`) is what canonical and hreflang links,
// robots.txt's sitemap line and the links in emails name. The demo's rows
// say http://localhost:3000 and http://{code}.localhost:3000; a deployment
// names its own with SITE_URLS, written to the rows at every start, so the
// environment is the one place that says where the shop is:
//
//   SITE_URLS="default=https://shop.example.com,lt=https://lt.example.com"
//
// PUBLIC_URL, the processors' return address, is the default site's when
// SITE_URLS does not name it: a shop with one site sets one variable.

/** SITE_URLS by site code; each address an origin without a trailing slash. Throws on a part that is not code=address. */
export function parseSiteUrls(value: string): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const part of value.split(",")) {
    if (!part.trim()) continue;
    const [code, ...rest] = part.split("=");
    const address = rest.join("=").trim();
    if (!/^[a-z0-9-]{1,20}$/.test(code!.trim()) || !/^https?:\/\/[^/\s]+\/?$/.test(address)) {
      throw new Error(`SITE_URLS: "${part.trim()}" is not a site code and its address, such as lt=https://lt.example.com`);
    }
    urls[code!.trim()] = new URL(address).origin;
  }
  return urls;
}

/** The addresses SITE_URLS (and PUBLIC_URL for the default site) give, by site code. */
export function configuredSiteUrls(siteUrls: string, publicUrl: string | undefined): Record<string, string> {
  const urls = parseSiteUrls(siteUrls);
  if (publicUrl && !urls.default) urls.default = new URL(publicUrl).origin;
  return urls;
}

/** Writes each named site's address; a code no site has is an error, so a typo does not go unseen. Returns the codes changed. */
export async function applySiteUrls(db: DB, urls: Record<string, string>): Promise<string[]> {
  const codes = Object.keys(urls);
  if (!codes.length) return [];
  const known = new Set((await db.selectFrom("sites").select("code").execute()).map((site) => site.code));
  const unknown = codes.filter((code) => !known.has(code));
  if (unknown.length) throw new Error(`SITE_URLS names no such site: ${unknown.join(", ")} (the sites are ${[...known].join(", ")})`);
  const changed: string[] = [];
  for (const code of codes) {
    const result = await db.updateTable("sites").set({ app_url: urls[code]! }).where("code", "=", code).where("app_url", "<>", urls[code]!).executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) changed.push(code);
  }
  return changed;
}

import { db } from "./db.server";

export type SiteSummary = {
  id: number;
  code: string;
  name: string;
  theme: string;
  languages: { id: number; iso_code: string; local_title: string }[];
};

/** The host name without port, lower-cased: "LT.localhost:3000" → "lt.localhost". */
export function hostName(request: Request) {
  return (request.headers.get("host") ?? new URL(request.url).host).replace(/:\d+$/, "").toLowerCase();
}

/** The site a host serves; an unknown host gets the default site. */
export async function siteForHost(host: string): Promise<SiteSummary> {
  const site =
    (await db()
      .selectFrom("site_hosts")
      .innerJoin("sites", "sites.id", "site_hosts.site_id")
      .select(["sites.id", "sites.code", "sites.name", "sites.theme"])
      .where("site_hosts.host", "=", host)
      .executeTakeFirst()) ??
    (await db().selectFrom("sites").select(["id", "code", "name", "theme"]).where("code", "=", "default").executeTakeFirst());
  if (!site) throw new Error("No default site: run the migrations and seed the database");

  const languages = await db()
    .selectFrom("site_languages")
    .innerJoin("languages", "languages.id", "site_languages.language_id")
    .select(["languages.id", "languages.iso_code", "languages.local_title"])
    .where("site_languages.site_id", "=", site.id)
    .orderBy("site_languages.position")
    .execute();
  return { ...site, languages };
}

import { db } from "~/models/db/db.server";
import type { FaqCategory } from "./faq";

/**
 * Shows a post on one site only (by the site's code), or on every site
 * (null). Undefined when there is no such post or site.
 */
export async function setPostSite(slug: string, siteCode: string | null) {
  let siteId: number | null = null;
  if (siteCode !== null) {
    const site = await db().selectFrom("sites").select("id").where("code", "=", siteCode).executeTakeFirst();
    if (!site) return { missing: "site" } as const;
    siteId = site.id;
  }
  const post = await db().updateTable("blog_posts").set({ site_id: siteId }).where("slug", "=", slug).returning("slug").executeTakeFirst();
  return post ? ({ done: true } as const) : ({ missing: "post" } as const);
}

/** Files an FAQ entry under a category; false when there is no such entry. */
export async function setFaqCategory(slug: string, category: FaqCategory) {
  const entry = await db().updateTable("faq_entries").set({ category }).where("slug", "=", slug).returning("slug").executeTakeFirst();
  return entry !== undefined;
}

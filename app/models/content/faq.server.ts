import type { Locale } from "~/lib/i18n";
import { db } from "~/models/db/db.server";
import { groupByCategory } from "./faq";
import { MAX_QUERY_LENGTH, matchesQuery, queryWords } from "./faq-search";

function faqInLanguage(locale: Locale) {
  return db()
    .selectFrom("faq_entries as f")
    .innerJoin("faq_translations as t", "t.faq_id", "f.id")
    .innerJoin("languages as l", "l.id", "t.language_id")
    .select(["f.slug", "f.category", "t.question", "t.answer", "t.seo_title", "t.seo_description"])
    .where("l.iso_code", "=", locale)
    // A draft is the back office's until it is published (0048).
    .where("t.published", "=", true);
}

/**
 * /faq: the entries of the page's language by category, only those matching
 * the query when there is one (faq-search.ts). `query` is what the search
 * field shows again.
 */
export async function faqPage(locale: Locale, q: string | null) {
  const query = (q ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const words = queryWords(query);
  const all = await faqInLanguage(locale).orderBy("f.position").orderBy("f.id").execute();
  const shown = all.filter((entry) => matchesQuery(entry, words));
  return { query, searched: words.length > 0, entries: shown, groups: groupByCategory(shown) };
}

/** /faq/{slug}: one entry in the page's language, or undefined. */
export function faqEntry(locale: Locale, slug: string) {
  return faqInLanguage(locale).where("f.slug", "=", slug).executeTakeFirst();
}

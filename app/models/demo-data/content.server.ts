import type { DB } from "~/models/db/db.server";
import { BLOG_POSTS } from "./blog";
import { FAQ_ENTRIES } from "./faq";
import { PAGES } from "./pages";
import { BASE_DATE, LANGUAGE_CODES } from "./reference";
import { perLanguage } from "./translations";

const DAY_MS = 24 * 60 * 60 * 1000;

function daysBeforeBase(days: number) {
  return new Date(BASE_DATE.getTime() - days * DAY_MS);
}

export async function insertContent(db: DB) {
  const pages = await db
    .insertInto("pages")
    .values(PAGES.map((p, i) => ({ slug: p.slug, updated_at: daysBeforeBase(30 + i * 7) })))
    .returning(["id", "slug"])
    .execute();
  const pageId = new Map(pages.map((p) => [p.slug, p.id]));
  await db
    .insertInto("page_translations")
    .values(
      PAGES.flatMap((p) =>
        perLanguage({ title: p.title, description: p.description, body: p.body }, { page_id: pageId.get(p.slug)! }).map((row, i) => ({
          ...row,
          slug: p.slugs?.[LANGUAGE_CODES[i]!] ?? null,
        })),
      ),
    )
    .execute();

  const posts = await db
    .insertInto("blog_posts")
    .values(BLOG_POSTS.map((p, i) => ({ slug: p.slug, image: `/media/demo/blog-${i + 1}.svg`, published_at: daysBeforeBase(p.daysAgo), author: p.author })))
    .returning(["id", "slug"])
    .execute();
  const postId = new Map(posts.map((p) => [p.slug, p.id]));
  await db
    .insertInto("blog_post_translations")
    .values(BLOG_POSTS.flatMap((p) => perLanguage({ title: p.title, excerpt: p.excerpt, body: p.body }, { post_id: postId.get(p.slug)! })))
    .execute();

  const faqs = await db
    .insertInto("faq_entries")
    .values(FAQ_ENTRIES.map((f, i) => ({ slug: f.slug, category: f.category, position: i + 1 })))
    .returning(["id", "slug"])
    .execute();
  const faqId = new Map(faqs.map((f) => [f.slug, f.id]));
  await db
    .insertInto("faq_translations")
    .values(FAQ_ENTRIES.flatMap((f) => perLanguage({ question: f.question, answer: f.answer }, { faq_id: faqId.get(f.slug)! })))
    .execute();

  return { pages: PAGES.length, blogPosts: BLOG_POSTS.length, faqEntries: FAQ_ENTRIES.length };
}

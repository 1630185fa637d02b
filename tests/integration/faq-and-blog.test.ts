import { sql } from "kysely";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { JsonLd } from "~/components/content/JsonLd";
import { faqPageJsonLd } from "~/models/content/json-ld";
import { db } from "~/models/db/db.server";
import { insertContent } from "~/models/demo-data/content.server";
import { siteForHost } from "~/models/sites/sites.server";
import { storeConfig } from "~/models/sites/store-config.server";
import { NonceProvider } from "~/web/nonce";
import { loader as blogIndex } from "~/routes/content/blog";
import { loader as blogPost } from "~/routes/content/blog-post";
import { loader as faqIndex } from "~/routes/content/faq";
import { loader as faqEntry } from "~/routes/content/faq-entry";
import { runAdmin } from "../../scripts/admin";
import { siteForRequest } from "~/web/sites.server";

// Issue 16, point 3: the FAQ with its categories and search, the blog with
// its pages and neighbours, their schema.org data, and a site without posts.
// The demo content is the data: nine FAQ entries and six posts.

beforeAll(async () => {
  await insertContent(db());
});

type Thrown = { status: number; fatal?: boolean; location?: string | null };

/** What a loader answered, or what it threw: a 404's kind, a redirect's address. */
async function call<T>(answer: () => Promise<T>): Promise<{ data?: T; thrown?: Thrown }> {
  try {
    return { data: await answer() };
  } catch (error) {
    if (error instanceof Response) return { thrown: { status: error.status, location: error.headers.get("location") } };
    const e = error as { init?: { status?: number }; data?: { fatal?: boolean } };
    return { thrown: { status: e.init?.status ?? 0, fatal: e.data?.fatal } };
  }
}

const args = (url: string, params: Record<string, string>) => ({ request: new Request(url), params, context: {} });
const faq = (locale: string, q = "") => faqIndex(args(`http://localhost/${locale}/faq${q ? `?q=${encodeURIComponent(q)}` : ""}`, { locale }));
const blog = (locale: string, search = "", host = "localhost") => call(() => blogIndex(args(`http://${host}/${locale}/blog${search}`, { locale })));
const post = (locale: string, slug: string) => call(() => blogPost(args(`http://localhost/${locale}/blog/${slug}`, { locale, slug })));

describe("/faq", () => {
  it("shows every question by category, ordering first", async () => {
    const { faq: page } = await faq("en");
    expect(page.searched).toBe(false);
    expect(page.entries).toHaveLength(9);
    expect(page.groups.map((g) => g.category)).toEqual(["ordering", "payment", "shipping", "quotes", "returns"]);
  });

  it("finds a question by a word of its answer in Lithuanian, with or without its accents", async () => {
    for (const q of ["krepšelyje", "KREPSELYJE"]) {
      const { faq: page } = await faq("lt", q);
      expect(page.searched).toBe(true);
      expect(page.entries.map((e) => e.slug)).toContain("air-or-sea-delivery-time");
      expect(page.entries.every((e) => /krepšel/i.test(`${e.question} ${e.answer}`))).toBe(true);
    }
  });

  it("finds a question by a word of its answer in English, and only in the page's language", async () => {
    expect((await faq("en", "wallet")).faq.entries.map((e) => e.slug)).toContain("payment-methods");
    expect((await faq("lt", "wallet")).faq.entries).toEqual([]);
  });

  it("finds nothing for a word no answer has, and keeps the words typed", async () => {
    const { faq: page } = await faq("en", "  zeppelin ");
    expect(page.entries).toEqual([]);
    expect(page.groups).toEqual([]);
    expect(page.query).toBe("zeppelin");
  });

  it("carries FAQPage data of the questions shown, as valid JSON with the page's nonce", async () => {
    const { faq: page } = await faq("en", "wallet");
    const html = renderToString(createElement(NonceProvider, { value: "n0nce" }, createElement(JsonLd, { data: faqPageJsonLd(page.entries) })));
    const json = /<script type="application\/ld\+json" nonce="n0nce">(.*)<\/script>/s.exec(html)?.[1];
    const data = JSON.parse(json!) as { "@type": string; mainEntity: { "@type": string; name: string }[] };
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity.map((q) => q.name)).toEqual(page.entries.map((e) => e.question));
    expect(data.mainEntity[0]!["@type"]).toBe("Question");
  });
});

describe("/faq/{slug}", () => {
  const open = (slug: string) => call(() => faqEntry(args(`http://localhost/lv/faq/${slug}`, { locale: "lv", slug })));

  it("shows one question in the page's language", async () => {
    const { data } = await open("returns");
    expect(data?.entry.question).toBe("Vai varu atgriezt preci?");
    expect(data?.entry.category).toBe("returns");
    expect(data?.entry.answer.length).toBeGreaterThan(20);
  });

  it("answers the non-fatal 404 for a question that does not exist, the fatal one for a slug none could have", async () => {
    expect((await open("no-such-question")).thrown).toEqual({ status: 404, fatal: false });
    expect((await open("Not_A_Slug")).thrown).toEqual({ status: 404, fatal: true });
  });
});

describe("/blog", () => {
  it("shows the newest four posts first, with their date in the page's language", async () => {
    const { data } = await blog("lt");
    expect(data?.index.page).toBe(1);
    expect(data?.index.pages).toBe(2);
    expect(data?.index.posts.map((p) => p.slug)).toEqual(["air-or-sea-shipping", "black-friday-shopping-abroad", "customs-and-vat-explained", "parcel-consolidation"]);
    const first = data!.index.posts[0]!;
    expect(first.author).toBe("Rūta Petraitytė");
    expect(first.date).toMatch(/^2026 m\. spalio 20 d\.$/);
  });

  it("shows the rest on page 2", async () => {
    const { data } = await blog("en", "?page=2");
    expect(data?.index.page).toBe(2);
    expect(data?.index.posts.map((p) => p.slug)).toEqual(["winter-boots-guide", "new-warehouse-in-the-emirates"]);
  });

  it("sends a page past the last to the last, and ?page=1 or a bad number to the first", async () => {
    expect((await blog("en", "?page=3")).thrown).toEqual({ status: 302, location: "/en/blog?page=2" });
    expect((await blog("en", "?page=1")).thrown).toEqual({ status: 302, location: "/en/blog" });
    expect((await blog("en", "?page=abc")).thrown).toEqual({ status: 302, location: "/en/blog" });
  });
});

describe("/blog/{slug}", () => {
  it("shows the post with the previous (older) and next (newer) post", async () => {
    const { data } = await post("en", "black-friday-shopping-abroad");
    expect(data?.post.title).toBe("Making the most of Black Friday abroad");
    expect(data?.post.author).toBe("Jānis Bērziņš");
    expect(data?.post.date).toBe("October 7, 2026");
    expect(data?.previous?.slug).toBe("customs-and-vat-explained");
    expect(data?.next?.slug).toBe("air-or-sea-shipping");
  });

  it("has no next post after the newest and no previous one before the oldest", async () => {
    expect((await post("en", "air-or-sea-shipping")).data?.next).toBeNull();
    expect((await post("en", "new-warehouse-in-the-emirates")).data?.previous).toBeNull();
  });

  it("carries Article data with headline, date, author and image", async () => {
    const { data } = await post("ee", "customs-and-vat-explained");
    const json = JSON.parse(JSON.stringify(data!.jsonLd)) as Record<string, unknown>;
    expect(json).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: data!.post.title,
      datePublished: data!.post.published_at,
      author: { "@type": "Person", name: "Kadri Tamm" },
      image: ["http://localhost:3000/media/demo/blog-3.svg"],
      inLanguage: "et",
    });
  });

  it("answers the non-fatal 404 for a post that does not exist", async () => {
    expect((await post("en", "no-such-post")).thrown).toEqual({ status: 404, fatal: false });
  });
});

describe("a site without blog posts", () => {
  afterEach(async () => {
    await sql`update blog_posts set site_id = null`.execute(db());
  });

  it("answers 404 on /blog and its posts, and its footer and store config say it has none", async () => {
    // Every post belongs to the default site from now on; pj has none.
    await sql`update blog_posts set site_id = (select id from sites where code = 'default')`.execute(db());
    expect((await blog("en", "", "pj.localhost")).thrown).toEqual({ status: 404, fatal: false });
    expect((await blog("en", "", "localhost")).data?.index.posts).toHaveLength(4);
    const pj = await call(() => blogPost(args("http://pj.localhost/en/blog/air-or-sea-shipping", { locale: "en", slug: "air-or-sea-shipping" })));
    expect(pj.thrown).toEqual({ status: 404, fatal: false });
    expect((await siteForHost("pj.localhost")).features.blog).toBe(false);
    expect((await siteForHost("localhost")).features.blog).toBe(true);
    expect((await storeConfig(await siteForRequest(new Request("http://pj.localhost/api/store-config")), "en"))?.blogs).toBe(false);
    expect((await storeConfig(await siteForRequest(new Request("http://localhost/api/store-config")), "en"))?.blogs).toBe(true);
  });
});

describe("npm run admin -- content", () => {
  const lines: string[] = [];
  const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };

  it("shows a post on one site only, then on every site again", async () => {
    expect(await runAdmin(["content", "post-site", "--post", "winter-boots-guide", "--site", "pj"], output)).toBe(0);
    expect((await post("en", "winter-boots-guide")).thrown).toEqual({ status: 404, fatal: false });
    expect(await runAdmin(["content", "post-site", "--post", "winter-boots-guide", "--site", "all"], output)).toBe(0);
    expect((await post("en", "winter-boots-guide")).data?.post.slug).toBe("winter-boots-guide");
  });

  it("moves an FAQ entry to another category", async () => {
    expect(await runAdmin(["content", "faq-category", "--entry", "tracking", "--to", "ordering"], output)).toBe(0);
    const ordering = (await faq("en")).faq.groups.find((g) => g.category === "ordering");
    expect(ordering?.entries.map((e) => e.slug)).toContain("tracking");
    await runAdmin(["content", "faq-category", "--entry", "tracking", "--to", "shipping"], output);
  });

  it("changes nothing for an unknown post, site or entry", async () => {
    expect(await runAdmin(["content", "post-site", "--post", "no-such-post", "--site", "all"], output)).toBe(1);
    expect(await runAdmin(["content", "post-site", "--post", "winter-boots-guide", "--site", "nowhere"], output)).toBe(1);
    expect(await runAdmin(["content", "faq-category", "--entry", "no-such-entry", "--to", "payment"], output)).toBe(1);
    expect((await post("en", "winter-boots-guide")).data?.post.slug).toBe("winter-boots-guide");
  });
});

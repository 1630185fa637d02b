import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/models/db/db.server";
import { loader as contentPage } from "~/routes/($locale).$";

// Spec 2's guards on the content pages the catch-all route serves: a site
// without the part answers the non-fatal 404, the others show the page.
const GUARDED = [
  { slug: "about-us", setting: "about_us" },
  { slug: "purchase-agreement", setting: "purchase_agreement" },
  { slug: "reservation-policy", setting: "marketplace" },
];

beforeAll(async () => {
  for (const { slug } of GUARDED) {
    const page = await db().insertInto("pages").values({ slug }).returning("id").executeTakeFirstOrThrow();
    await sql`insert into page_translations (page_id, language_id, title, body)
              select ${page.id}, id, ${`Title of ${slug}`}, 'Body' from languages where iso_code = 'en'`.execute(db());
  }
});

function open(host: string, slug: string) {
  return contentPage({ request: new Request(`http://${host}/en/${slug}`), params: { locale: "en", "*": slug }, context: {} }).then(
    (answer) => ({ answer, error: undefined }),
    (error: unknown) => ({ answer: undefined, error: error as { init?: { status?: number }; data?: { fatal?: boolean } } }),
  );
}

describe("guarded content pages (spec 2)", () => {
  for (const { slug, setting } of GUARDED) {
    it(`/${slug} answers the non-fatal 404 on a site whose operator turned "${setting}" off`, async () => {
      await sql`update sites set settings = settings || ${JSON.stringify({ [setting]: false })}::jsonb where code = 'pj'`.execute(db());
      try {
        const off = await open("pj.localhost", slug);
        expect(off.error?.init?.status).toBe(404);
        expect(off.error?.data?.fatal).toBe(false);
        const on = await open("localhost", slug);
        expect(on.answer?.page.title).toBe(`Title of ${slug}`);
      } finally {
        await sql`update sites set settings = settings - ${setting} where code = 'pj'`.execute(db());
      }
    });
  }

  it("other content pages have no guard", async () => {
    await db().insertInto("pages").values({ slug: "warranty" }).execute();
    await sql`insert into page_translations (page_id, language_id, title, body)
              select p.id, l.id, 'Warranty', 'Body' from pages p, languages l where p.slug = 'warranty' and l.iso_code = 'en'`.execute(db());
    await sql`update sites set settings = settings || '{"marketplace": false, "about_us": false, "purchase_agreement": false}'::jsonb where code = 'pj'`.execute(db());
    try {
      expect((await open("pj.localhost", "warranty")).answer?.page.title).toBe("Warranty");
    } finally {
      await sql`update sites set settings = settings - 'marketplace' - 'about_us' - 'purchase_agreement' where code = 'pj'`.execute(db());
    }
  });
});

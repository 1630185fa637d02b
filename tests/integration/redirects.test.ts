import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { db, migrate } from "~/models/db/db.server";
import { loader as localeLayout, shouldRevalidate } from "~/routes/layout";
import { runAdmin } from "../../scripts/admin";

// Spec 2: a server-provided redirect check runs on every page path; an
// absolute target is loaded as a new document. An operator keeps the list
// with `npm run admin -- redirect …`.

function capture() {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, output: { out: (line: string) => lines.out.push(line), err: (line: string) => lines.err.push(line) } };
}

async function admin(...argv: string[]) {
  const run = capture();
  const code = await runAdmin(argv, run.output);
  return { code, out: run.lines.out.join("\n"), err: run.lines.err.join("\n") };
}

/** What the shop's layout answers for a path: the thrown redirect, or null when the page is served. */
async function visit(path: string) {
  try {
    await localeLayout({ request: new Request(`http://localhost${path}`), params: {}, context: {} });
    return null;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

describe("redirects (spec 2)", () => {
  it("arrive by migration 0012 on a database that already ran 0013", async () => {
    await sql`drop table redirects`.execute(db());
    await sql`delete from kysely_migration where name = '0012-redirects'`.execute(db());
    expect(await migrate()).toEqual(["0012-redirects"]);
    expect(await db().selectFrom("redirects").selectAll().execute()).toEqual([]);
  });

  it("an operator adds, lists and removes them", async () => {
    expect(await admin("redirect", "add", "--from", "/old-shop/", "--to", "/lt/about-us")).toMatchObject({ code: 0, out: "/old-shop now redirects to /lt/about-us (301)." });
    expect(await admin("redirect", "add", "--from=/en/gone", "--to=https://example.org/new", "--status=302")).toMatchObject({ code: 0 });
    expect((await admin("redirect", "list")).out).toBe("/en/gone -> https://example.org/new (302)\n/old-shop -> /lt/about-us (301)");
    // Adding a path again replaces its redirect.
    expect(await admin("redirect", "add", "--from", "/old-shop", "--to", "/lt/faq", "--status", "302")).toMatchObject({ code: 0 });
    expect((await admin("redirect", "list")).out).toContain("/old-shop -> /lt/faq (302)");
    expect(await admin("redirect", "remove", "--from", "/old-shop")).toMatchObject({ code: 0, out: "Removed the redirect of /old-shop." });
    expect(await admin("redirect", "remove", "--from", "/old-shop")).toMatchObject({ code: 1, err: expect.stringContaining("has no redirect") });
    await admin("redirect", "remove", "--from", "/en/gone");
    expect((await admin("redirect", "list")).out).toBe("No redirects.");
  });

  it("refuses what cannot work, changing nothing", async () => {
    const cases: [string[], string][] = [
      [["redirect", "add", "--from", "old", "--to", "/lt"], "must start with one /"],
      [["redirect", "add", "--from", "//evil.example", "--to", "/lt"], "must start with one /"],
      [["redirect", "add", "--from", "/a?b=1", "--to", "/lt"], "no query"],
      [["redirect", "add", "--from", "/api/x", "--to", "/lt"], "not the API"],
      [["redirect", "add", "--from", "/a", "--to", "lt/page"], "must be a path starting with one /"],
      [["redirect", "add", "--from", "/a", "--to", "//evil.example"], "must be a path starting with one /"],
      [["redirect", "add", "--from", "/a/", "--to", "/a"], "the old path itself"],
      [["redirect", "add", "--from", "/a", "--to", "/b", "--status", "307"], "301 or 302"],
      [["redirect", "add", "--from", "/a"], "--to is required"],
      [["redirect", "move"], "unknown redirect command"],
    ];
    for (const [argv, message] of cases) {
      const run = await admin(...argv);
      expect(run.code, argv.join(" ")).toBe(2);
      expect(run.err, argv.join(" ")).toContain(message);
    }
    expect(await db().selectFrom("redirects").selectAll().execute()).toEqual([]);
  });

  it("send a page path to its new home before the language check, keeping the query", async () => {
    await admin("redirect", "add", "--from", "/old-shop", "--to", "/lt/about-us");
    await admin("redirect", "add", "--from", "/en/summer-sale", "--to", "/en/dealzone", "--status", "302");
    try {
      const bare = await visit("/old-shop/?utm_source=mail");
      expect(bare?.status).toBe(301);
      expect(bare?.headers.get("location")).toBe("/lt/about-us?utm_source=mail");
      expect(bare?.headers.get("x-remix-reload-document")).toBeNull();

      const prefixed = await visit("/en/summer-sale");
      expect(prefixed?.status).toBe(302);
      expect(prefixed?.headers.get("location")).toBe("/en/dealzone");

      // Without a redirect, the page is served as before.
      expect(await visit("/en/about-us")).toBeNull();
    } finally {
      await db().deleteFrom("redirects").execute();
    }
  });

  it("send an absolute target by a full page load, on client navigation too", async () => {
    await admin("redirect", "add", "--from", "/en/partner", "--to", "https://partner.example/shop?ref=us", "--status", "302");
    try {
      const away = await visit("/en/partner?x=1");
      expect(away?.status).toBe(302);
      // The target's own query is kept as the operator wrote it.
      expect(away?.headers.get("location")).toBe("https://partner.example/shop?ref=us");
      expect(away?.headers.get("x-remix-reload-document")).toBe("true");
    } finally {
      await db().deleteFrom("redirects").execute();
    }
  });

  it("are checked again whenever a client navigation changes the path", () => {
    const check = (from: string, to: string) =>
      shouldRevalidate({
        currentUrl: new URL(`http://localhost${from}`),
        nextUrl: new URL(`http://localhost${to}`),
        currentParams: { locale: "en" },
        nextParams: { locale: "en" },
        defaultShouldRevalidate: false,
      });
    expect(check("/en/faq", "/en/summer-sale")).toBe(true);
    expect(check("/en/faq", "/en/faq")).toBe(false);
  });
});

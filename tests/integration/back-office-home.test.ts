import { beforeAll, describe, expect, it } from "vitest";
import { auditTrail } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { listHomeRows } from "~/models/home/home-admin.server";
import { homeSections } from "~/models/home/home.server";
import { siteForHost } from "~/models/sites/sites.server";
import { action as homeAction, loader as homeLoader } from "~/routes/admin/content-home-site";
import { loader as sitesLoader } from "~/routes/admin/content-home";
import { runAdmin } from "../../scripts/admin";
import { ORIGIN, context, signedInStaff, outcome } from "./staff-requests";

// The home page's sections in the back office (/admin/content/home/…), on
// the embedded database and on PostgreSQL: a section moved there is where
// the shop's home page reads it, in every language; hidden in one language
// it stays in the others; a field's bad value is refused with nothing
// changed; an edit from an older page is refused; each change is in the
// audit log; a role without content.manage is turned away.

beforeAll(async () => {
  await seedDemoData(db(), { products: 10, seed: 7 });
});

const post = (code: string, fields: Record<string, string>, cookie: string) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const request = new Request(`${ORIGIN}/admin/content/home/${code}`, { method: "POST", headers: { cookie, origin: ORIGIN }, body: form });
  return outcome(async () => homeAction({ request, params: { code }, context }));
};
const version = async (code: string) => (await listHomeRows(code))!.version?.toISOString() ?? "";
const kinds = async (host: string, locale: "en" | "lt" | "lv" | "ee") => (await homeSections(await siteForHost(host), locale)).map((section) => section.kind);
const errorsOf = (data: unknown) => JSON.stringify((data as { error?: unknown }).error ?? null);

describe("the home page's sections in the back office", () => {
  it("lists the sites, and a site's sections in the order the shop reads them", async () => {
    const { cookie } = await signedInStaff();
    const list = (await sitesLoader({ request: new Request(`${ORIGIN}/admin/content/home`, { headers: { cookie } }), params: {}, context })) as Awaited<ReturnType<typeof sitesLoader>>;
    expect(list.sites.map((site) => site.code)).toContain("lt");
    const page = (await homeLoader({ request: new Request(`${ORIGIN}/admin/content/home/lt?lang=lt`, { headers: { cookie } }), params: { code: "lt" }, context })) as Awaited<ReturnType<typeof homeLoader>>;
    expect(page.sections.map((section) => section.kind)).toEqual(await kinds("lt.localhost", "lt"));
    expect(page.scope).toBe("lt");
    // Lithuanian has its own hero texts (the demo's), shown for editing.
    expect(page.sections.find((section) => section.kind === "hero")).toMatchObject({ hasOwn: true, content: { title: "Apsipirkite visame pasaulyje – pristatysime iki durų" } });
  });

  it("moves a section in every language, and the shop's home page reads the new order; the move is audited", async () => {
    const { email, cookie } = await signedInStaff();
    const before = await kinds("lt.localhost", "lt");
    const moved = await post("lt", { intent: "move", kind: "how_it_works", to: "2", version: await version("lt") }, cookie);
    expect(moved.status).toBe(303);
    expect(moved.location).toBe("/admin/content/home/lt?done=moved#order");
    const after = ["hero", "how_it_works", ...before.filter((kind) => kind !== "hero" && kind !== "how_it_works")];
    expect(await kinds("lt.localhost", "lt")).toEqual(after);
    expect(await kinds("lt.localhost", "en")).toEqual(after);
    // Another site keeps its order.
    expect((await kinds("lv.localhost", "lv"))[1]).not.toBe("how_it_works");
    const [entry] = await auditTrail("home", "lt");
    expect(entry).toMatchObject({ action: "home.move", staff_email: email, before: { order: before }, after: { order: after, section: "how_it_works", to: 2 } });
  });

  it("hides a section in one language only, and shows it again", async () => {
    const { cookie } = await signedInStaff();
    expect(await kinds("lt.localhost", "en")).toContain("categories");
    const hidden = await post("lt", { intent: "visibility", kind: "categories", language: "en", visible: "hide", version: await version("lt") }, cookie);
    expect(hidden.status).toBe(303);
    expect(await kinds("lt.localhost", "en")).not.toContain("categories");
    expect(await kinds("lt.localhost", "lt")).toContain("categories");
    expect((await auditTrail("home", "lt"))[0]).toMatchObject({ action: "home.visibility", after: { section: "categories", language: "en", visible: false } });
    expect((await post("lt", { intent: "visibility", kind: "categories", language: "en", visible: "show", version: await version("lt") }, cookie)).status).toBe(303);
    expect(await kinds("lt.localhost", "en")).toContain("categories");
  });

  it("saves a section's fields for one language, an empty field taking the shop's own text", async () => {
    const { cookie } = await signedInStaff();
    const saved = await post("lt", { intent: "fields", kind: "deals", language: "lt", heading: "Savaitės pasiūlymai", count: "4", version: await version("lt") }, cookie);
    expect(saved.status).toBe(303);
    const deals = async (locale: "en" | "lt") => (await homeSections(await siteForHost("lt.localhost"), locale)).find((section) => section.kind === "deals")!.content;
    expect(await deals("lt")).toEqual({ heading: "Savaitės pasiūlymai", count: 4 });
    expect(await deals("en")).toEqual({ heading: undefined, count: 8 });
    // Emptied: the page's own heading again, in Lithuanian only.
    expect((await post("lt", { intent: "fields", kind: "deals", language: "lt", count: "4", version: await version("lt") }, cookie)).status).toBe(303);
    expect(await deals("lt")).toEqual({ heading: undefined, count: 4 });
    expect((await auditTrail("home", "lt"))[0]).toMatchObject({ action: "home.field", before: { section: "deals", language: "lt", heading: "Savaitės pasiūlymai" }, after: { heading: null, count: 4 } });
  });

  it("refuses a bad field value, an edit from an older page and an unknown section, changing nothing", async () => {
    const { cookie } = await signedInStaff();
    const rows = async () => (await listHomeRows("lt"))!.rows;
    const before = await rows();
    const seen = await version("lt");
    const badLink = await post("lt", { intent: "fields", kind: "hero", buttonLink: "javascript:alert(1)", title: "A title", version: seen }, cookie);
    expect(badLink.status).toBe(400);
    expect(errorsOf(badLink.data)).toContain("admin.home.linkFormat");
    const badCount = await post("lt", { intent: "fields", kind: "blog_teasers", count: "12", version: seen }, cookie);
    expect(badCount.status).toBe(400);
    expect(errorsOf(badCount.data)).toContain("admin.home.countFormat");
    const tooLong = await post("lt", { intent: "fields", kind: "categories", heading: "x".repeat(81), version: seen }, cookie);
    expect(tooLong.status).toBe(400);
    expect(await rows()).toEqual(before);

    // A colleague moves a section meanwhile: the page opened before is out of date.
    expect((await post("lt", { intent: "move", kind: "deals", to: "1", version: seen }, cookie)).status).toBe(303);
    const moved = await rows();
    const stale = await post("lt", { intent: "visibility", kind: "deals", visible: "hide", version: seen }, cookie);
    expect(stale.status).toBe(409);
    expect(errorsOf(stale.data)).toContain("Someone else changed this record");
    expect(await rows()).toEqual(moved);
    expect((await post("lt", { intent: "move", kind: "deals", to: "9", version: await version("lt") }, cookie)).status).toBe(400);
    expect(await rows()).toEqual(moved);
  });

  it("turns away a role without content.manage: 403 for the pages and the changes", async () => {
    const { cookie } = await signedInStaff("support");
    const before = (await listHomeRows("lt"))!.rows;
    expect((await outcome(async () => sitesLoader({ request: new Request(`${ORIGIN}/admin/content/home`, { headers: { cookie } }), params: {}, context }))).status).toBe(403);
    expect((await outcome(async () => homeLoader({ request: new Request(`${ORIGIN}/admin/content/home/lt`, { headers: { cookie } }), params: { code: "lt" }, context }))).status).toBe(403);
    expect((await post("lt", { intent: "move", kind: "deals", to: "3", version: await version("lt") }, cookie)).status).toBe(403);
    expect((await listHomeRows("lt"))!.rows).toEqual(before);
  });

  it("writes a change made with npm run admin as the command line's", async () => {
    const output = { out: () => {}, err: () => {} };
    expect(await runAdmin(["home", "hide", "--site", "lt", "--section", "how_it_works", "--language", "lt"], output)).toBe(0);
    expect(await kinds("lt.localhost", "lt")).not.toContain("how_it_works");
    expect((await auditTrail("home", "lt"))[0]).toMatchObject({ action: "home.visibility", staff_email: "command line", after: { section: "how_it_works", language: "lt", visible: false } });
  });

  it("answers 404 for a site that does not exist", async () => {
    const { cookie } = await signedInStaff();
    expect((await outcome(async () => homeLoader({ request: new Request(`${ORIGIN}/admin/content/home/zz`, { headers: { cookie } }), params: { code: "zz" }, context }))).status).toBe(404);
    expect((await post("zz", { intent: "move", kind: "deals", to: "1", version: "" }, cookie)).status).toBe(404);
  });
});

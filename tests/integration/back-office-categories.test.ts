import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "~/lib/i18n";
import { auditTrail } from "~/models/audit/audit.server";
import { getCategoryPage, listCategories } from "~/models/catalogue/categories.server";
import { categoryAddresses, createCategory, saveCategory, staffCategory } from "~/models/catalogue/category-edit.server";
import { pagesSitemap } from "~/models/catalogue/sitemap.server";
import { db } from "~/models/db/db.server";
import { followShellChanges } from "~/models/db/shell-cache.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { findRedirect } from "~/models/redirects/redirects.server";
import { siteForHost } from "~/models/sites/sites.server";
import { action as categoryAction } from "~/routes/admin/category";
import { action as newCategoryAction } from "~/routes/admin/categories";
import { loader as localeLayout } from "~/routes/layout";
import { ORIGIN, context, signedInStaff, outcome } from "./staff-requests";

// The back office's categories (issue 29, docs/back-office.md), on the
// embedded database and on PostgreSQL: the catalogue role renames a slug or
// moves a category, and each old address of it and of those below it
// answers 301 to the new one, from the same transaction; the menus (the
// shell each server keeps), listings and the sitemap follow at once. A move
// under itself, an address another category has, an edit made on an older
// page and a malformed form are refused, and nothing changes.

let stopFollowing: (() => Promise<void>) | undefined;

beforeAll(async () => {
  await seedDemoData(db(), { products: 10, seed: 11 });
  // As a running server does: the shell is kept, so a change must drop it to show.
  stopFollowing = await followShellChanges(() => {}, 60_000);
});

afterAll(async () => {
  await stopFollowing?.();
});

const post = (path: string, fields: Record<string, string>, cookie: string) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: ORIGIN }, body: form });
};

/** A category's edit form as its page fills it: its slug, parent, order, texts and version. */
async function formOf(id: number): Promise<Record<string, string>> {
  const { category } = (await staffCategory(id))!;
  const texts = Object.fromEntries(LOCALES.flatMap((locale) => [[`name_${locale}`, category.texts[locale]!.name], [`title_${locale}`, category.texts[locale]!.title]]));
  return { intent: "save", version: new Date(category.updated_at).toISOString(), slug: category.slug, parent: category.parent_id === null ? "" : String(category.parent_id), position: String(category.position), ...texts };
}

const save = (id: number, fields: Record<string, string>, cookie: string) => outcome(() => categoryAction({ request: post(`/admin/categories/${id}`, fields, cookie), params: { id: String(id) }, context }));

/** What the shop's layout answers for a path: its redirect, or null when the page is served. */
async function visit(path: string) {
  try {
    await localeLayout({ request: new Request(`${ORIGIN}${path}`), params: {}, context: {} });
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location") };
    throw thrown;
  }
}

const pathsIn = async (locale: (typeof LOCALES)[number]) => (await listCategories(locale)).map((category) => category.path);
const shellVersion = async () => Number((await sql<{ version: string }>`select version::text from shell_state`.execute(db())).rows[0]!.version);

describe("a category's slug renamed in the back office", () => {
  it("leaves its old addresses answering 301 to the new ones, and the menus, listings and sitemap show the new one at once", async () => {
    const { actor, cookie } = await signedInStaff("catalogue");
    expect(await pathsIn("lv")).toContain("clothes/jackets");
    const shellBefore = await shellVersion();

    const done = await save(201, { ...(await formOf(201)), slug: "winter-jackets", name_lv: "Ziemas jakas" }, cookie);
    expect(done).toMatchObject({ status: 303, location: "/admin/categories/201?saved&moved=1" });

    // Every old address, bare and in each language, answers 301 to its own new one.
    for (const [i, address] of categoryAddresses("clothes/jackets").entries()) {
      expect(await visit(`${address}?page=2`), address).toEqual({ status: 301, location: `${categoryAddresses("clothes/winter-jackets")[i]}?page=2` });
    }
    expect(await findRedirect("/lv/c/clothes/jackets")).toEqual({ to_url: "/lv/c/clothes/winter-jackets", status: 301 });
    expect(await visit("/lv/c/clothes/winter-jackets")).toBeNull();

    // The kept shell was dropped: the menus and the listing have the new address and name, in every language.
    for (const locale of LOCALES) {
      expect(await pathsIn(locale)).toContain("clothes/winter-jackets");
      expect(await pathsIn(locale)).not.toContain("clothes/jackets");
    }
    expect(await getCategoryPage("lv", "clothes/jackets")).toBeNull();
    expect(await getCategoryPage("lv", "clothes/winter-jackets")).toMatchObject({ id: 201, name: "Ziemas jakas", ancestors: [{ id: 2 }] });
    expect(await shellVersion()).toBeGreaterThan(shellBefore);
    const sitemap = await pagesSitemap(await siteForHost("lv.localhost"));
    expect(sitemap).toContain("/lv/c/clothes/winter-jackets<");
    expect(sitemap).not.toContain("/c/clothes/jackets<");

    // The save and its five redirects are in the audit log, by the one who made them.
    const [entry] = await auditTrail("category", 201);
    expect(entry).toMatchObject({ action: "category.save", staff_email: actor.email });
    expect(entry!.before).toMatchObject({ slug: "jackets", path: "clothes/jackets" });
    expect(entry!.after).toMatchObject({ slug: "winter-jackets", path: "clothes/winter-jackets", moved: [{ from: "clothes/jackets", to: "clothes/winter-jackets" }] });
    expect((await auditTrail("redirect", "/lv/c/clothes/jackets"))[0]).toMatchObject({ action: "redirect.add", staff_email: actor.email, after: { to_url: "/lv/c/clothes/winter-jackets", status: 301 } });
  });

  it("moves those below a renamed parent too, and renamed back, the first address is a page again with no loop", async () => {
    const { cookie } = await signedInStaff("owner");
    const renamed = await save(3, { ...(await formOf(3)), slug: "shoes" }, cookie);
    expect(renamed).toMatchObject({ status: 303, location: "/admin/categories/3?saved&moved=5" });
    expect(await visit("/en/c/footwear/boots")).toEqual({ status: 301, location: "/en/c/shoes/boots" });
    expect(await visit("/c/footwear")).toEqual({ status: 301, location: "/c/shoes" });
    expect(await getCategoryPage("en", "shoes/boots")).toMatchObject({ id: 302, ancestors: [{ id: 3, path: "shoes" }] });

    const back = await save(3, { ...(await formOf(3)), slug: "footwear" }, cookie);
    expect(back.status).toBe(303);
    // The first addresses answer as pages again; the second ones lead back to them.
    expect(await visit("/en/c/footwear/boots")).toBeNull();
    expect(await visit("/en/c/shoes/boots")).toEqual({ status: 301, location: "/en/c/footwear/boots" });
    expect(await getCategoryPage("en", "footwear/boots")).toMatchObject({ id: 302 });
    expect(await db().selectFrom("redirects").select("from_path").where("from_path", "like", "%/c/footwear%").execute()).toEqual([]);
  });

  it("moves a category under another parent, its old address redirecting", async () => {
    const { cookie } = await signedInStaff("catalogue");
    const moved = await save(403, { ...(await formOf(403)), parent: "2", position: "9" }, cookie);
    expect(moved.status).toBe(303);
    expect(await visit("/lt/c/accessories/sunglasses")).toEqual({ status: 301, location: "/lt/c/clothes/sunglasses" });
    const clothes = await getCategoryPage("lt", "clothes");
    expect(clothes!.children.map((child) => child.slug).at(-1)).toBe("sunglasses");
    expect(clothes!.descendantIds).toContain(403);
    expect((await getCategoryPage("lt", "accessories"))!.descendantIds).not.toContain(403);
  });
});

describe("a category edit the back office refuses", () => {
  it("under itself or one below it, at an address another category has, or malformed; nothing changes", async () => {
    const { cookie } = await signedInStaff("catalogue");
    const before = await db().selectFrom("categories").selectAll().orderBy("id").execute();
    const redirects = await db().selectFrom("redirects").select("from_path").execute();

    const underChild = await save(1, { ...(await formOf(1)), parent: "101" }, cookie);
    expect(underChild.status).toBe(400);
    expect(JSON.stringify(underChild.data)).toContain("A category cannot be placed under itself or under one of its own subcategories.");
    expect((await save(1, { ...(await formOf(1)), parent: "1" }, cookie)).status).toBe(400);

    const taken = await save(102, { ...(await formOf(102)), slug: "phones" }, cookie);
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.data)).toContain("Another category already has the address /c/electronics/phones.");

    const malformed = await save(102, { ...(await formOf(102)), slug: "Laptops & more", name_ee: "" }, cookie);
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.data)).toContain("admin.categories.slugFormat");
    expect(JSON.stringify(malformed.data)).toContain("admin.categories.nameRequired");

    expect(await db().selectFrom("categories").selectAll().orderBy("id").execute()).toEqual(before);
    expect(await db().selectFrom("redirects").select("from_path").execute()).toEqual(redirects);
  });

  it("made on an older page, naming who changed it since", async () => {
    const first = await signedInStaff("catalogue");
    const second = await signedInStaff("owner");
    const seen = await formOf(502);
    expect((await save(502, { ...seen, name_en: "Make-up" }, first.cookie)).status).toBe(303);
    const stale = await save(502, { ...seen, slug: "cosmetics-makeup" }, second.cookie);
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.data)).toContain(first.actor.email);
    expect((await staffCategory(502))!.category).toMatchObject({ slug: "makeup", texts: { en: { name: "Make-up" } } });
    expect(await findRedirect("/c/cosmetics/makeup")).toBeNull();
  });

  it("in Lithuanian for a staff member who reads it", async () => {
    const { actor, cookie } = await signedInStaff("catalogue");
    await db().updateTable("staff").set({ locale: "lt" }).where("id", "=", actor.id!).execute();
    const underChild = await save(2, { ...(await formOf(2)), parent: "201" }, cookie);
    expect(underChild.status).toBe(400);
    expect(JSON.stringify(underChild.data)).toContain("Kategorijos negalima perkelti po ja pačia ar po jos subkategorija.");
  });
});

describe("a new category", () => {
  it("is in the tree in every language under its parent at once, and audited", async () => {
    const { actor, cookie } = await signedInStaff("catalogue");
    const texts = { name_en: "Rain jackets", name_lt: "Lietpalčiai", name_lv: "Lietusjakas", name_ee: "Vihmajoped", title_en: "Rain jackets for every weather" };
    const made = await outcome(() => newCategoryAction({ request: post("/admin/categories", { intent: "create", slug: "rain-jackets", parent: "2", position: "5", ...texts }, cookie), params: {}, context }));
    expect(made.status).toBe(303);
    const id = Number(/\/admin\/categories\/(\d+)\?created$/.exec(made.location ?? "")?.[1]);
    expect(id).toBeGreaterThan(504);
    expect(await getCategoryPage("ee", "clothes/rain-jackets")).toMatchObject({ id, name: "Vihmajoped", title: "Vihmajoped", ancestors: [{ id: 2 }] });
    expect(await getCategoryPage("en", "clothes/rain-jackets")).toMatchObject({ id, name: "Rain jackets", title: "Rain jackets for every weather" });
    expect((await getCategoryPage("en", "clothes"))!.children.map((child) => child.id)).toContain(id);
    expect((await auditTrail("category", id))[0]).toMatchObject({ action: "category.create", staff_email: actor.email });

    // The same address again is refused.
    expect(await createCategory(actor, { slug: "rain-jackets", parentId: 2, position: 0, texts: Object.fromEntries(LOCALES.map((l) => [l, { name: "x", title: "x" }])) as never })).toEqual({ ok: false, error: "slug_taken", path: "clothes/rain-jackets" });
    // A parent that is not there is refused.
    expect(await saveCategory(actor, id, { slug: "rain-jackets", parentId: 999_999, position: 0, texts: Object.fromEntries(LOCALES.map((l) => [l, { name: "x", title: "x" }])) as never }, undefined)).toEqual({ ok: false, error: "parent_missing" });
  });
});

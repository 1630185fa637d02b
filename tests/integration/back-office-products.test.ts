import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import * as v from "valibot";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditTrail, type StaffActor } from "~/models/audit/audit.server";
import { freshCatalogueIndex } from "~/models/catalogue/catalogue-index.server";
import { addProductPictures, saveProductPictures, staffProduct, staffProducts, updateProduct } from "~/models/product-editing/staff-products.server";
import { PicturesSchema, ProductEditSchema, type ProductInput } from "~/models/product-editing/product-form";
import { getProduct } from "~/models/catalogue/products.server";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { storedPhotoName } from "~/models/pro/listing";
import { applySearchEdits } from "~/models/search/search-edits.server";
import { searchListing } from "~/models/search/search.server";
import { readUpload } from "~/models/uploads/storage.server";
import { listingQuery } from "./factories";

// The back office's products (docs/back-office.md, issue 29): the staff
// search finds a product by a word of its name, its SKU, its brand or its
// category under the filters; a save is checked, refused when the page was
// older than the product, audited, and reaches the listings and search
// through the live catalogue; pictures are checked by their bytes, kept,
// reordered with their texts, and a removed one's file is deleted.

const unique = () => randomBytes(4).toString("hex");
let actor: StaffActor;
beforeEach(async () => {
  const email = `catalogue-${unique()}@example.com`;
  const row = await db().insertInto("staff").values({ email, name: "Catalogue", role: "catalogue", password_hash: "x", totp_secret: null }).returning("id").executeTakeFirstOrThrow();
  actor = { id: row.id, email, ip: "203.0.113.9" };
});

/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

type Row = { id: number; sku: string; slug: string; category_id: number; manufacturer_id: number | null; price_minor: number; stock: number; version: number };
let product: Row;

beforeAll(async () => {
  await seedDemoData(db(), { products: 60, seed: 5 });
  const row = await db()
    .selectFrom("products")
    .select(["id", "sku", "slug", "category_id", "manufacturer_id", "price_minor", "stock", "version"])
    .where("is_active", "=", true)
    .where("seller_id", "is", null)
    .where("manufacturer_id", "is not", null)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  product = { ...row, id: Number(row.id), price_minor: Number(row.price_minor) };
});

/** The form's fields for the product as it is, with `changes` typed over them. */
async function formOf(id: number, changes: Record<string, string> = {}) {
  const found = (await staffProduct(id, "en"))!;
  const fields: Record<string, unknown> = {
    intent: "save",
    version: String(found.product.version),
    stockSeen: String(found.product.stock),
    price: String(found.product.price_minor / 100),
    stock: String(found.product.stock),
    weight: String(found.product.weight_grams),
    volume: String(found.product.volume_cm3),
    category: String(found.product.category_id),
    options: found.optionIds.map(String),
    flags: found.flagIds.map(String),
    active: found.product.is_active ? "on" : undefined,
    ...Object.fromEntries(Object.entries(found.names).map(([code, name]) => [`name_${code}`, name])),
    ...Object.fromEntries(Object.entries(found.descriptions).map(([code, text]) => [`description_${code}`, text])),
    ...changes,
  };
  if (found.product.manufacturer_id !== null) fields.brand = String(found.product.manufacturer_id);
  if (found.product.original_price_minor > found.product.price_minor) fields.originalPrice = String(found.product.original_price_minor / 100);
  return fields;
}

/** The form read as the page's action reads it: the input, or the messages per field. */
function parsed(fields: Record<string, unknown>) {
  const result = v.safeParse(ProductEditSchema, fields);
  return result.success ? { ok: true as const, ...result.output } : { ok: false as const, issues: v.flatten<typeof ProductEditSchema>(result.issues).nested ?? {} };
}

async function inputOf(id: number, changes: Record<string, string> = {}): Promise<{ version: number; input: ProductInput }> {
  const form = parsed(await formOf(id, changes));
  if (!form.ok) throw new Error(JSON.stringify(form.issues));
  return form;
}

describe("the staff search", () => {
  it("finds a product by the start of its SKU, a word of its name, its brand and its category, inactive ones too", async () => {
    const found = (await staffProduct(product.id, "en"))!;
    const brand = await db().selectFrom("manufacturers").select("name").where("id", "=", product.manufacturer_id!).executeTakeFirstOrThrow();
    const category = await db()
      .selectFrom("category_translations as t")
      .innerJoin("languages as l", "l.id", "t.language_id")
      .select("t.name")
      .where("t.category_id", "=", product.category_id)
      .where("l.iso_code", "=", "en")
      .executeTakeFirstOrThrow();
    const word = found.names.en.split(" ").at(-1)!;
    const ids = async (q: string, filter = {}) => (await staffProducts({ q, ...filter, page: 1 }, "en")).products.map((row) => row.id);
    expect(await ids(product.sku.slice(0, -1).toLowerCase())).toContain(product.id);
    expect(await ids(word.slice(0, 4))).toContain(product.id);
    expect(await ids(brand.name)).toContain(product.id);
    expect(await ids(category.name)).toContain(product.id);
    // The filters narrow every kind of match.
    expect(await ids(product.sku, { active: false })).not.toContain(product.id);
    expect(await ids(product.sku, { active: true, manufacturerId: product.manufacturer_id! })).toEqual([product.id]);
    expect(await ids(word, { categoryId: product.category_id })).toContain(product.id);
    expect(await ids("no such words anywhere")).toEqual([]);

    const hidden = await db().selectFrom("products").select("id").where("is_active", "=", false).orderBy("id", "desc").execute();
    const inactive = await staffProducts({ active: false }, "en");
    expect(inactive.products.map((row) => row.id)).toEqual(hidden.slice(0, 50).map((row) => Number(row.id)));
    const outOfStock = await staffProducts({ inStock: false }, "en");
    expect(outOfStock.products.every((row) => row.stock <= 0)).toBe(true);
  });

  it("pages newest first, 50 to a page, and says whether another follows", async () => {
    const all = await db().selectFrom("products").select("id").orderBy("id", "desc").execute();
    const first = await staffProducts({ page: 1 }, "en");
    const second = await staffProducts({ page: 2 }, "en");
    expect(first.products.map((row) => row.id)).toEqual(all.slice(0, 50).map((row) => Number(row.id)));
    expect(first.hasMore).toBe(all.length > 50);
    expect(second.products.map((row) => row.id)).toEqual(all.slice(50, 100).map((row) => Number(row.id)));
  });
});

describe("saving a product", () => {
  it("refuses what is not a product: no name, a price that is not one, a price before the discount below the price, a stock below zero", () => {
    const base = { intent: "save", version: "1", stockSeen: "3", price: "12,50", stock: "3", weight: "100", volume: "200", category: "1", name_en: "A", name_lt: "A", name_lv: "A", name_ee: "A" };
    expect(parsed(base).ok).toBe(true);
    const issues = (changes: Record<string, string>) => {
      const form = parsed({ ...base, ...changes });
      return form.ok ? {} : form.issues;
    };
    expect(issues({ name_lv: " " })).toEqual({ name_lv: ["admin.products.nameRequired"] });
    expect(issues({ price: "12,5x" })).toEqual({ price: ["admin.products.priceFormat"] });
    expect(issues({ price: "0" })).toEqual({ price: ["admin.products.priceFormat"] });
    expect(issues({ originalPrice: "10" })).toEqual({ originalPrice: ["admin.products.originalBelowPrice"] });
    expect(issues({ stock: "-1" })).toEqual({ stock: ["admin.products.stockFormat"] });
    // Money is read into minor units, never through a float's rounding.
    const read = parsed({ ...base, price: "19,99", originalPrice: "24.90" });
    expect(read.ok && [read.input.priceMinor, read.input.originalPriceMinor]).toEqual([1999, 2490]);
  });

  it("saves texts, price, stock and state with an audit entry, and the listings and search follow through the live catalogue", async () => {
    const name = `Lumenwick ${unique()} lantern`;
    const { version, input } = await inputOf(product.id, { price: "7,77", name_en: name, stock: "41" });
    const before = await sql<{ n: number }>`select count(*)::int as n from catalogue_changes where product_id = ${product.id}`.execute(db());
    expect(await updateProduct(actor, product.id, input, version)).toEqual({ ok: true });

    const saved = (await staffProduct(product.id, "en"))!;
    expect([saved.product.price_minor, saved.product.stock, saved.names.en, saved.product.version]).toEqual([777, 41, name, version + 1]);
    // The product's own triggers carried it: a change for the listing index, words for search.
    const after = await sql<{ n: number }>`select count(*)::int as n from catalogue_changes where product_id = ${product.id}`.execute(db());
    expect(after.rows[0]!.n).toBeGreaterThan(before.rows[0]!.n);
    await freshCatalogueIndex();
    const listed = await searchListing(listingQuery({ categoryIds: [product.category_id] }));
    expect(listed.items.find((item) => item.id === product.id)?.priceMinor).toBe(777);
    while ((await applySearchEdits()) > 0);
    const searched = await searchListing(listingQuery({ text: name.split(" ")[1]! }));
    expect(searched.items.map((item) => item.id)).toEqual([product.id]);
    expect((await getProduct("en", product.slug))?.name).toBe(name);

    const [entry] = await auditTrail("product", product.id);
    expect(entry).toMatchObject({ action: "product.update", staff_email: actor.email, ip: "203.0.113.9" });
    expect(entry!.before).toMatchObject({ price_minor: product.price_minor, stock: product.stock });
    expect(entry!.after).toEqual({ price_minor: 777, stock: 41, name_en: name });
  });

  it("refuses an edit made on an older version, naming who changed the product, and changes nothing", async () => {
    const { version, input } = await inputOf(product.id, { price: "8,88" });
    expect(await updateProduct(actor, product.id, input, version)).toEqual({ ok: true });
    const late = await inputOf(product.id, { price: "9,99" });
    const refusal = await updateProduct(actor, product.id, late.input, version);
    expect(refusal).toMatchObject({ ok: false, error: "stale", by: actor.email });
    expect((await staffProduct(product.id, "en"))!.product.price_minor).toBe(888);
  });

  it("refuses a stock that orders changed since the page, a category or a brand that is not there", async () => {
    const { version, input } = await inputOf(product.id, { stock: "5" });
    await db().updateTable("products").set({ stock: sql`stock - 1` }).where("id", "=", product.id).execute();
    const now = (await staffProduct(product.id, "en"))!.product.stock;
    expect(await updateProduct(actor, product.id, input, version)).toEqual({ ok: false, error: "stock_changed", stock: now });
    expect(await updateProduct(actor, product.id, { ...input, stockSeen: now, categoryId: 999_999 }, version)).toEqual({ ok: false, error: "unknown_category" });
    expect(await updateProduct(actor, product.id, { ...input, stockSeen: now, manufacturerId: 999_999 }, version)).toEqual({ ok: false, error: "unknown_brand" });
    expect((await staffProduct(product.id, "en"))!.product.version).toBe(version);
  });
});

describe("a product's pictures", () => {
  it("keeps an uploaded picture, reorders it first with its texts, and deletes its file when it is removed", async () => {
    const start = (await staffProduct(product.id, "en"))!;
    const file = new File([PNG], "lamp.png", { type: "image/png" });
    expect(await addProductPictures(actor, product.id, [file], start.product.version)).toEqual({ ok: true });
    const added = (await staffProduct(product.id, "en"))!;
    const uploaded = added.pictures.at(-1)!.path;
    expect(added.pictures.map((picture) => picture.path)).toEqual([...start.pictures.map((picture) => picture.path), uploaded]);
    const stored = storedPhotoName(uploaded)!;
    expect((await readUpload(stored))?.bytes.equals(PNG)).toBe(true);

    // The new picture first, with its texts; the shop's page says them.
    const order = v.parse(PicturesSchema, {
      intent: "pictures",
      version: String(added.product.version),
      pictures: added.pictures.map((picture, index) => ({ path: picture.path, position: picture.path === uploaded ? "0" : String(index + 1), alt_en: picture.path === uploaded ? "A brass lamp, lit" : "", alt_lt: picture.path === uploaded ? "Žalvarinė lempa" : "" })),
    });
    expect(await saveProductPictures(actor, product.id, order.input, order.version)).toEqual({ ok: true });
    const page = (await getProduct("lt", product.slug))!;
    expect(page.image).toBe(uploaded);
    expect(page.galleryAlts[0]).toBe("Žalvarinė lempa");

    // Removed: the product's rows forget it and its file is gone.
    const reordered = (await staffProduct(product.id, "en"))!;
    const removal = v.parse(PicturesSchema, {
      intent: "pictures",
      version: String(reordered.product.version),
      pictures: reordered.pictures.map((picture, index) => ({ path: picture.path, position: String(index + 1), remove: picture.path === uploaded ? "on" : undefined })),
    });
    expect(await saveProductPictures(actor, product.id, removal.input, reordered.product.version - 1)).toMatchObject({ ok: false, error: "stale" });
    expect(await readUpload(stored)).not.toBeNull();
    expect(await saveProductPictures(actor, product.id, removal.input, removal.version)).toEqual({ ok: true });
    const after = (await staffProduct(product.id, "en"))!;
    expect(after.pictures.map((picture) => picture.path)).toEqual(start.pictures.map((picture) => picture.path));
    expect(await readUpload(stored)).toBeNull();
    const [entry] = await auditTrail("product", product.id);
    expect(entry).toMatchObject({ action: "product.pictures", after: { removed: [uploaded] } });
  });

  it("refuses a file that is not an image by its bytes, and keeps nothing", async () => {
    const start = (await staffProduct(product.id, "en"))!;
    const fake = new File([Buffer.from("<html><script>alert(1)</script></html>")], "photo.png", { type: "image/png" });
    expect(await addProductPictures(actor, product.id, [fake], start.product.version)).toMatchObject({ ok: false, error: "picture_refused" });
    const after = (await staffProduct(product.id, "en"))!;
    expect([after.pictures, after.product.version]).toEqual([start.pictures, start.product.version]);
  });

  it("keeps at least one picture", () => {
    const result = v.safeParse(PicturesSchema, { intent: "pictures", version: "1", pictures: [{ path: "/media/demo/a.png", position: "1", remove: "on" }] });
    expect(result.success).toBe(false);
  });
});

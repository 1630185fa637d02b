import { sql } from "kysely";
import { LOCALES, type Locale } from "~/lib/i18n";
import { auditTrail, recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db, type DB } from "~/models/db/db.server";
import { pageNumber } from "~/models/db/pages";
import { forEachId } from "~/models/search/postings.server";
import { searchTokens } from "~/models/search/search-text";
import { checkPhotos, forgetPhotos, keepPhotos } from "~/models/pro/photos.server";
import { storedPhotoName } from "~/models/pro/listing";
import { MAX_PICTURES, type PicturesInput, type ProductInput, type ProductSearch } from "./product-form";

// What staff do with the catalogue's products (the back office's
// /admin/products): find one among a million, read it, edit it, and keep its
// pictures. Every save goes through the tables the shop reads, in one
// transaction with its audit entry, so the live catalogue carries it to
// every app server: the products' row triggers leave the product in
// catalogue_changes (migration 0018), which each server's listing index
// applies within a second, and the translations' trigger queues the words
// for search (0017); product pages and cards read the rows themselves.
// Nothing here sets storefront.bulk_load, which would go around them.

export const PRODUCTS_PAGE_SIZE = 50;

type Query = ReturnType<typeof productsQuery>;
const productsQuery = () => db().selectFrom("products as p").select("p.id");

/** The category and every category below it. */
async function categoryAndBelow(categoryIds: readonly number[]) {
  if (!categoryIds.length) return [];
  const rows = await db()
    .selectFrom("categories as c")
    .innerJoin("categories as top", (join) => join.on(sql<boolean>`c.path = top.path or c.path like top.path || '/%'`))
    .select("c.id")
    .where("top.id", "in", categoryIds)
    .execute();
  return [...new Set(rows.map((row) => row.id))];
}

function filtered(query: Query, search: ProductSearch, categories: number[] | null) {
  let narrowed = query;
  if (categories) narrowed = narrowed.where("p.category_id", "in", categories.length ? categories : [-1]);
  if (search.manufacturerId !== undefined) narrowed = narrowed.where("p.manufacturer_id", "=", search.manufacturerId);
  if (search.active !== undefined) narrowed = narrowed.where("p.is_active", "=", search.active);
  if (search.inStock !== undefined) narrowed = narrowed.where("p.stock", search.inStock ? ">" : "<=", 0);
  return narrowed;
}

const likeText = (text: string) => text.replace(/[%_\\]/g, "\\$&");

/**
 * A page of products, newest first, narrowed by the filters; `q` finds the
 * products with every word of it starting a word of their name in any
 * language, a SKU starting with it, or a brand or category whose name holds
 * it. Each of those is its own query on its own index (the names' GIN index
 * of 0005, the SKUs' pattern index of 0049, the brand's and the categories'
 * ids), each walked by the primary key and cut at the page's end, and their
 * ids merged: one query OR-ing them would read every product.
 */
export async function staffProducts(search: ProductSearch, locale: Locale) {
  const page = pageNumber(search.page);
  const upTo = page * PRODUCTS_PAGE_SIZE + 1;
  const categories = search.categoryId === undefined ? null : await categoryAndBelow([search.categoryId]);
  const q = search.q?.trim().slice(0, 100) ?? "";
  let ids: number[];
  if (!q) {
    const rows = await filtered(productsQuery(), search, categories).orderBy("p.id", "desc").limit(PRODUCTS_PAGE_SIZE + 1).offset((page - 1) * PRODUCTS_PAGE_SIZE).execute();
    ids = rows.map((row) => Number(row.id));
  } else {
    const lower = q.toLowerCase();
    const words = searchTokens(q);
    const [brands, named] = await Promise.all([
      db().selectFrom("manufacturers").select("id").where(sql<string>`lower(name)`, "like", `%${likeText(lower)}%`).limit(100).execute(),
      db().selectFrom("category_translations").select("category_id").where(sql<string>`lower(name)`, "like", `%${likeText(lower)}%`).limit(100).execute(),
    ]);
    // A brand or category named by the text but outside the filter matches nothing: asking would walk every product to find so.
    const namedBrands = brands.map((row) => row.id).filter((brand) => search.manufacturerId === undefined || brand === search.manufacturerId);
    const namedCategories = (await categoryAndBelow([...new Set(named.map((row) => row.category_id))])).filter((category) => categories === null || categories.includes(category));
    const cut = (query: Query) => query.orderBy("p.id", "desc").limit(upTo).execute();
    const sources = [cut(filtered(productsQuery(), search, categories).where(sql<string>`lower(p.sku)`, "like", `${likeText(lower)}%`))];
    if (words.length) sources.push(namedAmong(await namedIds(words), search, categories, upTo));
    if (namedBrands.length) sources.push(cut(filtered(productsQuery(), search, categories).where("p.manufacturer_id", "in", namedBrands)));
    if (namedCategories.length) sources.push(cut(filtered(productsQuery(), search, categories).where("p.category_id", "in", namedCategories)));
    const found = new Set<number>();
    for (const rows of await Promise.all(sources)) for (const row of rows) found.add(Number(row.id));
    ids = [...found].sort((a, b) => b - a).slice((page - 1) * PRODUCTS_PAGE_SIZE, upTo);
  }
  const hasMore = ids.length > PRODUCTS_PAGE_SIZE;
  ids = ids.slice(0, PRODUCTS_PAGE_SIZE);
  const products = ids.length ? await productRows(ids, locale) : [];
  return { products, page, hasMore };
}

/**
 * The ids of the products whose name, in any language, has a word starting
 * with each of `words`, newest first: read from the search postings (one
 * index range per word, decision 014), never from the translations, whose
 * GIN index gives row addresses to read one by one in a 3 GB heap (a word
 * found nowhere took a minute at a million products; a common one, 200 ms).
 */
async function namedIds(words: string[]) {
  let found: Set<number> | null = null;
  for (const word of words) {
    // A single letter or digit would start most words: it matches only itself.
    const end = word.length < 2 ? sql`prefix.word` : sql`prefix.word || chr(1114111)`;
    const { rows } = await sql<{ product_ids: string }>`
      with prefix as (select sf_unaccent(${word}) collate "C" as word)
      select encode(s.product_ids, 'base64') as product_ids from search_postings s, prefix
      where s.in_name and s.word >= prefix.word and s.word <= ${end}`.execute(db());
    const ids: number[] = [];
    const previous: Set<number> | null = found;
    for (const row of rows)
      forEachId(Buffer.from(row.product_ids, "base64"), (id) => {
        if (previous === null || previous.has(id)) ids.push(id);
      });
    found = new Set(ids);
    if (!found.size) break;
  }
  return [...(found ?? [])].sort((a, b) => b - a);
}

/**
 * Of the named ids (newest first), those that pass the filters, up to
 * `upTo`: taken from the front in growing chunks, each one statement by
 * primary key, so a page of a broad word under no filter or a loose one
 * reads a few hundred rows, and a narrow filter reads more only as it must.
 */
async function namedAmong(named: number[], search: ProductSearch, categories: number[] | null, upTo: number) {
  const unfiltered = categories === null && search.manufacturerId === undefined && search.active === undefined && search.inStock === undefined;
  if (unfiltered) return named.slice(0, upTo).map((id) => ({ id }));
  const kept: { id: number }[] = [];
  for (let at = 0, size = Math.max(upTo * 2, 200); at < named.length && kept.length < upTo; at += size, size *= 4) {
    const chunk = named.slice(at, at + size);
    // One array parameter, not a placeholder per id.
    const rows = await filtered(productsQuery(), search, categories).where(sql<boolean>`p.id = any(${chunk}::bigint[])`).orderBy("p.id", "desc").execute();
    kept.push(...rows.map((row) => ({ id: Number(row.id) })));
  }
  return kept.slice(0, upTo);
}

async function productRows(ids: number[], locale: Locale) {
  const rows = await db()
    .selectFrom("products as p")
    .innerJoin("languages as l", (join) => join.on("l.iso_code", "=", locale))
    .leftJoin("product_translations as t", (join) => join.onRef("t.product_id", "=", "p.id").onRef("t.language_id", "=", "l.id"))
    .leftJoin("manufacturers as m", "m.id", "p.manufacturer_id")
    .leftJoin("category_translations as ct", (join) => join.onRef("ct.category_id", "=", "p.category_id").onRef("ct.language_id", "=", "l.id"))
    .select(["p.id", "p.sku", "p.image", "p.price_minor", "p.original_price_minor", "p.stock", "p.is_active", "t.name", "m.name as brand", "ct.name as category"])
    .where("p.id", "in", ids)
    .execute();
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, id, price_minor: Number(row.price_minor), original_price_minor: Number(row.original_price_minor) }] : [];
  });
}

/** What the search form chooses from: the categories (with their depth) and brands, in the staff member's language. */
export async function productChoices(locale: Locale) {
  const [categories, brands] = await Promise.all([
    db()
      .selectFrom("categories as c")
      .innerJoin("languages as l", (join) => join.on("l.iso_code", "=", locale))
      .leftJoin("category_translations as ct", (join) => join.onRef("ct.category_id", "=", "c.id").onRef("ct.language_id", "=", "l.id"))
      .select(["c.id", "c.path", "ct.name"])
      .orderBy("c.path")
      .execute(),
    db().selectFrom("manufacturers").select(["id", "name"]).orderBy("name").execute(),
  ]);
  return {
    categories: categories.map((c) => ({ id: c.id, name: c.name ?? c.path, depth: c.path.split("/").length - 1 })),
    brands: brands.map((b) => ({ id: b.id, name: b.name })),
  };
}

const COLUMNS = [
  "id",
  "sku",
  "slug",
  "category_id",
  "manufacturer_id",
  "price_minor",
  "original_price_minor",
  "stock",
  "weight_grams",
  "volume_cm3",
  "image",
  "images",
  "image_alts",
  "is_active",
  "seller_id",
  "version",
] as const;

/** One product as staff edit it: every language's texts, its fields, flags and pictures, what they choose from, and its trail; null for no such product. */
export async function staffProduct(id: number, locale: Locale) {
  const product = await db().selectFrom("products").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!product) return null;
  const [texts, options, flags, choices, fields, flagChoices, trail] = await Promise.all([
    db().selectFrom("product_translations as t").innerJoin("languages as l", "l.id", "t.language_id").select(["l.iso_code", "t.name", "t.description"]).where("t.product_id", "=", id).execute(),
    db().selectFrom("product_additional_values").select("option_id").where("product_id", "=", id).execute(),
    db().selectFrom("product_flags").select("flag_id").where("product_id", "=", id).execute(),
    productChoices(locale),
    db()
      .selectFrom("additional_fields as f")
      .innerJoin("additional_field_options as o", "o.field_id", "f.id")
      .innerJoin("languages as l", (join) => join.on("l.iso_code", "=", locale))
      .leftJoin("additional_field_translations as ft", (join) => join.onRef("ft.field_id", "=", "f.id").onRef("ft.language_id", "=", "l.id"))
      .leftJoin("additional_field_option_translations as ot", (join) => join.onRef("ot.option_id", "=", "o.id").onRef("ot.language_id", "=", "l.id"))
      .select(["f.id as field_id", "f.code as field_code", "ft.name as field_name", "o.id", "o.code", "ot.label"])
      .orderBy("f.id")
      .orderBy("o.position")
      .execute(),
    db()
      .selectFrom("flags as f")
      .innerJoin("languages as l", (join) => join.on("l.iso_code", "=", locale))
      .leftJoin("flag_translations as t", (join) => join.onRef("t.flag_id", "=", "f.id").onRef("t.language_id", "=", "l.id"))
      .select(["f.id", "f.slug", "t.name"])
      .orderBy("f.position")
      .execute(),
    auditTrail("product", id),
  ]);
  const fieldGroups = new Map<number, { id: number; name: string; options: { id: number; label: string }[] }>();
  for (const row of fields) {
    const group = fieldGroups.get(row.field_id) ?? { id: row.field_id, name: row.field_name ?? row.field_code, options: [] };
    group.options.push({ id: row.id, label: row.label ?? row.code });
    fieldGroups.set(row.field_id, group);
  }
  const byLanguage = new Map(texts.map((text) => [text.iso_code, text]));
  return {
    product: { ...product, id: Number(product.id), price_minor: Number(product.price_minor), original_price_minor: Number(product.original_price_minor) },
    names: Object.fromEntries(LOCALES.map((code) => [code, byLanguage.get(code)?.name ?? ""])) as Record<Locale, string>,
    descriptions: Object.fromEntries(LOCALES.map((code) => [code, byLanguage.get(code)?.description ?? ""])) as Record<Locale, string>,
    optionIds: options.map((row) => row.option_id),
    flagIds: flags.map((row) => row.flag_id),
    pictures: galleryOf(product.image, product.images).map((path) => ({ path, alts: product.image_alts[path] ?? {} })),
    choices: { ...choices, fields: [...fieldGroups.values()], flags: flagChoices.map((flag) => ({ id: flag.id, name: flag.name ?? flag.slug })) },
    trail,
  };
}

/** The pictures in the order shown: the main one, then the rest, each once. */
function galleryOf(image: string, images: readonly string[]) {
  return [...new Set([image, ...images])];
}

export type ProductChange =
  | { ok: true }
  | { ok: false; error: "not_found" | "unknown_category" | "unknown_brand" | "unknown_option" | "unknown_flag" | "unknown_picture" | "too_many_pictures" }
  | { ok: false; error: "stock_changed"; stock: number }
  | { ok: false; error: "picture_refused"; reason: string }
  | StaleEdit;

type Locked = { version: number; stock: number; image: string; images: string[]; image_alts: Record<string, Record<string, string>> };

/** The product's row, locked for the change; the change itself refused when the page showed an older version. */
async function lockFor(trx: DB, id: number, seenVersion: number | undefined): Promise<Locked | { ok: false; error: "not_found" } | StaleEdit> {
  const row = await trx.selectFrom("products").select(["version", "stock", "image", "images", "image_alts"]).where("id", "=", id).forUpdate().executeTakeFirst();
  if (!row) return { ok: false, error: "not_found" };
  if (seenVersion !== undefined && row.version !== seenVersion) return staleEdit(trx, "product", id);
  return row;
}
const refusedLock = (locked: Awaited<ReturnType<typeof lockFor>>): locked is { ok: false; error: "not_found" } | StaleEdit => "ok" in locked;

/**
 * Saves a product's texts, prices, stock, size, category, brand, fields,
 * flags and whether it is on sale, in one transaction with its audit entry.
 * A stock that orders changed since the form was loaded is refused
 * ("stock_changed", with the stock now) unless the form leaves it as it is
 * now, so no sale is overwritten.
 */
export async function updateProduct(actor: StaffActor, id: number, input: ProductInput, seenVersion?: number): Promise<ProductChange> {
  return db()
    .transaction()
    .execute(async (trx): Promise<ProductChange> => {
      const locked = await lockFor(trx, id, seenVersion);
      if (refusedLock(locked)) return locked;
      if (locked.stock !== input.stockSeen && input.stock !== locked.stock) return { ok: false, error: "stock_changed", stock: locked.stock };
      const [category, brand, options, flags] = await Promise.all([
        trx.selectFrom("categories").select("id").where("id", "=", input.categoryId).executeTakeFirst(),
        input.manufacturerId === null ? Promise.resolve({ id: null }) : trx.selectFrom("manufacturers").select("id").where("id", "=", input.manufacturerId).executeTakeFirst(),
        input.optionIds.length ? trx.selectFrom("additional_field_options").select(["id", "field_id"]).where("id", "in", input.optionIds).execute() : Promise.resolve([]),
        input.flagIds.length ? trx.selectFrom("flags").select("id").where("id", "in", input.flagIds).execute() : Promise.resolve([]),
      ]);
      if (!category) return { ok: false, error: "unknown_category" };
      if (!brand) return { ok: false, error: "unknown_brand" };
      if (options.length !== input.optionIds.length) return { ok: false, error: "unknown_option" };
      if (flags.length !== input.flagIds.length) return { ok: false, error: "unknown_flag" };

      const before = await auditView(trx, id);
      // Only what changed is written: an unchanged row fires no trigger, so the listings and search redo nothing for it.
      await trx
        .updateTable("products")
        .set({
          price_minor: input.priceMinor,
          original_price_minor: input.originalPriceMinor,
          stock: input.stock,
          weight_grams: input.weightGrams,
          volume_cm3: input.volumeCm3,
          category_id: input.categoryId,
          manufacturer_id: input.manufacturerId,
          is_active: input.active,
          version: locked.version + 1,
        })
        .where("id", "=", id)
        .execute();
      const languages = await trx.selectFrom("languages").select(["id", "iso_code"]).execute();
      const texts = languages.flatMap((language) =>
        LOCALES.includes(language.iso_code as Locale)
          ? [{ product_id: id, language_id: language.id, name: input.names[language.iso_code as Locale], description: input.descriptions[language.iso_code as Locale] }]
          : [],
      );
      await trx
        .insertInto("product_translations")
        .values(texts)
        .onConflict((oc) =>
          oc
            .columns(["product_id", "language_id"])
            .doUpdateSet((eb) => ({ name: eb.ref("excluded.name"), description: eb.ref("excluded.description") }))
            // The same words again queue no search edit.
            .where(sql<boolean>`(product_translations.name, product_translations.description) is distinct from (excluded.name, excluded.description)`),
        )
        .execute();
      await replaceSet(trx, "product_additional_values", id, before.options, options.map((o) => ({ product_id: id, field_id: o.field_id, option_id: o.id })), "option_id");
      await replaceSet(trx, "product_flags", id, before.flags, input.flagIds.map((flag) => ({ product_id: id, flag_id: flag })), "flag_id");
      const after = await auditView(trx, id);
      await recordAudit(trx, actor, { action: "product.update", entity: "product", entityId: id, before: changedOnly(before, after), after: changedOnly(after, before) });
      return { ok: true };
    });
}

/** Rows of a product's options or flags set to `rows`: those gone deleted, those new inserted, the rest left alone (so the triggers log only real changes). */
async function replaceSet(
  trx: DB,
  table: "product_additional_values" | "product_flags",
  id: number,
  current: number[],
  rows: ({ product_id: number; field_id: number; option_id: number } | { product_id: number; flag_id: number })[],
  column: "option_id" | "flag_id",
) {
  const wanted = new Set(rows.map((row) => (row as Record<string, number>)[column]!));
  const gone = current.filter((value) => !wanted.has(value));
  const added = rows.filter((row) => !current.includes((row as Record<string, number>)[column]!));
  if (gone.length) await trx.deleteFrom(table).where("product_id", "=", id).where(column as never, "in", gone as never).execute();
  if (added.length) await trx.insertInto(table).values(added as never).execute();
}

/** What the audit log keeps of a product: its columns, texts, options and flags as plain values. */
async function auditView(trx: DB, id: number) {
  const [row, texts, options, flags] = await Promise.all([
    trx
      .selectFrom("products")
      .select(["price_minor", "original_price_minor", "stock", "weight_grams", "volume_cm3", "category_id", "manufacturer_id", "is_active"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow(),
    trx.selectFrom("product_translations as t").innerJoin("languages as l", "l.id", "t.language_id").select(["l.iso_code", "t.name", "t.description"]).where("t.product_id", "=", id).orderBy("l.id").execute(),
    trx.selectFrom("product_additional_values").select("option_id").where("product_id", "=", id).orderBy("option_id").execute(),
    trx.selectFrom("product_flags").select("flag_id").where("product_id", "=", id).orderBy("flag_id").execute(),
  ]);
  return {
    ...row,
    price_minor: Number(row.price_minor),
    original_price_minor: Number(row.original_price_minor),
    ...Object.fromEntries(texts.flatMap((text) => [[`name_${text.iso_code}`, text.name], [`description_${text.iso_code}`, text.description]])),
    options: options.map((o) => o.option_id),
    flags: flags.map((f) => f.flag_id),
  } as Record<string, unknown> & { options: number[]; flags: number[] };
}

/** The entries of `view` that differ from `other`: an audit entry names what changed, not the whole product again. */
function changedOnly(view: Record<string, unknown>, other: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(view).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(other[key])));
}

/** Pictures as the row keeps them: the first is the main one, and `images` holds them all in order. */
async function writePictures(trx: DB, id: number, version: number, gallery: string[], alts: Record<string, Record<string, string>>) {
  await trx
    .updateTable("products")
    .set({ image: gallery[0]!, images: gallery, image_alts: JSON.stringify(alts), version: version + 1 })
    .where("id", "=", id)
    .execute();
}

/**
 * Adds pictures to a product, after its others. Each file is checked by
 * its bytes (an image of a kind the shop takes, within the size) before any
 * is kept, in the uploads storage as sellers' photos are (models/pro/photos);
 * a refused save keeps none.
 */
export async function addProductPictures(actor: StaffActor, id: number, files: readonly File[], seenVersion?: number): Promise<ProductChange> {
  const checked = await checkPhotos(files);
  if (checked.error) return { ok: false, error: "picture_refused", reason: checked.error };
  const kept = await keepPhotos(checked.photos);
  try {
    const result = await db()
      .transaction()
      .execute(async (trx): Promise<ProductChange> => {
        const locked = await lockFor(trx, id, seenVersion);
        if (refusedLock(locked)) return locked;
        const gallery = galleryOf(locked.image, locked.images);
        if (gallery.length + kept.length > MAX_PICTURES) return { ok: false, error: "too_many_pictures" };
        await writePictures(trx, id, locked.version, [...gallery, ...kept], locked.image_alts);
        await recordAudit(trx, actor, { action: "product.pictures", entity: "product", entityId: id, before: { pictures: gallery }, after: { pictures: [...gallery, ...kept] } });
        return { ok: true };
      });
    if (!result.ok) await forgetPhotos(kept);
    return result;
  } catch (error) {
    await forgetPhotos(kept);
    throw error;
  }
}

/**
 * Reorders a product's pictures, sets their texts and removes those
 * marked. A removed picture's file is deleted from the uploads storage once
 * the change is committed (the demo's own pictures are not uploads and stay
 * where they are). Every picture the form names must be the product's, and
 * every picture of the product must be named: a picture added meanwhile
 * makes the page stale by its version.
 */
export async function saveProductPictures(actor: StaffActor, id: number, input: PicturesInput, seenVersion?: number): Promise<ProductChange> {
  const result = await db()
    .transaction()
    .execute(async (trx): Promise<ProductChange & { removed?: string[] }> => {
      const locked = await lockFor(trx, id, seenVersion);
      if (refusedLock(locked)) return locked;
      const gallery = galleryOf(locked.image, locked.images);
      const named = [...input.kept.map((picture) => picture.path), ...input.removed];
      if (named.length !== gallery.length || new Set(named).size !== named.length || named.some((path) => !gallery.includes(path))) return { ok: false, error: "unknown_picture" };
      if (!input.kept.length) return { ok: false, error: "unknown_picture" };
      const order = input.kept.map((picture) => picture.path);
      const alts = Object.fromEntries(input.kept.flatMap((picture) => (Object.keys(picture.alts).length ? [[picture.path, picture.alts as Record<string, string>]] : [])));
      await writePictures(trx, id, locked.version, order, alts);
      await recordAudit(trx, actor, {
        action: "product.pictures",
        entity: "product",
        entityId: id,
        before: { pictures: gallery, alts: locked.image_alts },
        after: { pictures: order, alts, removed: input.removed },
      });
      return { ok: true, removed: input.removed };
    });
  if (result.ok && result.removed?.length) await removePictureFiles(result.removed);
  return result.ok ? { ok: true } : result;
}

/** Deletes the uploaded files behind removed pictures; an address that is not an upload (the demo's) has no file of ours. */
async function removePictureFiles(paths: readonly string[]) {
  await forgetPhotos(paths.filter((path) => storedPhotoName(path) !== null));
}

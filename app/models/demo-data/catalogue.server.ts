import { sql } from "kysely";
import type { DB } from "~/models/db/db.server";
import { BRANDS_PER_CATEGORY, slugify } from "./manufacturers";
import { BASE_DATE, LANGUAGE_CODES, LANGUAGE_IDS } from "./reference";
import { ADDITIONAL_FIELDS, FIELD_IDS, FLAG_IDS, LEAF_CATEGORIES, optionId, type FieldCode, type LeafField } from "./taxonomy";
import { BRAND_SENTENCES, MODEL_SERIES, SERVICE_SENTENCES, TYPES_PER_LEAF, VOCABULARY } from "./vocabulary";

// The catalogue is generated inside the database with INSERT … SELECT over
// generate_series: a million products never pass through JavaScript. Every
// per-row choice comes from md5(seed:id:tag), which PostgreSQL 15 and PGlite
// compute identically, and only integer arithmetic follows, so the same seed
// gives the same catalogue on both.

/** Products per statement; keeps PGlite's memory in check on large seeds. */
const CHUNK_SIZE = 100_000;
/** Each offer (flag type '2') is guaranteed this many products when the catalogue is big enough. */
const MIN_OFFER_PRODUCTS = 20;
const OFFER_IDS = [FLAG_IDS.blackFriday, FLAG_IDS.winterWarmUp, FLAG_IDS.backToSchool, FLAG_IDS.homeOffice];

export interface CatalogueCounts {
  products: number;
  productTranslations: number;
  productAdditionalValues: number;
  productFlags: number;
}

/** Text from constants only, never from user input, so it is safe to inline. */
function quote(text: string) {
  return `'${text.replace(/'/g, "''")}'`;
}

/** The k-th unsigned 32-bit word (0–3) of an md5 hex digest. */
function word(digest: string, k: number) {
  return `('x' || substr(${digest}, ${1 + 8 * k}, 8))::bit(32)::bigint`;
}

/** Rounds cents to a shelf price: …,99 from ten euros up, …9 below. */
function shelfPrice(cents: string) {
  return `(case when (${cents}) >= 1000 then (${cents}) / 100 * 100 + 99 else (${cents}) / 10 * 10 + 9 end)`;
}

async function run(db: DB, text: string) {
  const result = await sql.raw(text).execute(db);
  return Number(result.numAffectedRows ?? 0);
}

async function createWorkTables(db: DB) {
  await sql`
    create temp table demo_leaves (
      id int primary key, slug text not null, price_min bigint not null, price_max bigint not null
    ) on commit drop;
    create temp table demo_type_names (
      leaf_id int, type_no int, language_id smallint, name text not null, slug text not null,
      primary key (leaf_id, type_no, language_id)
    ) on commit drop;
    create temp table demo_phrases (
      kind text, leaf_id int, no int, language_id smallint, text text not null,
      primary key (kind, leaf_id, no, language_id)
    ) on commit drop;
    create temp table demo_leaf_fields (
      leaf_id int, field_id smallint, option_ids int[] not null, min_count int not null, max_count int not null,
      primary key (leaf_id, field_id)
    ) on commit drop;
    create temp table demo_picks (
      id bigint primary key, leaf_id int not null, type_no int not null, manufacturer_id int not null, model text not null,
      r4 bigint not null, r5 bigint not null, r6 bigint not null, r7 bigint not null, r8 bigint not null,
      r9 bigint not null, r10 bigint not null, r11 bigint not null, r12 bigint not null, r13 bigint not null
    ) on commit drop;
  `.execute(db);

  const tmp = db.withTables<{
    demo_leaves: { id: number; slug: string; price_min: number; price_max: number };
    demo_type_names: { leaf_id: number; type_no: number; language_id: number; name: string; slug: string };
    demo_phrases: { kind: string; leaf_id: number; no: number; language_id: number; text: string };
    demo_leaf_fields: { leaf_id: number; field_id: number; option_ids: number[]; min_count: number; max_count: number };
  }>();

  await tmp
    .insertInto("demo_leaves")
    .values(LEAF_CATEGORIES.map((l) => ({ id: l.id, slug: l.slug, price_min: l.price[0], price_max: l.price[1] })))
    .execute();

  const typeNames = [];
  const phrases = [];
  for (const leaf of LEAF_CATEGORIES) {
    const words = VOCABULARY[leaf.id];
    if (!words || words.types.length !== TYPES_PER_LEAF) throw new Error(`Leaf ${leaf.id} needs ${TYPES_PER_LEAF} product types`);
    for (const [typeNo, names] of words.types.entries()) {
      for (const [i, code] of LANGUAGE_CODES.entries()) {
        typeNames.push({ leaf_id: leaf.id, type_no: typeNo, language_id: LANGUAGE_IDS[code], name: names[i]!, slug: slugify(names[0]) });
      }
    }
    for (const [no, texts] of words.blurbs.entries()) {
      for (const [i, code] of LANGUAGE_CODES.entries()) phrases.push({ kind: "blurb", leaf_id: leaf.id, no, language_id: LANGUAGE_IDS[code], text: texts[i]! });
    }
  }
  for (const [kind, list] of [["brand", BRAND_SENTENCES], ["service", SERVICE_SENTENCES]] as const) {
    for (const [no, texts] of list.entries()) {
      for (const [i, code] of LANGUAGE_CODES.entries()) phrases.push({ kind, leaf_id: 0, no, language_id: LANGUAGE_IDS[code], text: texts[i]! });
    }
  }
  await tmp.insertInto("demo_type_names").values(typeNames).execute();
  await tmp.insertInto("demo_phrases").values(phrases).execute();

  const warehouse = ADDITIONAL_FIELDS.find((f) => f.id === FIELD_IDS.warehouseCode)!;
  await tmp
    .insertInto("demo_leaf_fields")
    .values(
      LEAF_CATEGORIES.flatMap((leaf) => [
        ...(Object.entries(leaf.fields) as [FieldCode, LeafField][]).map(([code, field]) => ({
          leaf_id: leaf.id,
          field_id: FIELD_IDS[code],
          option_ids: field.options.map((o) => optionId(code, o)),
          min_count: field.count?.[0] ?? 1,
          max_count: field.count?.[1] ?? 1,
        })),
        {
          leaf_id: leaf.id,
          field_id: warehouse.id,
          option_ids: warehouse.options.map((o) => optionId("warehouseCode", o.code)),
          min_count: 1,
          max_count: 1,
        },
      ]),
    )
    .execute();

  // Without statistics the planner takes these small tables for one row each
  // and nests loops over them, which turns minutes into hours at scale.
  await sql`analyze demo_leaves, demo_type_names, demo_phrases, demo_leaf_fields, manufacturers`.execute(db);
}

/** Which leaf a hash word picks, each leaf appearing as often as its weight. */
function leafSlots() {
  return LEAF_CATEGORIES.flatMap((l) => Array.from({ length: l.weight }, () => l.id));
}

function pickStatement(seed: number, from: number, to: number) {
  const slots = leafSlots();
  const series = `array[${MODEL_SERIES.map(quote).join(", ")}]`;
  const digest = (tag: string) => `md5(${quote(`${seed}:`)} || g || ${quote(`:${tag}`)})`;
  // "offset 0" keeps each subquery from being flattened into its parent,
  // which would compute every md5 once per reference instead of once per row.
  return `
    insert into demo_picks (id, leaf_id, type_no, manufacturer_id, model, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13)
    select id, leaf_id,
      mod(r1, ${TYPES_PER_LEAF})::int,
      (leaf_id / 100 - 1) * ${BRANDS_PER_CATEGORY} + 1 + mod(r2, ${BRANDS_PER_CATEGORY})::int,
      (${series})[1 + mod(r3, ${MODEL_SERIES.length})::int] || ((10 + mod(r3 / 8, 90)) * 10)::text,
      r4, r5, r6, r7, r8, r9, r10, r11, r12, r13
    from (
      select id, (array[${slots.join(",")}])[1 + mod(r0, ${slots.length})::int] as leaf_id,
        r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13
      from (
        select g as id,
          ${word("a", 0)} r0, ${word("a", 1)} r1, ${word("a", 2)} r2, ${word("a", 3)} r3,
          ${word("b", 0)} r4, ${word("b", 1)} r5, ${word("b", 2)} r6, ${word("b", 3)} r7,
          ${word("c", 0)} r8, ${word("c", 1)} r9, ${word("c", 2)} r10, ${word("c", 3)} r11,
          ${word("d", 0)} r12, ${word("d", 1)} r13
        from (
          select g, ${digest("a")} a, ${digest("b")} b, ${digest("c")} c, ${digest("d")} d
          from generate_series(${from}, ${to}) g
          offset 0
        ) digests
        offset 0
      ) words
    ) picks`;
}

const SECONDS_PER_DAY = 86_400;

/**
 * Facts about a product as SQL over its demo_picks row "k". The flag
 * statement reads the same expressions, so badges agree with the product
 * without reading the products table back.
 */
const FACT = {
  listingType: `case when mod(k.r10 / 12, 100) < 20 then 'o' else 'p' end`,
  isDiscounted: `mod(k.r6, 100) < 35`,
  // Discounts lean small: most are 5–20 %, a few reach 60 %.
  discountPercent: `(5 + 56 * mod(k.r6 / 100, 10000) * mod(k.r6 / 100, 10000) / 100000000)`,
  stock: `case when mod(k.r7, 100) < 8 then 0 else 1 + mod(k.r7 / 100, 200)::int end`,
  // Cubed, so most products sell little and a few sell a lot.
  paidAmount: `(5000 * mod(k.r8, 10000) * mod(k.r8, 10000) * mod(k.r8, 10000) / 1000000000000)::int`,
  secondsBeforeBase: `mod(k.r9, ${365 * SECONDS_PER_DAY})`,
  // 0.1–5 kg, most of it light; a box of about 4 litres per kg, give or take.
  weightGrams: `(100 + 4900 * mod(k.r13 / 1000, 1000) * mod(k.r13 / 1000, 1000) / 1000000)::int`,
  volumeCm3: `(400 + (100 + 4900 * mod(k.r13 / 1000, 1000) * mod(k.r13 / 1000, 1000) / 1000000) * (2 + mod(k.r13 / 1000000, 5)))::int`,
};

function productStatement() {
  const base = `timestamptz ${quote(BASE_DATE.toISOString())}`;
  // The product of two uniform draws: cheap items are common, dear ones rare.
  const price = shelfPrice(`l.price_min + (l.price_max - l.price_min) * mod(k.r4, 10000) * mod(k.r5, 10000) / 100000000`);
  const arrivedAt = `${base} - ${FACT.secondsBeforeBase} * interval '1 second'`;
  const image = (offset: number) => `'/media/demo/' || l.slug || '-' || mod(k.r10 + ${offset}, 12) || '.svg'`;
  return `
    insert into products (id, sku, slug, listing_type, category_id, manufacturer_id, price_minor, original_price_minor,
      stock, paid_amount, arrived_at, image, images, is_active, created_at, weight_grams, volume_cm3)
    select k.id,
      'SW-' || lpad(k.id::text, 7, '0'),
      m.slug || '-' || t.slug || '-' || k.id,
      ${FACT.listingType},
      k.leaf_id,
      k.manufacturer_id,
      p.price,
      case when ${FACT.isDiscounted} then ${shelfPrice(`p.price * 100 / (100 - ${FACT.discountPercent})`)} else p.price end,
      ${FACT.stock},
      ${FACT.paidAmount},
      ${arrivedAt},
      ${image(0)},
      array[${image(0)}, ${image(4)}, ${image(8)}],
      true,
      ${arrivedAt},
      ${FACT.weightGrams},
      ${FACT.volumeCm3}
    from demo_picks k
    join demo_leaves l on l.id = k.leaf_id
    join manufacturers m on m.id = k.manufacturer_id
    join demo_type_names t on t.leaf_id = k.leaf_id and t.type_no = k.type_no and t.language_id = ${LANGUAGE_IDS.en}
    cross join lateral (select ${price} as price) p`;
}

function translationStatement() {
  return `
    insert into product_translations (product_id, language_id, name, description)
    select k.id, t.language_id,
      m.name || ' ' || t.name || ' ' || k.model,
      m.name || ' ' || t.name || ' ' || k.model || '. ' || b.text || ' ' || replace(bs.text, '{brand}', m.name) || ' ' || ss.text
    from demo_picks k
    join manufacturers m on m.id = k.manufacturer_id
    join demo_type_names t on t.leaf_id = k.leaf_id and t.type_no = k.type_no
    join demo_phrases b on b.kind = 'blurb' and b.leaf_id = k.leaf_id and b.no = mod(k.r13, 2) and b.language_id = t.language_id
    join demo_phrases bs on bs.kind = 'brand' and bs.leaf_id = 0 and bs.no = mod(k.r13 / 2, ${BRAND_SENTENCES.length}) and bs.language_id = t.language_id
    join demo_phrases ss on ss.kind = 'service' and ss.leaf_id = 0 and ss.no = mod(k.r13 / 8, ${SERVICE_SENTENCES.length}) and ss.language_id = t.language_id`;
}

function additionalValueStatement(seed: number) {
  // Sizes come as a run of neighbours (S–L), other fields as one option.
  return `
    insert into product_additional_values (product_id, field_id, option_id)
    select id, field_id, option_ids[(1 + mod(w1, cardinality(option_ids) - n + 1) + i)::int]
    from (
      select id, field_id, option_ids, min_count + mod(${word("h", 0)}, max_count - min_count + 1) as n, ${word("h", 1)} as w1
      from (
        select k.id, f.field_id, f.option_ids, f.min_count, f.max_count,
          md5(${quote(`${seed}:`)} || k.id || ':f' || f.field_id) as h
        from demo_picks k join demo_leaf_fields f on f.leaf_id = k.leaf_id
        offset 0
      ) digests
      offset 0
    ) runs
    cross join lateral generate_series(0, n - 1) i`;
}

function flagStatement() {
  const guaranteed = MIN_OFFER_PRODUCTS * 2;
  const [first, second, third, fourth] = OFFER_IDS;
  // Two slots per product: an offer (only for discounted products) and a
  // badge earned from the product's own data. The first products fill every
  // offer so that none is ever empty.
  return `
    insert into product_flags (flag_id, product_id)
    select flag_id, id from (
      select k.id, case
          when k.id <= ${guaranteed} then case when mod(k.id, 2) = 0 then ${first} else ${second} end
          when ${FACT.isDiscounted} and mod(k.r11, 100) < 30
            then (array[${OFFER_IDS.join(",")}])[1 + mod(k.r11 / 100, ${OFFER_IDS.length})::int]
        end as flag_id
      from demo_picks k
      union all
      select k.id, case
          when k.id <= ${guaranteed} then case when mod(k.id, 2) = 0 then ${third} else ${fourth} end
          when ${FACT.secondsBeforeBase} < ${30 * SECONDS_PER_DAY} then ${FLAG_IDS.new}
          when ${FACT.paidAmount} >= 4000 then ${FLAG_IDS.bestseller}
          when mod(k.r12, 100) < 6 then ${FLAG_IDS.eco}
          when mod(k.r12, 100) < 9 then ${FLAG_IDS.exclusive}
        end
      from demo_picks k
    ) slots
    where flag_id is not null`;
}

export async function insertCatalogue(
  db: DB,
  { products, seed, log }: { products: number; seed: number; log: (msg: string) => void },
): Promise<CatalogueCounts> {
  const counts: CatalogueCounts = { products: 0, productTranslations: 0, productAdditionalValues: 0, productFlags: 0 };
  await createWorkTables(db);
  // The work tables are tiny and the picks large: hash joins win, but with
  // join keys computed from hashes the planner cannot see that and would
  // nest loops over hundreds of thousands of rows. Switched back on below,
  // for the ordinary queries that follow in the same transaction.
  await run(db, "set local enable_nestloop = off");
  const statements = {
    product: productStatement(),
    translation: translationStatement(),
    additionalValue: additionalValueStatement(seed),
    flag: flagStatement(),
  };

  for (let from = 1; from <= products; from += CHUNK_SIZE) {
    const to = Math.min(products, from + CHUNK_SIZE - 1);
    await run(db, "truncate demo_picks");
    await run(db, pickStatement(seed, from, to));
    await run(db, "analyze demo_picks");
    counts.products += await run(db, statements.product);
    counts.productTranslations += await run(db, statements.translation);
    counts.productAdditionalValues += await run(db, statements.additionalValue);
    counts.productFlags += await run(db, statements.flag);
    log(`products ${to.toLocaleString("en")}/${products.toLocaleString("en")}`);
  }

  await run(db, "set local enable_nestloop = on");
  // Ids were given explicitly; the identity must continue after them.
  await run(db, `select setval(pg_get_serial_sequence('products', 'id'), ${Math.max(products, 1)}, ${products > 0})`);
  return counts;
}

import * as v from "valibot";
import { LOCALES, type Locale } from "~/lib/i18n";
import { parseTypedMinor, type Minor } from "~/lib/money";

// The back office's product forms (checked in the browser and on the server
// alike): the product's texts in the four languages, prices as people type
// them ("12,50" or "12.50", lib/money), stock, weight and volume, category,
// brand, fields, flags and whether it is on sale; and its pictures' order,
// alternative texts and removals. No I/O here: the choices (categories,
// brands, fields, flags) are the page's, and the server checks they exist.

export const NAME_MAX = 150;
export const DESCRIPTION_MAX = 10_000;
export const ALT_MAX = 250;
/** The dearest product: a million euros. */
export const PRICE_MAX_MINOR = 100_000_000;
export const STOCK_MAX = 1_000_000;
/** 1,000 kg and 10 m³: a parcel the shop could send at all. */
export const WEIGHT_MAX_GRAMS = 1_000_000;
export const VOLUME_MAX_CM3 = 10_000_000;
export const MAX_PICTURES = 12;

/** What a valid edit asks for, in the table's units. */
export type ProductInput = {
  names: Record<Locale, string>;
  descriptions: Record<Locale, string>;
  priceMinor: Minor;
  originalPriceMinor: Minor;
  stock: number;
  /** The stock the form showed: orders may have taken some since. */
  stockSeen: number;
  weightGrams: number;
  volumeCm3: number;
  categoryId: number;
  manufacturerId: number | null;
  optionIds: number[];
  flagIds: number[];
  active: boolean;
};

/** The pictures as the form leaves them: in their new order, each with its texts, the removed ones left out. */
export type PicturesInput = { kept: { path: string; alts: Partial<Record<Locale, string>> }[]; removed: string[] };

const version = v.pipe(v.string("validation.required"), v.toNumber("validation.number"), v.integer("validation.number"), v.minValue(1, "validation.number"));
const whole = (message: string, max: number) => v.pipe(v.string(message), v.trim(), v.regex(/^\d{1,9}$/, message), v.transform(Number), v.maxValue(max, message));
const money = (message: string) => v.pipe(v.string(message), v.trim(), v.transform(parseTypedMinor), v.number(message), v.minValue(1, message), v.maxValue(PRICE_MAX_MINOR, message));
const id = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number));
const ids = v.optional(v.array(id), []);

const textEntries = Object.fromEntries(
  LOCALES.flatMap((locale) => [
    [`name_${locale}`, v.pipe(v.string("admin.products.nameRequired"), v.trim(), v.nonEmpty("admin.products.nameRequired"), v.maxLength(NAME_MAX, "admin.products.nameLength"))],
    [`description_${locale}`, v.optional(v.pipe(v.string(), v.trim(), v.maxLength(DESCRIPTION_MAX, "admin.products.descriptionLength")), "")],
  ]),
) as Record<`name_${Locale}` | `description_${Locale}`, v.GenericSchema<string | undefined, string>>;

const entries = {
  intent: v.literal("save"),
  version,
  ...textEntries,
  price: money("admin.products.priceFormat"),
  originalPrice: v.optional(money("admin.products.priceFormat")),
  stock: whole("admin.products.stockFormat", STOCK_MAX),
  stockSeen: whole("validation.number", STOCK_MAX * 10),
  weight: whole("admin.products.weightFormat", WEIGHT_MAX_GRAMS),
  volume: whole("admin.products.volumeFormat", VOLUME_MAX_CM3),
  category: v.pipe(v.string("admin.products.categoryRequired"), v.regex(/^\d{1,9}$/, "admin.products.categoryRequired"), v.transform(Number)),
  brand: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number))),
  options: ids,
  flags: ids,
  active: v.optional(v.literal("on")),
};

/** An edit of a product: it names the version the page showed. */
export const ProductEditSchema = v.pipe(
  v.object(entries),
  v.forward(
    v.check((value) => value.originalPrice === undefined || value.originalPrice >= value.price, "admin.products.originalBelowPrice"),
    ["originalPrice"] as never,
  ),
  v.transform((value) => ({ version: value.version, input: productInput(value) })),
);

function productInput(value: v.InferOutput<v.ObjectSchema<typeof entries, undefined>>): ProductInput {
  const texts = value as unknown as Record<string, string>;
  return {
    names: Object.fromEntries(LOCALES.map((locale) => [locale, texts[`name_${locale}`]!])) as Record<Locale, string>,
    descriptions: Object.fromEntries(LOCALES.map((locale) => [locale, texts[`description_${locale}`] ?? ""])) as Record<Locale, string>,
    priceMinor: value.price,
    // No "before" price typed: the price is the whole price, with nothing struck out.
    originalPriceMinor: value.originalPrice ?? value.price,
    stock: value.stock,
    stockSeen: value.stockSeen,
    weightGrams: value.weight,
    volumeCm3: value.volume,
    categoryId: value.category,
    manufacturerId: value.brand ?? null,
    optionIds: [...new Set(value.options)],
    flagIds: [...new Set(value.flags)],
    active: value.active === "on",
  };
}

const picture = v.object({
  path: v.pipe(v.string(), v.maxLength(300)),
  position: v.pipe(v.string("admin.products.positionFormat"), v.trim(), v.regex(/^\d{1,3}$/, "admin.products.positionFormat"), v.transform(Number)),
  remove: v.optional(v.literal("on")),
  ...Object.fromEntries(LOCALES.map((locale) => [`alt_${locale}`, v.optional(v.pipe(v.string(), v.trim(), v.maxLength(ALT_MAX, "admin.products.altLength")), "")])),
});

/** The pictures' order (a number each; ties keep the order shown), texts and removals. */
export const PicturesSchema = v.pipe(
  v.object({ intent: v.literal("pictures"), version, pictures: v.pipe(v.array(picture), v.maxLength(MAX_PICTURES * 2)) }),
  v.forward(
    v.check((value) => value.pictures.some((entry) => entry.remove !== "on"), "admin.products.pictureRequired"),
    ["pictures"] as never,
  ),
  v.transform((value) => ({ version: value.version, input: picturesInput(value.pictures) })),
);

function picturesInput(pictures: v.InferOutput<typeof picture>[]): PicturesInput {
  const texts = (entry: v.InferOutput<typeof picture>) => entry as unknown as Record<string, string | undefined>;
  const kept = pictures
    .map((entry, shown) => ({ entry, shown }))
    .filter(({ entry }) => entry.remove !== "on")
    .sort((a, b) => a.entry.position - b.entry.position || a.shown - b.shown)
    .map(({ entry }) => ({
      path: entry.path,
      alts: Object.fromEntries(LOCALES.flatMap((locale) => (texts(entry)[`alt_${locale}`] ? [[locale, texts(entry)[`alt_${locale}`]!]] : []))) as Partial<Record<Locale, string>>,
    }));
  return { kept, removed: pictures.filter((entry) => entry.remove === "on").map((entry) => entry.path) };
}

/** New pictures: only the version travels through the schema; the files are checked by their bytes on the server. */
export const UploadSchema = v.object({ intent: v.literal("upload"), version });

/** The staff search: any part of a name, a SKU's start, a brand's or a category's name; and the filters. */
export type ProductSearch = {
  q?: string;
  categoryId?: number;
  manufacturerId?: number;
  active?: boolean;
  inStock?: boolean;
  page?: number;
};

import * as v from "valibot";
import { parseTypedMinor, toDecimalString, type Minor } from "~/lib/money";
import type { OrderStatus } from "~/models/orders/orders";
import { UPLOAD_MAX_BYTES } from "~/models/uploads/file-kind";

// A pro seller's listing: the edit form's one schema (conform in the browser,
// the action on the server), the price as typed, the photos' addresses and
// what state a listing is in. Safe in the browser; no I/O here: the form is
// built from the choices the page was given (the site's languages, the leaf
// categories with their options, the listing's photos).

export const MAX_PHOTOS = 8;
export const PHOTO_MAX_BYTES = UPLOAD_MAX_BYTES;
export const PHOTO_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const TITLE_MIN = 3;
export const TITLE_MAX = 150;
export const DESCRIPTION_MAX = 5000;
/** The dearest listing: a million in the catalogue's currency. */
export const PRICE_MAX_MINOR = 100_000_000;
export const STOCK_MAX = 100_000;

/** The listing a path names: "new" for a listing still to be made, else its product id; null for anything else. */
export function parseListingId(text: string | undefined): number | "new" | null {
  if (text === "new") return "new";
  if (!text || !/^[1-9]\d{0,14}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * A price as a seller types it, in the currency's major units ("12",
 * "12.5", "12,50", "1 299,00"), read exactly into minor units by the money
 * module; null for anything else, for nothing, and beyond the limit.
 */
export function readPriceMinor(text: string): Minor | null {
  const minor = /^\s*[+-]/.test(text) ? null : parseTypedMinor(text);
  return minor !== null && minor > 0 && minor <= PRICE_MAX_MINOR ? minor : null;
}

/** The price as the form shows it again: 12.5 € as "12.50". */
export function priceText(minor: Minor) {
  return toDecimalString(minor);
}

/**
 * Where a listing stands: waiting for the shop's review, or refused by it
 * (with a reason; the seller edits it and it is reviewed again); approved
 * and waiting for its fee (payable); on the marketplace; paid for but
 * hidden by the shop; or withdrawn, its fee refunded.
 */
export type ListingState = "in_review" | "refused" | "awaiting_fee" | "active" | "hidden" | "withdrawn";

/** The shop's review of a listing (migration 0047); null: listed before reviews began, which counts as approved. */
export type ListingReview = "pending" | "approved" | "refused" | null;

export function listingState(listing: { isActive: boolean; feeBill: OrderStatus | null; review?: ListingReview }): ListingState {
  if (listing.isActive) return "active";
  if (listing.feeBill === "refunded") return "withdrawn";
  if (listing.feeBill !== null && listing.feeBill !== "unpaid" && listing.feeBill !== "cancelled") return "hidden";
  if (listing.review === "pending") return "in_review";
  if (listing.review === "refused") return "refused";
  return "awaiting_fee";
}

export const REFUSAL_REASON_MAX = 1000;

/** A listing's address: its title's words, then its id, which keeps it unique and fixed when the title changes. */
export function listingSlug(title: string, id: number) {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${words || "listing"}-${id}`;
}

/** Listing photos live among the uploads (uploads/listings) and are served under this path. */
export const LISTING_PHOTO_PATH = "/media/listings/";
const STORED_PHOTO = /^listings\/([A-Za-z0-9_-]{22}\.(?:png|jpg|gif|webp))$/;
const SERVED_PHOTO = /^\/media\/listings\/([A-Za-z0-9_-]{22}\.(?:png|jpg|gif|webp))$/;

/** The served path of a photo the uploads module kept as "listings/<name>". */
export function photoPath(storedName: string) {
  const match = STORED_PHOTO.exec(storedName);
  if (!match) throw new Error(`Not a listing photo: ${storedName}`);
  return `${LISTING_PHOTO_PATH}${match[1]}`;
}

/** The uploads name behind a served photo path, or null for any other path. */
export function storedPhotoName(path: string) {
  const match = SERVED_PHOTO.exec(path);
  return match ? `listings/${match[1]}` : null;
}

/** What the form is built from. */
export type ListingChoices = {
  /** The site's languages, in its order: a title and a description in each. */
  languages: readonly string[];
  /** The leaf categories a listing may be in, with the options of their additional fields. */
  categories: ReadonlyArray<{ id: number; optionIds: readonly number[] }>;
  /** The listing's photos now (its gallery, the first the main one). */
  photos: readonly string[];
};

/** The choices the form's schema is built from, the same in the browser and on the server. */
export function listingChoices(
  languages: ReadonlyArray<{ iso: string }>,
  categories: ReadonlyArray<{ id: number; fields: ReadonlyArray<{ options: ReadonlyArray<{ id: number }> }> }>,
  photos: readonly string[],
): ListingChoices {
  return {
    languages: languages.map((language) => language.iso),
    categories: categories.map((category) => ({ id: category.id, optionIds: category.fields.flatMap((field) => field.options.map((option) => option.id)) })),
    photos,
  };
}

/** What a valid form asks for. */
export type ListingInput = {
  names: Record<string, string>;
  descriptions: Record<string, string>;
  priceMinor: Minor;
  stock: number;
  /** The stock the form was loaded with: a save refuses to overwrite one that orders changed meanwhile. */
  stockSeen: number | null;
  categoryId: number;
  /** The category's options chosen; any other is ignored. */
  optionIds: number[];
  /** Photos kept, in their order. */
  keep: string[];
  /** New photos, checked by their content on the server before they are kept. */
  photos: File[];
};

export const nameField = (language: string) => `name_${language}` as const;
export const descriptionField = (language: string) => `description_${language}` as const;

/** The form's fields as posted, before the schema reads them. */
export type ListingFormValues = {
  price: string;
  stock: string;
  stock_seen: string;
  category: string;
  options: string[];
  remove: string[];
  photos: File[];
} & { [name: `name_${string}`]: string } & { [description: `description_${string}`]: string };

/** The photos a form keeps: the listing's, less the ones ticked for removal. */
export function keptPhotos(photos: readonly string[], remove: readonly string[]) {
  return photos.filter((photo) => !remove.includes(photo));
}

const text = (min: number, max: number, short: string) =>
  v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.minLength(min, short), v.maxLength(max, "validation.tooLong"));

/** The edit form's schema for these choices; messages are translation keys. */
export function listingSchema(choices: ListingChoices) {
  const options = new Map(choices.categories.map((category) => [String(category.id), new Set(category.optionIds)]));
  const entries: Record<string, v.GenericSchema> = {};
  for (const language of choices.languages) {
    entries[nameField(language)] = text(TITLE_MIN, TITLE_MAX, "pro.errors.titleShort");
    entries[descriptionField(language)] = text(1, DESCRIPTION_MAX, "validation.required");
  }
  entries.price = v.pipe(
    v.string("validation.required"),
    v.trim(),
    v.maxLength(20, "pro.errors.price"),
    v.check((typed) => readPriceMinor(typed) !== null, "pro.errors.price"),
  );
  // One rule, one message: a field says what is wrong with it once.
  entries.stock = v.pipe(
    v.string("validation.required"),
    v.trim(),
    v.maxLength(20, "pro.errors.stock"),
    v.check((typed) => /^\d{1,6}$/.test(typed) && Number(typed) <= STOCK_MAX, "pro.errors.stock"),
  );
  entries.stock_seen = v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/)));
  entries.category = v.pipe(v.string("pro.errors.category"), v.check((id) => options.has(id), "pro.errors.category"));
  entries.options = v.optional(v.array(v.pipe(v.string(), v.maxLength(12))), []);
  // A photo not of this listing removes nothing (keptPhotos).
  entries.remove = v.optional(v.array(v.pipe(v.string(), v.maxLength(200))), []);
  entries.photos = v.optional(
    v.array(v.pipe(v.file("pro.errors.photoType"), v.mimeType(PHOTO_TYPES, "pro.errors.photoType"), v.maxSize(PHOTO_MAX_BYTES, "pro.errors.photoSize"))),
    [],
  );

  type Posted = Record<string, unknown> & { remove: string[]; photos: File[]; options: string[] };
  return v.pipe(
    v.object(entries, "validation.required"),
    v.forward(
      v.check((posted) => {
        const { remove, photos } = posted as Posted;
        const count = keptPhotos(choices.photos, remove).length + photos.length;
        return count >= 1 && count <= MAX_PHOTOS;
      }, "pro.errors.photoCount"),
      ["photos"] as never,
    ),
    v.transform((posted): ListingInput => {
      const form = posted as Posted;
      const allowed = options.get(String(form.category)) ?? new Set<number>();
      return {
        names: Object.fromEntries(choices.languages.map((language) => [language, String(form[nameField(language)])])),
        descriptions: Object.fromEntries(choices.languages.map((language) => [language, String(form[descriptionField(language)])])),
        priceMinor: readPriceMinor(String(form.price))!,
        stock: Number(form.stock),
        stockSeen: typeof form.stock_seen === "string" ? Number(form.stock_seen) : null,
        categoryId: Number(form.category),
        optionIds: [...new Set(form.options.map(Number))].filter((id) => allowed.has(id)),
        keep: keptPhotos(choices.photos, form.remove),
        photos: form.photos,
      };
    }),
  );
}

import { parseWithValibot } from "@conform-to/valibot";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  keptPhotos,
  listingChoices,
  listingSchema,
  listingSlug,
  listingState,
  MAX_PHOTOS,
  parseListingId,
  photoPath,
  PRICE_MAX_MINOR,
  priceText,
  readPriceMinor,
  storedPhotoName,
  type ListingInput,
} from "./listing";

const PHOTO_A = "/media/listings/AAAAAAAAAAAAAAAAAAAAAA.jpg";
const PHOTO_B = "/media/listings/BBBBBBBBBBBBBBBBBBBBBB.png";
const choices = listingChoices(
  [{ iso: "lt" }, { iso: "en" }],
  [
    { id: 101, fields: [{ options: [{ id: 201 }, { id: 202 }] }, { options: [{ id: 301 }] }] },
    { id: 501, fields: [] },
  ],
  [PHOTO_A, PHOTO_B],
);
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "a.png", { type: "image/png" });
const valid = {
  name_lt: "  Žieminė striukė  ",
  description_lt: "Šilta ir lengva.",
  name_en: "Winter jacket",
  description_en: "Warm and light.",
  price: "19,99",
  stock: "7",
  stock_seen: "5",
  category: "101",
  options: ["202", "301", "999"],
  remove: [PHOTO_A],
  photos: [png()],
};
const issues = (input: Record<string, unknown>) =>
  Object.fromEntries((v.safeParse(listingSchema(choices), input).issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]));

describe("a listing's id in the path", () => {
  it("is 'new' or a product id, nothing else", () => {
    expect(parseListingId("new")).toBe("new");
    expect(parseListingId("42")).toBe(42);
    for (const bad of [undefined, "", "0", "042", "4.2", "12a", "-1", "NEW", "1".repeat(16)]) expect(parseListingId(bad), String(bad)).toBeNull();
  });
});

describe("a price as typed", () => {
  it("reads major units with a dot or a comma into exact minor units", () => {
    expect(readPriceMinor("12")).toBe(1200);
    expect(readPriceMinor("12.5")).toBe(1250);
    expect(readPriceMinor(" 12,50 ")).toBe(1250);
    expect(readPriceMinor("1 299,00")).toBe(129900);
    expect(readPriceMinor("0.29")).toBe(29);
    expect(readPriceMinor("1000000")).toBe(PRICE_MAX_MINOR);
  });

  it("refuses nothing, zero, negatives, a third decimal, exponents and more than the limit", () => {
    for (const bad of ["", "0", "0.00", "-5", "12.345", "1e3", "12,5,0", "1.299,00", "abc", "1000000.01", "12 5"]) expect(readPriceMinor(bad), bad).toBeNull();
  });

  it("shows a stored price again as typed", () => {
    expect(priceText(1999)).toBe("19.99");
    expect(readPriceMinor(priceText(1250))).toBe(1250);
  });
});

describe("a listing's state", () => {
  it("follows its activation and its fee's bill", () => {
    expect(listingState({ isActive: true, feeBill: null })).toBe("active");
    expect(listingState({ isActive: true, feeBill: "paid" })).toBe("active");
    expect(listingState({ isActive: false, feeBill: null })).toBe("awaiting_fee");
    expect(listingState({ isActive: false, feeBill: "unpaid" })).toBe("awaiting_fee");
    expect(listingState({ isActive: false, feeBill: "paid" })).toBe("hidden");
    expect(listingState({ isActive: false, feeBill: "refunded" })).toBe("withdrawn");
    // The shop reviews a listing before its fee can be paid; one listed before reviews began has no review and counts as approved.
    expect(listingState({ isActive: false, feeBill: null, review: "pending" })).toBe("in_review");
    expect(listingState({ isActive: false, feeBill: null, review: "refused" })).toBe("refused");
    expect(listingState({ isActive: false, feeBill: null, review: "approved" })).toBe("awaiting_fee");
    expect(listingState({ isActive: false, feeBill: null, review: null })).toBe("awaiting_fee");
    expect(listingState({ isActive: true, feeBill: "paid", review: "approved" })).toBe("active");
  });
});

describe("a listing's address and photos", () => {
  it("makes a slug of the title's letters and the id", () => {
    expect(listingSlug("Žieminė striukė Ąžuolas!", 7)).toBe("ziemine-striuke-azuolas-7");
    expect(listingSlug("Šalle Jõulud", 8)).toBe("salle-joulud-8");
    expect(listingSlug("!!!", 9)).toBe("listing-9");
    expect(listingSlug("a".repeat(100), 10)).toBe(`${"a".repeat(60)}-10`);
  });

  it("serves a kept photo under /media/listings and reads only such paths back", () => {
    expect(photoPath("listings/AAAAAAAAAAAAAAAAAAAAAA.jpg")).toBe(PHOTO_A);
    expect(storedPhotoName(PHOTO_A)).toBe("listings/AAAAAAAAAAAAAAAAAAAAAA.jpg");
    for (const bad of ["/media/listings/../secret.jpg", "/media/claims/AAAAAAAAAAAAAAAAAAAAAA.jpg", "/media/listings/AAAAAAAAAAAAAAAAAAAAAA.pdf", "/media/demo/phones-1.svg"]) {
      expect(storedPhotoName(bad), bad).toBeNull();
    }
    expect(() => photoPath("claims/AAAAAAAAAAAAAAAAAAAAAA.jpg")).toThrow();
  });

  it("keeps the photos not ticked for removal, in their order", () => {
    expect(keptPhotos([PHOTO_A, PHOTO_B], [PHOTO_A])).toEqual([PHOTO_B]);
    expect(keptPhotos([PHOTO_A, PHOTO_B], ["/media/listings/other.jpg"])).toEqual([PHOTO_A, PHOTO_B]);
  });
});

describe("the listing form as the browser posts it", () => {
  it("reads empty choices as none, and a missing photo input as no new photo", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(valid)) if (typeof value === "string") form.set(name, value);
    form.set("stock_seen", "");
    form.append("photos", new File([], "", { type: "application/octet-stream" }));
    const parsed = parseWithValibot(form, { schema: listingSchema(choices) });
    expect(parsed).toMatchObject({ status: "success", value: { optionIds: [], keep: [PHOTO_A, PHOTO_B], photos: [], stockSeen: null, priceMinor: 1999 } });
  });
});

describe("the listing form", () => {
  it("reads a complete form: texts per language, exact price, the category's options only, the photos kept and added", () => {
    const input: ListingInput = v.parse(listingSchema(choices), valid);
    expect(input).toMatchObject({
      names: { lt: "Žieminė striukė", en: "Winter jacket" },
      descriptions: { lt: "Šilta ir lengva.", en: "Warm and light." },
      priceMinor: 1999,
      stock: 7,
      stockSeen: 5,
      categoryId: 101,
      optionIds: [202, 301],
      keep: [PHOTO_B],
    });
    expect(input.photos).toHaveLength(1);
  });

  it("says what is missing or wrong, field by field", () => {
    expect(issues({})).toMatchObject({
      name_lt: "validation.required",
      description_lt: "validation.required",
      name_en: "validation.required",
      price: "validation.required",
      stock: "validation.required",
      category: "validation.required",
    });
    expect(issues({ ...valid, category: "" })).toEqual({ category: "pro.errors.category" });
    expect(issues({ ...valid, name_en: "ab" })).toEqual({ name_en: "pro.errors.titleShort" });
    expect(issues({ ...valid, name_lt: "x".repeat(151) })).toEqual({ name_lt: "validation.tooLong" });
    expect(issues({ ...valid, price: "12.345" })).toEqual({ price: "pro.errors.price" });
    expect(issues({ ...valid, price: "0" })).toEqual({ price: "pro.errors.price" });
    expect(issues({ ...valid, stock: "-1" })).toEqual({ stock: "pro.errors.stock" });
    expect(issues({ ...valid, stock: "100001" })).toEqual({ stock: "pro.errors.stock" });
    expect(issues({ ...valid, category: "102" })).toEqual({ category: "pro.errors.category" });
  });

  it("needs from one to eight photos in all", () => {
    expect(issues({ ...valid, remove: [PHOTO_A, PHOTO_B], photos: [] })).toEqual({ photos: "pro.errors.photoCount" });
    expect(issues({ ...valid, remove: [], photos: Array.from({ length: MAX_PHOTOS - 1 }, png) })).toEqual({ photos: "pro.errors.photoCount" });
    expect(issues({ ...valid, remove: [], photos: Array.from({ length: MAX_PHOTOS - 2 }, png) })).toEqual({});
  });

  it("refuses a file that says it is no image, and one over 10 MB", () => {
    const text = new File(["hello"], "a.txt", { type: "text/plain" });
    expect(issues({ ...valid, photos: [text] })).toEqual({ "photos.0": "pro.errors.photoType" });
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" });
    expect(issues({ ...valid, photos: [huge] })).toEqual({ "photos.0": "pro.errors.photoSize" });
  });
});

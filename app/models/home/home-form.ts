import * as v from "valibot";
import { LOCALES } from "~/lib/i18n";
import { checkField, fieldsOf, HOME_SECTION_KINDS, HOME_TEXT_LIMITS, MAX_SHELF_COUNT, MAX_TEASER_COUNT, type HomeSectionKind } from "./sections";

// The back office's forms for a site's home page (/admin/content/home/…),
// checked in the browser and on the server alike: move a section, show or
// hide it (in every language or one), and fill its fields for every
// language or one. Each names the version its page showed (empty: the site
// had no sections of its own yet). A field's rules are checkField's, the
// same the command line and the page's reader use.

/** Every field a section of some kind has, in the order the forms show them. */
export const HOME_FIELD_NAMES = ["title", "text", "buttonLabel", "buttonLink", "secondaryLabel", "secondaryLink", "image", "heading", "count"] as const;
export type HomeFieldName = (typeof HOME_FIELD_NAMES)[number];

const LINKS: readonly HomeFieldName[] = ["buttonLink", "secondaryLink", "image"];

/** The most characters a field takes. */
export function fieldLimit(field: HomeFieldName): number {
  if (LINKS.includes(field)) return HOME_TEXT_LIMITS.link;
  if (field === "count") return 2;
  return HOME_TEXT_LIMITS[field as keyof typeof HOME_TEXT_LIMITS];
}

/** The most a section's count may be: a shelf's products or the blog's teasers. */
export const countLimit = (kind: HomeSectionKind) => (kind === "blog_teasers" ? MAX_TEASER_COUNT : MAX_SHELF_COUNT);

export const isHomeLinkField = (field: HomeFieldName) => LINKS.includes(field);

const version = v.optional(v.pipe(v.string(), v.isoTimestamp("validation.required")));
const kind = v.picklist(HOME_SECTION_KINDS, "validation.required");
/** Empty: every language. */
const language = v.optional(v.picklist(LOCALES, "validation.required"));

export const HomeMoveSchema = v.object({
  intent: v.literal("move"),
  version,
  kind,
  to: v.pipe(v.string("validation.required"), v.toNumber("admin.home.placeFormat"), v.integer("admin.home.placeFormat"), v.minValue(1, "admin.home.placeFormat"), v.maxValue(HOME_SECTION_KINDS.length, "admin.home.placeFormat")),
});

export const HomeVisibilitySchema = v.object({
  intent: v.literal("visibility"),
  version,
  kind,
  language,
  visible: v.picklist(["show", "hide"], "validation.required"),
});

// An empty field comes as undefined (conform): the section shows the page's own text, or the default count.
const typed = (field: HomeFieldName) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(fieldLimit(field), field === "count" ? "admin.home.countFormat" : "admin.home.tooLong")));

/** The message for a field checkField refuses. */
const refusalOf = (field: HomeFieldName) => (field === "count" ? "admin.home.countFormat" : LINKS.includes(field) ? "admin.home.linkFormat" : "admin.home.tooLong");

const HomeFieldsObject = v.object({
  intent: v.literal("fields"),
  version,
  kind,
  language,
  ...(Object.fromEntries(HOME_FIELD_NAMES.map((field) => [field, typed(field)])) as Record<HomeFieldName, ReturnType<typeof typed>>),
});
type FieldsInput = Pick<v.InferOutput<typeof HomeFieldsObject>, "kind" | HomeFieldName>;

/** Each field the section's kind has, checked by checkField; its message on the field itself. */
export const HomeFieldsSchema = v.pipe(
  HomeFieldsObject,
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const input = dataset.value;
    for (const field of HOME_FIELD_NAMES) {
      const raw = input[field];
      if (raw === undefined || !fieldsOf(input.kind).includes(field) || "value" in checkField(input.kind, field, raw)) continue;
      addIssue({ message: refusalOf(field), path: [{ type: "object", origin: "value", input, key: field, value: raw }] });
    }
  }),
);

/** The fields a form sent, for the section's kind: each as the page reads it, or null (empty: taken out). */
export function fieldValues(input: FieldsInput): Record<string, string | number | null> | null {
  const values: Record<string, string | number | null> = {};
  for (const field of fieldsOf(input.kind)) {
    const raw = input[field as HomeFieldName];
    if (raw === undefined) {
      values[field] = null;
      continue;
    }
    const checked = checkField(input.kind, field, raw);
    if ("issue" in checked) return null;
    values[field] = checked.value;
  }
  return values;
}

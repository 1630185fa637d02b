import * as v from "valibot";

// The rules of a site's home page (docs/home.md): which sections a language
// shows, in what order, and what each shows. Pure, so the page, the admin
// commands and the unit tests share them.

export const HOME_SECTION_KINDS = ["hero", "categories", "deals", "new_arrivals", "best_sellers", "how_it_works", "blog_teasers"] as const;
export type HomeSectionKind = (typeof HOME_SECTION_KINDS)[number];

export function isHomeSectionKind(value: unknown): value is HomeSectionKind {
  return typeof value === "string" && (HOME_SECTION_KINDS as readonly string[]).includes(value);
}

/** The order a site without rows of its own shows, and the demo sites start from. */
export const DEFAULT_ORDER: readonly HomeSectionKind[] = HOME_SECTION_KINDS;

/** How many products a shelf shows, and blog teasers, when the operator says nothing. */
export const DEFAULT_SHELF_COUNT = 8;
export const DEFAULT_TEASER_COUNT = 3;
export const MAX_SHELF_COUNT = 24;
export const MAX_TEASER_COUNT = 6;

/**
 * A link or picture the operator names: a path of this shop ("/dealzone",
 * given the page's language prefix when shown) or an https address
 * elsewhere. Never "//host" (another site disguised as a path) and never a
 * javascript: or data: address.
 */
export function isHomeLink(value: string) {
  if (/^\/(?!\/)[^\s\\]*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** The longest each text an operator fills may be, in characters (links: 500). */
export const HOME_TEXT_LIMITS = { title: 120, text: 300, buttonLabel: 40, secondaryLabel: 40, heading: 80, link: 500 } as const;

const text = (max: number) => v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(max));
const link = v.pipe(v.string(), v.trim(), v.maxLength(HOME_TEXT_LIMITS.link), v.check(isHomeLink, "a path such as /dealzone or an https:// address"));
const count = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(max));
const heading = text(HOME_TEXT_LIMITS.heading);

/** The fields an operator fills, per kind, each checked as it is written. */
export const HOME_FIELDS = {
  hero: {
    title: text(HOME_TEXT_LIMITS.title),
    text: text(HOME_TEXT_LIMITS.text),
    buttonLabel: text(HOME_TEXT_LIMITS.buttonLabel),
    buttonLink: link,
    secondaryLabel: text(HOME_TEXT_LIMITS.secondaryLabel),
    secondaryLink: link,
    image: link,
  },
  categories: { heading },
  deals: { heading, count: count(MAX_SHELF_COUNT) },
  new_arrivals: { heading, count: count(MAX_SHELF_COUNT) },
  best_sellers: { heading, count: count(MAX_SHELF_COUNT) },
  how_it_works: { heading },
  blog_teasers: { heading, count: count(MAX_TEASER_COUNT) },
} as const;

type Fields<K extends HomeSectionKind> = (typeof HOME_FIELDS)[K];
/** What a section shows: a field left out, or not valid, is undefined (the page's own text) or the default count. */
export type HomeContent<K extends HomeSectionKind> = {
  [F in keyof Fields<K>]: F extends "count" ? number : string | undefined;
};

export type HomeSection = { [K in HomeSectionKind]: { kind: K; content: HomeContent<K> } }[HomeSectionKind];
export type ShelfKind = "deals" | "new_arrivals" | "best_sellers";

/** Each field on its own: one bad field falls back alone, the rest of the section stays. */
function lenient<K extends HomeSectionKind>(kind: K) {
  const defaultCount = kind === "blog_teasers" ? DEFAULT_TEASER_COUNT : DEFAULT_SHELF_COUNT;
  const entries = Object.entries(HOME_FIELDS[kind]).map(([name, schema]) => [
    name,
    name === "count" ? v.fallback(v.optional(schema, defaultCount), defaultCount) : v.fallback(v.optional(schema), undefined),
  ]);
  const object = v.object(Object.fromEntries(entries) as v.ObjectEntries);
  return v.fallback(object, () => v.parse(object, {}));
}

const CONTENT = Object.fromEntries(HOME_SECTION_KINDS.map((kind) => [kind, lenient(kind)])) as unknown as {
  [K in HomeSectionKind]: v.GenericSchema<unknown, HomeContent<K>>;
};

/** A section's stored content as the page shows it; never throws, whatever the jsonb holds. */
export function readContent<K extends HomeSectionKind>(kind: K, content: unknown): HomeContent<K> {
  return v.parse(CONTENT[kind], content) as HomeContent<K>;
}

/** The field names a kind has, for the admin command's help and checks. */
export function fieldsOf(kind: HomeSectionKind): string[] {
  return Object.keys(HOME_FIELDS[kind]);
}

/**
 * A value typed for a field, checked as the page will read it: the count
 * as a whole number, texts trimmed, links as isHomeLink says. An issue's
 * message when it is not.
 */
export function checkField(kind: HomeSectionKind, field: string, raw: string): { value: string | number } | { issue: string } {
  const fields = HOME_FIELDS[kind] as Record<string, v.GenericSchema<unknown, string | number>>;
  const schema = Object.hasOwn(fields, field) ? fields[field] : undefined;
  if (!schema) return { issue: `a ${kind} section has the fields ${fieldsOf(kind).join(", ")}` };
  const input = field === "count" ? (/^\d+$/.test(raw.trim()) ? Number(raw.trim()) : raw) : raw;
  const result = v.safeParse(schema, input);
  if (result.success) return { value: result.output };
  const max = field === "count" ? (kind === "blog_teasers" ? MAX_TEASER_COUNT : MAX_SHELF_COUNT) : undefined;
  return { issue: max ? `${field} must be a whole number from 1 to ${max}` : `${field}: ${result.issues[0].message}` };
}

/** A row of home_sections as read. */
export type HomeSectionRow = { id: number; kind: string; language_id: number | null; position: number; is_visible: boolean; content: unknown };

const rank = (kind: HomeSectionKind) => HOME_SECTION_KINDS.indexOf(kind);

/**
 * The rows that hold in a language: a row of that language replaces the
 * every-language row of the same kind (its place, visibility and content
 * alike); rows of other languages and of unknown kinds do not count. In
 * the sections' order: by position, then the kinds' own order.
 */
export function rowsForLanguage<R extends HomeSectionRow>(rows: readonly R[], languageId: number | null): (R & { kind: HomeSectionKind })[] {
  const chosen = new Map<HomeSectionKind, R & { kind: HomeSectionKind }>();
  for (const row of rows) {
    if (!isHomeSectionKind(row.kind)) continue;
    const own = row.language_id !== null;
    if (own && row.language_id !== languageId) continue;
    const held = chosen.get(row.kind);
    if (held && held.language_id !== null && !own) continue;
    chosen.set(row.kind, row as R & { kind: HomeSectionKind });
  }
  return [...chosen.values()].sort((a, b) => a.position - b.position || rank(a.kind) - rank(b.kind));
}

/**
 * The sections a language of a site shows, in order, each with its content
 * read safely. A site with no rows at all shows the default order with the
 * page's own texts.
 */
export function resolveSections(rows: readonly HomeSectionRow[], languageId: number | null): HomeSection[] {
  const held = rows.length === 0 ? DEFAULT_ORDER.map((kind, i) => ({ id: 0, kind, language_id: null, position: i + 1, is_visible: true, content: {} })) : rows;
  return rowsForLanguage(held, languageId)
    .filter((row) => row.is_visible)
    .map((row) => ({ kind: row.kind, content: readContent(row.kind, row.content) }) as HomeSection);
}

export type HomeFeatures = { marketplace: boolean; dealzone: boolean; blog: boolean };

/**
 * Sections whose pages the site does not offer are left out: the shelves
 * and the categories lead into the marketplace, the deals into the deal
 * zone, the teasers into the blog.
 */
export function offeredSections(sections: readonly HomeSection[], features: HomeFeatures): HomeSection[] {
  return sections.filter((section) => {
    if (section.kind === "deals") return features.marketplace && features.dealzone;
    if (section.kind === "categories" || section.kind === "new_arrivals" || section.kind === "best_sellers") return features.marketplace;
    if (section.kind === "blog_teasers") return features.blog;
    return true;
  });
}

/**
 * A site's order of kinds: by the lowest position any of its rows of a kind
 * has, then the kinds' own order; a site with no rows has the default.
 */
export function siteOrder(rows: readonly Pick<HomeSectionRow, "kind" | "position">[]): HomeSectionKind[] {
  if (rows.length === 0) return [...DEFAULT_ORDER];
  const lowest = new Map<HomeSectionKind, number>();
  for (const row of rows) {
    if (!isHomeSectionKind(row.kind)) continue;
    lowest.set(row.kind, Math.min(lowest.get(row.kind) ?? Infinity, row.position));
  }
  return [...lowest.keys()].sort((a, b) => lowest.get(a)! - lowest.get(b)! || rank(a) - rank(b));
}

/** The order with `kind` moved to place `to` (from 1); null when the order has no such kind or place. */
export function moveTo(order: readonly HomeSectionKind[], kind: HomeSectionKind, to: number): HomeSectionKind[] | null {
  const from = order.indexOf(kind);
  if (from < 0 || !Number.isInteger(to) || to < 1 || to > order.length) return null;
  const rest = order.filter((k) => k !== kind);
  return [...rest.slice(0, to - 1), kind, ...rest.slice(to - 1)];
}

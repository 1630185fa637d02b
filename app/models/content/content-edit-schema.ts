import * as v from "valibot";
import { LOCALES } from "~/lib/i18n";
import { FAQ_CATEGORIES } from "./faq";

// The back office's content forms (checked in the browser and on the server
// alike): a page's or an FAQ entry's text in one language, a new page or
// entry, and the notification strip of a site in a language. An edit names
// the version its page showed (the stale-edit rule). "Preview" sends the
// same form and saves nothing.

export const CONTENT_STATUSES = ["published", "draft"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const FAQ_FORM_CATEGORIES = [...FAQ_CATEGORIES, "other"] as const;

export const CONTENT_LIMITS = { title: 150, seoTitle: 70, seoDescription: 300, slug: 100, body: 50_000, question: 300, answer: 10_000, strip: 300, excerpt: 500 } as const;

/** A page's or an entry's slug: lower-case words joined by "-", for a page segments by "/" (the catch-all's paths). */
export const ENTRY_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const PAGE_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)*$/;

const version = v.pipe(v.string("validation.required"), v.isoTimestamp("validation.required"));
const locale = v.picklist(LOCALES, "validation.required");
const status = v.picklist(CONTENT_STATUSES, "validation.required");
const required = (max: number) => v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(max, "validation.tooLong"));
// An empty field comes as undefined (conform), read as "" by the use cases.
const optional = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, "validation.tooLong")));
const slug = (pattern: RegExp) => v.pipe(v.string("validation.required"), v.trim(), v.toLowerCase(), v.maxLength(CONTENT_LIMITS.slug, "validation.tooLong"), v.regex(pattern, "admin.content.slugFormat"));

/** Save or only look (a preview drawn by the server, so it works without JavaScript). */
const intent = v.picklist(["save", "preview"]);

export const PageTextSchema = v.object({
  intent,
  version,
  locale,
  title: required(CONTENT_LIMITS.title),
  seoTitle: optional(CONTENT_LIMITS.seoTitle),
  description: optional(CONTENT_LIMITS.seoDescription),
  /** The page's address in this language, when not its slug (lt "kontaktai"). */
  slug: v.optional(slug(PAGE_SLUG)),
  body: required(CONTENT_LIMITS.body),
  status,
});
export type PageText = Omit<v.InferOutput<typeof PageTextSchema>, "intent" | "version" | "locale">;

export const FaqTextSchema = v.object({
  intent,
  version,
  locale,
  category: v.picklist(FAQ_FORM_CATEGORIES, "validation.required"),
  question: required(CONTENT_LIMITS.question),
  answer: required(CONTENT_LIMITS.answer),
  seoTitle: optional(CONTENT_LIMITS.seoTitle),
  seoDescription: optional(CONTENT_LIMITS.seoDescription),
  status,
});
export type FaqText = Omit<v.InferOutput<typeof FaqTextSchema>, "intent" | "version" | "locale">;

export const BlogTextSchema = v.object({
  intent,
  version,
  locale,
  title: required(CONTENT_LIMITS.title),
  /** The lead under the title and on the blog's list; empty: the start of the text. */
  excerpt: optional(CONTENT_LIMITS.excerpt),
  body: required(CONTENT_LIMITS.body),
  seoTitle: optional(CONTENT_LIMITS.seoTitle),
  seoDescription: optional(CONTENT_LIMITS.seoDescription),
  status,
});
export type BlogText = Omit<v.InferOutput<typeof BlogTextSchema>, "intent" | "version" | "locale">;

export const NewPageSchema = v.object({
  intent: v.literal("create"),
  slug: slug(PAGE_SLUG),
  /** A site's code for a site's own page; empty: every site shows it. */
  site: v.optional(v.pipe(v.string(), v.trim())),
});

export const NewFaqSchema = v.object({
  intent: v.literal("create"),
  slug: slug(ENTRY_SLUG),
  category: v.picklist(FAQ_FORM_CATEGORIES, "validation.required"),
});

export const NewPostSchema = v.object({
  intent: v.literal("create"),
  slug: slug(ENTRY_SLUG),
  /** A site's code for a site's own post; empty: every site shows it. */
  site: v.optional(v.pipe(v.string(), v.trim())),
});

export const StripSchema = v.object({
  intent: v.literal("strip"),
  site: v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required")),
  locale,
  /** The strip's version the page showed; empty when the site had none in this language. */
  version: v.optional(v.pipe(v.string(), v.isoTimestamp("validation.required"))),
  /** Empty: no strip on that site in that language. */
  text: optional(CONTENT_LIMITS.strip),
});

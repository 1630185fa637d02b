import { parseWithValibot } from "@conform-to/valibot";
import { redirect } from "@remix-run/node";
import type { Params } from "@remix-run/react";
import { isLocale, localePath, type Locale } from "~/lib/i18n";
import type { SessionUser } from "~/models/accounts/sessions.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { parseForm, replyWith } from "~/web/form-reply.server";
import { notFound } from "~/web/not-found";
import { descriptionField, listingChoices, listingSchema, nameField, parseListingId, priceText, type ListingState } from "~/models/pro/listing";
import { listingCategories, ownListing, saveListing, type ListingCategoryChoice, type OwnListing } from "~/models/pro/listings.server";
import { checkPhotos, forgetPhotos, keepPhotos } from "~/models/pro/photos.server";

// /site-pro-edit/{id}'s use cases: the form of a new listing ("new") or of
// the seller's own one, and saving it. Another seller's listing or a shop
// product answers 404. A refused form comes back (400) with everything
// typed; only chosen photos cannot be sent back, and the page says so.
// Without JavaScript, "Show the category's fields" posts the form back
// with the fields of the category chosen, saving nothing.

export type ListingLanguage = { iso: string; title: string };

export type ListingEditPage = {
  id: number | "new";
  languages: ListingLanguage[];
  categories: ListingCategoryChoice[];
  photos: string[];
  state: ListingState | null;
  /** Why the shop refused it, while it is refused. */
  refusal: string | null;
  slug: string | null;
  defaults: Record<string, string | string[]>;
};

/** The site's languages a listing is written in: the shop's languages the site offers, in the site's order. */
export function listingLanguages(site: Pick<SiteConfig, "languages">): ListingLanguage[] {
  const languages = site.languages.filter((language) => isLocale(language.iso_code)).map((language) => ({ iso: language.iso_code, title: language.local_title }));
  return languages.length ? languages : [{ iso: "en", title: "English" }];
}

function defaultsOf(listing: OwnListing | null, languages: readonly ListingLanguage[]) {
  if (!listing) return {};
  const defaults: Record<string, string | string[]> = {
    price: priceText(listing.priceMinor),
    stock: String(listing.stock),
    stock_seen: String(listing.stock),
    category: String(listing.categoryId),
    options: listing.optionIds.map(String),
  };
  for (const { iso } of languages) {
    defaults[nameField(iso)] = listing.names[iso] ?? "";
    defaults[descriptionField(iso)] = listing.descriptions[iso] ?? "";
  }
  return defaults;
}

/** The listing a request names, the seller's own; 404 for a bad id and for anyone else's. */
async function listingOf(request: Request, params: Params, user: SessionUser) {
  const id = parseListingId(params.id);
  if (id === null) throw notFound(request);
  if (id === "new") return { id, listing: null };
  const listing = await ownListing(user.id, id);
  if (!listing) throw notFound(request);
  return { id, listing };
}

export async function listingEditPage(request: Request, params: Params, user: SessionUser, locale: Locale, site: SiteConfig): Promise<ListingEditPage> {
  const [{ id, listing }, categories] = await Promise.all([listingOf(request, params, user), listingCategories(locale)]);
  const languages = listingLanguages(site);
  return {
    id,
    languages,
    categories,
    photos: listing?.photos ?? [],
    state: listing?.state ?? null,
    refusal: listing?.refusal ?? null,
    slug: listing?.slug ?? null,
    defaults: defaultsOf(listing, languages),
  };
}

/** What the form's answer carries besides conform's reply. */
export type ListingReplyExtra = { filesAgain: boolean };

/**
 * "Save": checks the form against the same schema as the browser, then the
 * new photos by their content, keeps them and saves the listing in one
 * transaction, then goes back to the seller's listings, which say whether
 * it waits for the shop's review (a new listing, or a refused one sent again).
 */
export async function submitListing(request: Request, params: Params, user: SessionUser, locale: Locale, site: SiteConfig) {
  const [{ id, listing }, categories] = await Promise.all([listingOf(request, params, user), listingCategories(locale)]);
  const languages = listingLanguages(site);
  const schema = listingSchema(listingChoices(languages, categories, listing?.photos ?? []));
  const form = await request.formData();
  const filesAgain = form.getAll("photos").some((file) => typeof file !== "string" && file.size > 0);
  const extra = (answer: ReturnType<typeof replyWith>) => {
    Object.assign(answer.data, { filesAgain } satisfies ListingReplyExtra);
    return answer;
  };

  if (form.get("intent") === "category") {
    // The fields of the category chosen, with everything typed: nothing is checked or saved yet.
    const submission = parseWithValibot(form, { schema });
    const answer = replyWith(submission, 200);
    Object.assign(answer.data, { error: undefined, status: undefined });
    return extra(answer);
  }

  const { submission, value, failure } = parseForm(form, schema);
  if (failure) return extra(failure);
  const checked = await checkPhotos(value.photos);
  if (checked.error) return extra(replyWith(submission, 400, { fields: { photos: [checked.error] } }));
  const added = await keepPhotos(checked.photos);
  let outcome: Awaited<ReturnType<typeof saveListing>>;
  try {
    outcome = await saveListing({ sellerId: user.id, id, input: value, gallery: [...value.keep, ...added], primaryLanguage: languages[0]!.iso });
  } catch (error) {
    await forgetPhotos(added);
    throw error;
  }
  if (!outcome.ok) {
    await forgetPhotos(added);
    if (outcome.error === "not_found") throw notFound(request);
    if (outcome.error === "unknown_category") return extra(replyWith(submission, 400, { fields: { category: ["pro.errors.category"] } }));
    const answer = extra(replyWith(submission, 409, { fields: { stock: ["pro.errors.stockChanged"] } }));
    // The stock as it is now: saving again means the seller has seen it.
    const initial = (answer.data as { initialValue?: Record<string, unknown> | null }).initialValue;
    if (initial) initial.stock_seen = String(outcome.stock);
    Object.assign(answer.data, { stockNow: outcome.stock });
    return answer;
  }
  // A listing waiting for the shop's review has no fee to pay yet: the seller's listings say it was sent.
  throw redirect(`${localePath(locale, "/site-pro")}?${outcome.inReview ? "sent" : "saved"}=${outcome.id}`, 303);
}

/** A reply as the page reads it. */
export type ListingReply = ReturnType<typeof replyWith>["data"] & Partial<ListingReplyExtra> & { stockNow?: number };


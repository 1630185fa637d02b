import type { Locale } from "~/lib/i18n";
import { flagKind, listFlags } from "~/models/catalogue/flags.server";
import { searchListing } from "./search.server";

// The deal zone's offers (spec 9), each with the images of its first items
// as the listing search orders them.

/** Spec 9: an offer shows the images of its first 5 items. */
export const OFFER_IMAGES = 5;

export async function offerImages(locale: Locale, flagId: number) {
  const { items } = await searchListing(
    {
      locale,
      categoryIds: null,
      listingType: null,
      text: "",
      filters: { terms: { flag_ids: [flagId] }, stats: {} },
      sort: "best_sellers",
      page: 1,
      rate: "1",
      limit: OFFER_IMAGES,
    },
    { facets: false },
  );
  return items;
}

/** The offers as the deal zone shows them: a name, a link by id, the pictures; nothing else goes to the page. */
export async function listOffersWithImages(locale: Locale) {
  const offers = (await listFlags(locale)).filter((flag) => flagKind(flag.type) === "offer");
  return Promise.all(offers.map(async ({ id, name }) => ({ id, name, images: (await offerImages(locale, id)).map((item) => item.image) })));
}

import { useTranslation } from "~/hooks/use-translation";
import { LocaleLink } from "../LocaleLink";
import { HeadedSection } from "~/components/HeadedSection";

type Offer = { id: number; name: string; images: string[] };

/** The current offer campaigns, each with pictures of its first items. */
export function OfferStrip({ offers }: { offers: Offer[] }) {
  const { t } = useTranslation();
  if (offers.length === 0) return null;
  return (
    <HeadedSection id="offers-heading" heading={t("listing.offers")} className="mt-4" headingClassName="sr-only">
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {offers.map((offer) => (
          <li key={offer.id}>
            <LocaleLink
              to={`/dealzone?f.flag_ids=${offer.id}`}
              className="flex h-full flex-col gap-3 rounded-xl border border-line bg-accent/5 p-4 hover:border-accent"
            >
              <span className="font-semibold text-accent-strong">{offer.name}</span>
              <span className="flex -space-x-3">
                {offer.images.map((image, index) => (
                  <img key={`${image}-${index}`} src={image} alt="" width={48} height={48} loading="lazy" className="size-12 rounded-full border-2 border-surface bg-surface" />
                ))}
              </span>
            </LocaleLink>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}

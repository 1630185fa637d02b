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
      {/* Its looks are the `offer-strip` rules in tailwind.css, by the parts' places; the pictures' size is theirs too. */}
      <ul className="offer-strip">
        {offers.map((offer) => (
          <li key={offer.id}>
            <LocaleLink to={`/dealzone?f.flag_ids=${offer.id}`}>
              <span>{offer.name}</span>
              <span>
                {offer.images.map((image, index) => (
                  <img key={`${image}-${index}`} src={image} alt="" loading="lazy" />
                ))}
              </span>
            </LocaleLink>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}

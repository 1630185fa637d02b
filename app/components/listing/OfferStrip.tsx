import { useTranslation } from "~/hooks/use-translation";
import { LocaleLink } from "../LocaleLink";
import { HeadedSection } from "~/components/HeadedSection";
import { presetImageUrl } from "~/lib/image";

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
                {/* 48 CSS pixels across: the thumbnail's 96-pixel file is sharp on any
                    screen, where the original may weigh a megabyte. The strip opens
                    the page, so its pictures load at once, not lazily. */}
                {offer.images.map((image, index) => (
                  <img key={`${image}-${index}`} src={presetImageUrl(image, "thumbnail")} alt="" />
                ))}
              </span>
            </LocaleLink>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}

import { useTranslation } from "~/hooks/use-translation";
import { usePrice } from "~/hooks/use-price";
import { ResponsiveImage } from "./ResponsiveImage";
import type { ShownCard } from "~/models/catalogue/product-cards.server";
import { LocaleLink } from "./LocaleLink";

/** `onSelect` runs when the card's link is followed (spec 9's select_item). */
export function ProductCardView({ product, layout = "GRID", priority = false, onSelect }: { product: ShownCard; layout?: "GRID" | "LIST"; priority?: boolean; onSelect?: () => void }) {
  const { t } = useTranslation();
  const price = usePrice();
  return (
    // Its looks are the `card` rules in tailwind.css, by the parts' places: one class per card, not one per part.
    <article className={layout === "LIST" ? "card card-row" : "card"}>
      <figure>
        <ResponsiveImage src={product.image} alt="" preset="card" fills priority={priority} />
        {product.discountPercentage !== undefined ? <span>{t("product.discount", { percent: product.discountPercentage })}</span> : null}
      </figure>
      <div>
        {product.manufacturer ? <p>{product.manufacturer}</p> : null}
        <h3>
          <LocaleLink to={`/p/${product.slug}`} onClick={onSelect}>
            {product.name}
          </LocaleLink>
        </h3>
        <p>
          {price(product.priceMinor)}
          {product.discountPercentage !== undefined ? (
            <s>
              <span className="sr-only">{t("product.oldPrice", { price: "" })}</span>
              {price(product.originalPriceMinor)}
            </s>
          ) : null}
        </p>
      </div>
    </article>
  );
}

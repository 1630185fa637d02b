import { useTranslation } from "~/hooks/use-translation";
import { usePrice } from "~/hooks/use-price";
import { ResponsiveImage } from "./ResponsiveImage";
import type { ProductCard } from "~/models/catalogue/product-cards.server";
import { LocaleLink } from "./LocaleLink";

/** `onSelect` runs when the card's link is followed (spec 9's select_item). */
export function ProductCardView({ product, layout = "GRID", priority = false, onSelect }: { product: ProductCard; layout?: "GRID" | "LIST"; priority?: boolean; onSelect?: () => void }) {
  const { t } = useTranslation();
  const price = usePrice();
  const discounted = product.discountPercentage > 0;
  return (
    // Its looks are the `card` classes in tailwind.css: written once there, not on each card.
    <article className={`group card ${layout === "LIST" ? "flex-row" : "flex-col"}`}>
      <div className={layout === "LIST" ? "card-media w-28 sm:w-40" : "card-media"}>
        <ResponsiveImage src={product.image} alt="" preset="card" priority={priority} className="card-img" />
        {discounted ? (
          <span className="card-badge">
            {t("product.discount", { percent: product.discountPercentage })}
          </span>
        ) : null}
      </div>
      <div className="card-body">
        {product.manufacturer ? <p className="card-brand">{product.manufacturer}</p> : null}
        <h3 className="card-title">
          <LocaleLink to={`/p/${product.slug}`} onClick={onSelect} className="card-link">
            {product.name}
          </LocaleLink>
        </h3>
        <p className="card-prices">
          <span className="card-price">{price(product.priceMinor)}</span>
          {discounted ? (
            <s className="card-was">
              <span className="sr-only">{t("product.oldPrice", { price: "" })}</span>
              {price(product.originalPriceMinor)}
            </s>
          ) : null}
        </p>
      </div>
    </article>
  );
}

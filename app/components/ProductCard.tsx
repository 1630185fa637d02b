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
    <article
      className={`group relative flex h-full overflow-hidden rounded-xl border border-line bg-surface hover:shadow-md ${layout === "LIST" ? "flex-row" : "flex-col"}`}
    >
      <div className={`relative aspect-square shrink-0 bg-surface-muted ${layout === "LIST" ? "w-28 sm:w-40" : ""}`}>
        <ResponsiveImage src={product.image} alt="" preset="card" priority={priority} className="size-full object-contain p-4" />
        {discounted ? (
          <span className="absolute left-2 top-2 rounded bg-accent px-2 py-0.5 text-sm font-bold text-on-accent">
            {t("product.discount", { percent: product.discountPercentage })}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        {product.manufacturer ? <p className="text-xs tracking-wide uppercase text-ink-muted">{product.manufacturer}</p> : null}
        <h3 className="line-clamp-2 text-sm font-medium">
          <LocaleLink to={`/p/${product.slug}`} onClick={onSelect} className="after:absolute after:inset-0 group-hover:text-brand-strong">
            {product.name}
          </LocaleLink>
        </h3>
        <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-2">
          <span className="text-lg font-bold">{price(product.priceMinor)}</span>
          {discounted ? (
            <s className="text-sm text-ink-muted">
              <span className="sr-only">{t("product.oldPrice", { price: "" })}</span>
              {price(product.originalPriceMinor)}
            </s>
          ) : null}
        </p>
      </div>
    </article>
  );
}

import { LocaleLink } from "~/components/LocaleLink";
import { useLocale } from "~/hooks/use-locale";
import { track, useDataLayer } from "~/hooks/use-data-layer";
import { ProductCardView } from "~/components/ProductCard";
import { ProductLayoutToggle, useProductLayout } from "~/components/ProductLayoutToggle";
import { useTranslation } from "~/hooks/use-translation";
import type { ShownCard } from "~/models/catalogue/product-cards.server";

/** A row of product cards with the grid or list toggle and a link to the whole listing. */
export function ProductShelf({ id, title, products, moreHref, nearTop }: { id: string; title: string; products: ShownCard[]; moreHref: string; nearTop: boolean }) {
  const { t } = useTranslation();
  const layout = useProductLayout();
  // Spec 9: each shelf is a list of its own ("home-deals"), shown and followed like a listing's.
  const list = `/${useLocale()}/${id}`;
  useDataLayer((b, rate) => b.listEvent("view_item_list", list, products, rate), list);
  return (
    <section aria-labelledby={id} className="my-10">
      {/* Wraps rather than widen the page where a language's words run long. */}
      <div className="shelf-head">
        <h2 id={id}>{title}</h2>
        <div>
          <ProductLayoutToggle />
          <LocaleLink to={moreHref} className="link">
            {t("home.viewAll")}
          </LocaleLink>
        </div>
      </div>
      <ul className={layout === "LIST" ? "flex flex-col gap-3" : "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"}>
        {products.map((product, index) => (
          <li key={product.id}>
            <ProductCardView
              product={product}
              layout={layout}
              priority={nearTop && index < 4}
              onSelect={() => track((b, rate) => b.listEvent("select_item", list, [product], rate))}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

import { LocaleLink } from "~/components/LocaleLink";
import { ResponsiveImage } from "~/components/ResponsiveImage";
import { useTranslation } from "~/hooks/use-translation";
import { HomeSection } from "./HomeSection";
import type { CategoryLink } from "~/models/catalogue/catalogue.server";

/** The top categories as tiles; their pictures load first only when the tiles are near the top of the page. */
export function CategoryTiles({ heading, categories, nearTop }: { heading: string | undefined; categories: CategoryLink[]; nearTop: boolean }) {
  const { t } = useTranslation();
  return (
    <HomeSection id="home-categories" heading={heading ?? t("home.categories")}>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {categories.map((category, index) => (
          <li key={category.id}>
            <LocaleLink to={`/c/${category.path}`} className="tile">
              {category.image ? <ResponsiveImage src={category.image} alt="" preset="category" width={96} height={96} priority={nearTop && index < 5} /> : null}
              {category.name}
            </LocaleLink>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

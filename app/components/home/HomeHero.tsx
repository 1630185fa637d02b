import { ResponsiveImage } from "~/components/ResponsiveImage";
import { useTranslation } from "~/hooks/use-translation";
import type { HomeContent } from "~/models/home/sections";
import { HomeLink } from "./HomeLink";

/**
 * The site's welcome in its brand colours: the operator's title, text, two
 * buttons and an optional picture; the page's own texts where they left a
 * field empty. Its title is the page's heading when it comes first.
 */
export function HomeHero({ content, pageHeading }: { content: HomeContent<"hero">; pageHeading: boolean }) {
  const { t } = useTranslation();
  const Heading = pageHeading ? "h1" : "h2";
  return (
    // Its looks are the `hero` rules in tailwind.css, by the parts' places.
    <section className="hero">
      <div>
        <Heading>{content.title ?? t("home.heroTitle")}</Heading>
        <p>{content.text ?? t("home.heroText")}</p>
        <div>
          <HomeLink to={content.buttonLink ?? "/marketplace"}>{content.buttonLabel ?? t("home.heroCta")}</HomeLink>
          <HomeLink to={content.secondaryLink ?? "/dealzone"}>
            {content.secondaryLabel ?? t("home.heroSecondary")}
          </HomeLink>
        </div>
      </div>
      {content.image ? (
        // Wide screens only, where there is room beside the text; a hidden picture is never fetched.
        <ResponsiveImage src={content.image} alt="" preset="gallery" sizes="384px" className="hidden w-96 rounded-xl lg:block" />
      ) : null}
    </section>
  );
}

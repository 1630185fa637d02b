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
    <section className="my-6 flex items-center gap-8 overflow-hidden rounded-2xl bg-gradient-to-br from-brand to-brand-strong px-6 py-10 text-on-brand sm:px-12 sm:py-16">
      <div className="flex-1">
        <Heading className="max-w-2xl text-3xl font-extrabold tracking-tight sm:text-5xl">{content.title ?? t("home.heroTitle")}</Heading>
        <p className="mt-4 max-w-xl text-lg text-on-brand/90">{content.text ?? t("home.heroText")}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <HomeLink to={content.buttonLink ?? "/marketplace"} className="rounded-lg bg-surface px-5 py-3 font-semibold text-brand-strong shadow hover:bg-brand-soft">
            {content.buttonLabel ?? t("home.heroCta")}
          </HomeLink>
          <HomeLink to={content.secondaryLink ?? "/dealzone"} className="rounded-lg border-2 border-on-brand/80 px-5 py-3 font-semibold hover:bg-on-brand/10">
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

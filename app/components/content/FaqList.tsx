import { LocaleLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import { BodyText } from "./BodyText";
import { HeadedSection } from "~/components/HeadedSection";

type Entry = { slug: string; question: string; answer: string };

/**
 * The questions of one category. Each answer opens in a details element:
 * readable without JavaScript, and found by the browser's own find-in-page.
 */
export function FaqGroup({ category, entries, open }: { category: string; entries: readonly Entry[]; open: boolean }) {
  const { t } = useTranslation();
  const headingId = `faq-${category}`;
  return (
    <HeadedSection id={headingId} heading={t(`faq.categories.${category}`)} className="flex flex-col gap-2" headingClassName="text-xl font-bold">
      {entries.map((entry) => (
        <details key={entry.slug} id={`faq-q-${entry.slug}`} open={open} className="rounded-lg border border-line p-4">
          <summary className="cursor-pointer font-semibold">{entry.question}</summary>
          <div className="mt-2">
            <BodyText body={entry.answer} headingLevel={3} />
            <p className="mt-3 text-sm">
              <LocaleLink to={`/faq/${entry.slug}`} className="link">
                {t("faq.permalink")}
                <span className="sr-only">: {entry.question}</span>
              </LocaleLink>
            </p>
          </div>
        </details>
      ))}
    </HeadedSection>
  );
}

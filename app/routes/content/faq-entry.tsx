import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BodyText } from "~/components/content/BodyText";
import { JsonLd } from "~/components/content/JsonLd";
import { LocaleLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import { summary } from "~/models/content/body";
import { faqCategory } from "~/models/content/faq";
import { faqEntry } from "~/models/content/faq.server";
import { faqPageJsonLd } from "~/models/content/json-ld";
import { localeParam } from "~/web/locale-param";
import { notFound, routeCheckFailed } from "~/web/not-found";
import { pageMeta } from "~/web/seo";

// /faq/{slug} (spec 2): one question with its answer, its own title and
// description. A slug no entry has is the non-fatal 404; one no entry could
// have is the route's failed check. The same for every guest (decision 025).
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.entry.seo_title || data.entry.question, description: data.entry.seo_description || summary(data.entry.answer) }) : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  if (!SLUG.test(slug)) throw routeCheckFailed(request);
  const entry = await faqEntry(localeParam(params), slug);
  if (!entry) throw notFound(request);
  return { entry: { ...entry, category: faqCategory(entry.category) } };
}

export default function FaqEntry() {
  const { entry } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-2 px-4 py-8">
      <nav aria-label={t("faq.breadcrumb")} className="text-sm">
        <LocaleLink to="/faq" className="link">
          {t("faq.title")}
        </LocaleLink>{" "}
        / <span>{t(`faq.categories.${entry.category}`)}</span>
      </nav>
      <h1 className="text-2xl font-bold sm:text-3xl">{entry.question}</h1>
      <BodyText body={entry.answer} />
      <p className="mt-6">
        <LocaleLink to="/faq" className="link">
          {t("faq.allQuestions")}
        </LocaleLink>
      </p>
      <JsonLd data={faqPageJsonLd([entry])} />
    </article>
  );
}

import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CalculatorForm } from "~/components/calculator/CalculatorForm";
import { CalculatorResult } from "~/components/calculator/CalculatorResult";
import { LocaleLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import { CALCULATOR_LIMITS } from "~/models/calculator/calculator-input";
import { calculatorPage } from "~/models/calculator/calculator.server";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { pageMeta } from "~/web/seo";

// /calculate (calculate, calculate-page layout): forwarding prices by air
// and sea and the landed cost, from a GET form so that every result has an
// address of its own. A result's address is not indexed: there are endless.
export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, description: data.intro, noindex: location.search !== "" }) : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeParam(params);
  const [t, page] = await Promise.all([i18nServer.getFixedT(locale), calculatorPage(new URL(request.url).searchParams)]);
  const refused = page.form.submitted && page.form.input === null;
  const errors = page.form.submitted ? page.form.errors : {};
  const answer = {
    title: t("calculator.title"),
    intro: t("calculator.intro"),
    choices: page.choices,
    values: page.form.values,
    errors,
    submitted: page.form.submitted && !refused,
    result: page.result,
    limits: CALCULATOR_LIMITS,
  };
  return data(answer, { status: refused ? 400 : 200 });
}

export default function CalculatePage() {
  const { title, intro, choices, values, errors, submitted, result, limits } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div data-layout="calculate-page" className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="mb-2 text-2xl font-bold">{title}</h1>
        <p className="text-ink-muted">{intro}</p>
      </div>
      <CalculatorForm warehouses={choices.warehouses} countries={choices.countries} values={values} errors={errors} limits={limits} />
      {submitted && result ? <CalculatorResult result={result} from={choices.warehouses.find((w) => w.code === values.from)?.countryIso ?? values.from} to={values.to} /> : null}
      {submitted && !result ? (
        <p role="status" className="rounded-lg bg-danger-soft px-3 py-2 text-danger">
          {t("calculator.noRate")}
        </p>
      ) : null}
      <p className="text-ink-muted">
        {t("calculator.trackingPrompt")}{" "}
        <LocaleLink to="/tracking" className="link font-semibold">
          {t("calculator.trackingLink")}
        </LocaleLink>
      </p>
    </div>
  );
}

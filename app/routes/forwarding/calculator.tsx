import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CalculatorForm } from "~/components/calculator/CalculatorForm";
import { CalculatorResult } from "~/components/calculator/CalculatorResult";
import { LocaleLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import { parseWithValibot } from "@conform-to/valibot";
import { CALCULATOR_LIMITS, calculatorInputOf, calculatorSchema, choiceCodes } from "~/models/calculator/calculator-input";
import { calculateShipping, calculatorChoices } from "~/models/calculator/calculator.server";
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
  const [t, choices] = await Promise.all([i18nServer.getFixedT(locale), calculatorChoices()]);
  const query = new URL(request.url).searchParams;
  const page = { title: t("calculator.title"), intro: t("calculator.intro"), choices, limits: CALCULATOR_LIMITS };
  // Nothing is asked until the weight is there (the form always sends it).
  if (!query.has("weight")) return data({ ...page, lastResult: null, result: null, to: null });
  const submission = parseWithValibot(query, { schema: calculatorSchema(choiceCodes(choices)) });
  const input = submission.status === "success" ? calculatorInputOf(submission.value) : null;
  const answer = { ...page, lastResult: submission.reply(), result: input && (await calculateShipping(input)), to: input && { from: input.from, to: input.to } };
  return data(answer, { status: input ? 200 : 400 });
}

export default function CalculatePage() {
  const { title, intro, choices, lastResult, result, to: route, limits } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div data-layout="calculate-page" className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="mb-2 text-2xl font-bold">{title}</h1>
        <p className="text-ink-muted">{intro}</p>
      </div>
      <CalculatorForm choices={choices} lastResult={lastResult} limits={limits} />
      {route && result ? <CalculatorResult result={result} from={choices.warehouses.find((w) => w.code === route.from)?.countryIso ?? route.from} to={route.to} /> : null}
      {route && !result ? (
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

import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CalculatorLine } from "~/components/tracking/CalculatorLine";
import { TrackingForm } from "~/components/tracking/TrackingForm";
import { localePath } from "~/lib/i18n";
import { normalizeTrackingNumber } from "~/models/tracking/tracking-number";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { pageMeta } from "~/web/seo";

// /tracking (tracking): anyone types a tracking number; the GET form comes
// back here and a number goes on to /tracking/{number}, in capitals
// without spaces, so the shipment's page has one address however it was typed.
export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, description: data.intro, noindex: location.search !== "" }) : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const locale = localeParam(params);
  const t = await i18nServer.getFixedT(locale);
  const page = { title: t("tracking.title"), intro: t("tracking.intro") };
  const typed = new URL(request.url).searchParams.get("number");
  if (typed === null) return { ...page, typed: "", error: null };
  if (typed.trim() === "") return data({ ...page, typed, error: t("tracking.emptyNumber") }, { status: 400 });
  // A number too long to be one is still sent on, to be answered "not found" there.
  const key = normalizeTrackingNumber(typed) ?? typed.replace(/\s+/g, "").toUpperCase();
  throw redirect(localePath(locale, `/tracking/${encodeURIComponent(key)}`));
}

export default function TrackingPage() {
  const { title, intro, typed, error } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mb-2 text-2xl font-bold">{title}</h1>
      <p className="mb-6 text-ink-muted">{intro}</p>
      <TrackingForm defaultValue={typed} error={error} />
      <CalculatorLine />
    </div>
  );
}

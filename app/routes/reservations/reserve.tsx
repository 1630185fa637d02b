import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ModelChoice } from "~/components/reservations/ModelChoice";
import { ReservationForm } from "~/components/reservations/ReservationForm";
import { useTranslation } from "~/hooks/use-translation";
import { intlLocale, localePath } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { ReservationSchema } from "~/models/reservations/form";
import { requestReservation, type ReserveError } from "~/models/reservations/reserve.server";
import { groupByModel, storageLabel, unitsLeft } from "~/models/reservations/reservations";
import { reservationOptions } from "~/models/reservations/reservations.server";
import { siteForRequest } from "~/web/sites.server";
import { parseForm, replyWith } from "~/web/form-reply.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { localeParam } from "~/web/locale-param";
import { pageMeta } from "~/web/seo";

// /iphone-reservation (spec 2, guard marketplace): choose a model (a link
// per model), then its colour and storage, and reserve one phone of the
// limited allocation. A plain POST that redirects to /reservation/success;
// a refusal keeps what was typed.
const guard = defineGuards("marketplace");

const REFUSAL: Record<ReserveError, string> = {
  unknown_option: "reservation.errors.chooseOption",
  sold_out: "reservation.errors.soldOut",
  limit: "reservation.errors.limit",
  too_many_requests: "api.tooManyRequests",
};

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, description: data.description }) : [];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const options = await reservationOptions();
  const money = (minor: number) => formatMoney(minor, "EUR", intlLocale(locale));
  const groups = groupByModel(options);
  const asked = new URL(request.url).searchParams.get("model");
  const chosen = groups.find((group) => group.model === asked) ?? groups.find((group) => group.left > 0) ?? groups[0];
  return {
    title: t("reservation.title"),
    description: t("reservation.description"),
    models: groups.map((group) => ({ model: group.model, from: money(group.fromMinor), soldOut: group.left === 0, current: group === chosen })),
    chosen: chosen
      ? {
          model: chosen.model,
          soldOut: chosen.left === 0,
          options: chosen.options.map((option) => ({
            id: option.id,
            colour: option.colour,
            storage: storageLabel(option.storage_gb),
            price: money(option.price_minor),
            left: unitsLeft(option),
          })),
        }
      : null,
    defaults: user ? { email: user.email, name: `${user.first_name} ${user.last_name}`.trim() } : {},
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await guard({ request, params });
  const locale = localeParam(params);
  const { submission, value, failure } = parseForm(await request.formData(), ReservationSchema, { publicForm: true });
  if (failure) return failure;
  const outcome = await requestReservation(
    { optionId: value.option, name: value.name, email: value.email, phone: value.phone, userId: user?.id ?? null },
    { site: await siteForRequest(request), locale, clientIp: context.clientIp },
  );
  if (!outcome.ok) return replyWith(submission, outcome.error === "too_many_requests" ? 429 : 400, [REFUSAL[outcome.error]]);
  throw redirect(localePath(locale, "/reservation/success"), 303);
}

export default function IphoneReservation() {
  const { title, models, chosen, defaults } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">{title}</h1>
      <p className="mb-6 max-w-2xl text-ink-muted">{t("reservation.intro")}</p>
      {chosen ? (
        <>
          <ModelChoice models={models} />
          {chosen.soldOut ? (
            <p role="status" className="mb-4 rounded-lg bg-surface-muted px-4 py-3">
              {t("reservation.allSoldOut", { model: chosen.model })}
            </p>
          ) : null}
          <ReservationForm model={chosen.model} options={chosen.options} lastResult={lastResult} defaults={defaults} />
        </>
      ) : (
        <p className="rounded-xl border border-line p-8 text-center text-ink-muted">{t("reservation.noOptions")}</p>
      )}
    </div>
  );
}

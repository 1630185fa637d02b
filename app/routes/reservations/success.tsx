import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LocaleLink } from "~/components/LocaleLink";
import { useTranslation } from "~/hooks/use-translation";
import { CONFIRM_WITHIN_HOURS } from "~/models/reservations/reservations";
import { i18nServer } from "~/platform/i18n.server";
import { localeParam } from "~/web/locale-param";
import { pageMeta } from "~/web/seo";

// /reservation/success (spec 2): where a reservation lands; the shopper
// confirms it with the emailed link. The page names no one, so it is the
// same for everybody.
export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  data ? pageMeta({ matches, location }, { title: data.title, noindex: true }) : [];

export async function loader({ params }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(localeParam(params));
  return { title: t("reservation.success.title") };
}

export default function ReservationSuccess() {
  const { title } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="mb-4 text-3xl font-bold">{title}</h1>
      <p className="mb-3">{t("reservation.success.body", { hours: CONFIRM_WITHIN_HOURS, count: CONFIRM_WITHIN_HOURS })}</p>
      <p className="mb-6 text-ink-muted">{t("reservation.success.spam")}</p>
      <LocaleLink to="/iphone-reservation" className="button-secondary">
        {t("reservation.success.again")}
      </LocaleLink>
    </div>
  );
}

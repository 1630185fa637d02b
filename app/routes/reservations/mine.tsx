import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountLayout } from "~/components/account/AccountLayout";
import { LocaleLink } from "~/components/LocaleLink";
import { ReservationDetails } from "~/components/reservations/ReservationDetails";
import { useTranslation } from "~/hooks/use-translation";
import { reservationLines } from "~/models/reservations/display";
import { reservationsOf } from "~/models/reservations/reservations.server";
import { siteForRequest } from "~/web/sites.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { privatePage } from "~/web/private-page";

// /my-reservations: the signed-in customer's iPhone reservations, newest
// first, made while signed in. Only their own: the list is read by their id.
const guard = defineGuards("auth");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, locale, t } = await openPage(guard, { request, params });
  const [site, reservations] = await Promise.all([siteForRequest(request), reservationsOf(user.id)]);
  return {
    title: t("reservation.mine.title"),
    canReserve: site.features.marketplace,
    reservations: reservations.map((reservation) => reservationLines(reservation, locale)),
  };
}

export default function MyReservations() {
  const { title, canReserve, reservations } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <AccountLayout title={title}>
      {canReserve ? (
        <LocaleLink to="/iphone-reservation" className="button-primary mb-6 inline-block">
          {t("reservation.mine.reserve")}
        </LocaleLink>
      ) : null}
      {reservations.length === 0 ? (
        <p className="rounded-xl border border-line p-8 text-center text-ink-muted">{t("reservation.mine.empty")}</p>
      ) : (
        <ul aria-label={t("reservation.mine.listLabel")} className="flex flex-col gap-3">
          {reservations.map((reservation) => (
            <li key={reservation.number} className="rounded-xl border border-line p-4">
              <h2 className="mb-3 text-lg font-semibold">
                {reservation.number}: {reservation.model}
              </h2>
              <ReservationDetails reservation={reservation} />
            </li>
          ))}
        </ul>
      )}
    </AccountLayout>
  );
}

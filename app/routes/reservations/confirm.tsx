import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LocaleLink } from "~/components/LocaleLink";
import { ReservationDetails } from "~/components/reservations/ReservationDetails";
import { useTranslation } from "~/hooks/use-translation";
import { reservationLines } from "~/models/reservations/display";
import { CONFIRM_WITHIN_HOURS } from "~/models/reservations/reservations";
import { confirmReservation } from "~/models/reservations/reservations.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { privatePage } from "~/web/private-page";

// /iphone-reservation/confirm/{token} (spec 2, guard marketplace): the
// emailed link. Opening it confirms the reservation once; opening it again
// shows it confirmed. An unknown link answers 404 and a lapsed or
// cancelled reservation 410, each with a message rather than an error
// screen. The secret is in the address, so the page is never cached. (The
// "_" in the file name keeps it out of the reservation form's layout.)
const guard = defineGuards("marketplace");

export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale, t } = await openPage(guard, { request, params });
  const outcome = await confirmReservation(params.id ?? "");
  if (outcome.ok) {
    const message = outcome.justConfirmed ? t("reservation.confirm.confirmed") : t("reservation.confirm.alreadyConfirmed");
    return { title: t("reservation.confirm.title"), message, confirmed: true, reservation: reservationLines(outcome.reservation, locale) };
  }
  if (outcome.error === "not_found") {
    return data({ title: t("reservation.confirm.notFoundTitle"), message: t("reservation.confirm.notFound"), confirmed: false, reservation: null }, { status: 404 });
  }
  const message = outcome.error === "expired" ? t("reservation.confirm.expired", { hours: CONFIRM_WITHIN_HOURS, count: CONFIRM_WITHIN_HOURS }) : t("reservation.confirm.cancelled");
  const title = outcome.error === "expired" ? t("reservation.confirm.expiredTitle") : t("reservation.confirm.cancelledTitle");
  return data({ title, message, confirmed: false, reservation: reservationLines(outcome.reservation, locale) }, { status: 410 });
}

export default function ConfirmReservation() {
  const { title, message, confirmed, reservation } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="mb-4 text-3xl font-bold">{title}</h1>
      <p role={confirmed ? "status" : "alert"} className={`mb-6 rounded-lg px-4 py-3 ${confirmed ? "bg-success-soft text-success" : "bg-surface-muted"}`}>
        {message}
      </p>
      {reservation ? (
        <section aria-label={reservation.number} className="mb-6 rounded-xl border border-line p-5">
          <ReservationDetails reservation={reservation} />
        </section>
      ) : null}
      {confirmed ? null : (
        <LocaleLink to="/iphone-reservation" className="button-secondary">
          {t("reservation.confirm.again")}
        </LocaleLink>
      )}
    </div>
  );
}

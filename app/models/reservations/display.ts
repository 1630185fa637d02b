import { formatDateTime } from "~/lib/format";
import { intlLocale, type Locale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import type { ReservationView } from "./reservations.server";
import { storageLabel } from "./reservations";

/** A reservation's lines as the pages show them, written on the server so both sides of hydration read the same. */
export function reservationLines(reservation: ReservationView, locale: Locale) {
  return {
    number: reservation.number,
    status: reservation.status,
    model: reservation.model,
    colour: reservation.colour,
    storage: storageLabel(reservation.storageGb),
    price: formatMoney(reservation.priceMinor, "EUR", intlLocale(locale)),
    reservedAt: formatDateTime(reservation.createdAt),
    confirmBy: reservation.status === "pending" ? formatDateTime(reservation.expiresAt) : null,
  };
}

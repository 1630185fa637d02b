import { intlLocale, localePath, type Locale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { db } from "~/models/db/db.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { i18nServer } from "~/platform/i18n.server";
import { sendMail, simpleMail } from "~/platform/mail.server";
import { CONFIRM_WITHIN_HOURS, phoneLabel, reservationNumber } from "./reservations";

// The email with the link that confirms a reservation, in the language the
// shopper reserved in, on the site they reserved on.

/** The confirmation page's address for a reservation's secret. */
export function confirmUrl(token: string, locale: Locale, site: Pick<SiteConfig, "appUrl">) {
  return new URL(localePath(locale, `/iphone-reservation/confirm/${token}`), site.appUrl).toString();
}

export async function sendReservationLink(reservationId: number, token: string, locale: Locale, site: SiteConfig) {
  const row = await db()
    .selectFrom("reservations as r")
    .innerJoin("reservation_options as o", "o.id", "r.option_id")
    .select(["r.email", "r.name", "o.model", "o.colour", "o.storage_gb", "o.price_minor"])
    .where("r.id", "=", reservationId)
    .executeTakeFirstOrThrow();
  const t = await i18nServer.getFixedT(locale);
  const number = reservationNumber(reservationId);
  const url = confirmUrl(token, locale, site);
  await sendMail(
    simpleMail(
      row.email,
      t("reservation.mail.subject", { number, site: site.name }),
      [
        t("email.greeting", { name: row.name }),
        t("reservation.mail.body", { number, phone: phoneLabel(row), price: formatMoney(row.price_minor, "EUR", intlLocale(locale)), hours: CONFIRM_WITHIN_HOURS, count: CONFIRM_WITHIN_HOURS }),
        t("reservation.mail.ignore"),
      ],
      { label: t("reservation.mail.action"), url },
    ),
  );
  return url;
}

import { DEFAULT_LOCALE, isLocale, localePath, type Locale } from "~/lib/i18n";
import { db } from "~/models/db/db.server";
import { orderNumber } from "~/models/orders/orders";
import { i18nServer } from "~/platform/i18n.server";
import { sendMail, simpleMail } from "~/platform/mail.server";

// "Your order is on its way": sent when staff ship a marketplace order,
// after the change is committed, in the language the order was placed in
// (else the account's, else the site's), with the tracking link.

export async function sendOrderShipped(orderId: number, shipment: { trackingNumber: string; carrier: string }) {
  const order = await db()
    .selectFrom("orders as o")
    .leftJoin("users as u", "u.id", "o.user_id")
    .leftJoin("languages as ul", "ul.id", "u.language_id")
    .leftJoin("sites as s", "s.id", "o.site_id")
    .leftJoin("languages as sl", "sl.id", "s.default_language_id")
    .select(["o.id", "o.email", "o.locale", "u.email as user_email", "ul.iso_code as user_language", "sl.iso_code as site_language", "s.app_url"])
    .where("o.id", "=", orderId)
    .executeTakeFirst();
  const to = order?.email ?? order?.user_email;
  if (!order || !to || !order.app_url) return;
  const locale: Locale = [order.locale, order.user_language, order.site_language].find(isLocale) ?? DEFAULT_LOCALE;
  const t = await i18nServer.getFixedT(locale);
  const number = orderNumber("marketplace", Number(order.id));
  const url = new URL(localePath(locale, `/tracking/${encodeURIComponent(shipment.trackingNumber)}`), order.app_url).toString();
  await sendMail(
    simpleMail(
      to,
      t("email.shipped.subject", { number }),
      [t("email.shipped.body", { number, carrier: shipment.carrier, tracking: shipment.trackingNumber })],
      { label: t("email.shipped.action"), url },
    ),
  );
}

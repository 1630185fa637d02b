import { DEFAULT_LOCALE, isLocale, type Locale } from "~/lib/i18n";
import { db } from "~/models/db/db.server";
import { sendMail, type Mail } from "~/platform/mail.server";
import { orderNumber, type OrderKind } from "./orders";

// The emails an order's customer is sent (placed, shipped, refunded): each
// is written down beside the order once sent, so the back office's order
// page shows staff what the customer has already been told.

export type OrderEmailKind = "placed" | "shipped" | "refunded";

/** Sends the mail and notes it on the order; a mail that could not be sent is not noted. */
export async function sendOrderEmail(orderId: number, kind: OrderEmailKind, mail: Mail) {
  await sendMail(mail);
  await db().insertInto("order_emails").values({ order_id: orderId, kind, to_address: mail.to, subject: mail.subject }).execute();
}

/** Who an order's emails go to, in which language, and the site their links lead to; null when there is no one to write to. */
export async function orderRecipient(orderId: number) {
  const order = await db()
    .selectFrom("orders as o")
    .leftJoin("users as u", "u.id", "o.user_id")
    .leftJoin("languages as ul", "ul.id", "u.language_id")
    .leftJoin("sites as s", "s.id", "o.site_id")
    .leftJoin("languages as sl", "sl.id", "s.default_language_id")
    .select(["o.id", "o.kind", "o.source_id", "o.email", "o.locale", "u.email as user_email", "ul.iso_code as user_language", "sl.iso_code as site_language", "s.app_url"])
    .where("o.id", "=", orderId)
    .executeTakeFirst();
  const to = order?.email ?? order?.user_email;
  if (!order || !to || !order.app_url) return null;
  // The language the order was placed in, else the account's, else the site's.
  const locale: Locale = [order.locale, order.user_language, order.site_language].find(isLocale) ?? DEFAULT_LOCALE;
  const kind = order.kind as OrderKind;
  return { to, locale, appUrl: order.app_url, number: orderNumber(kind, Number(kind === "marketplace" ? order.id : (order.source_id ?? order.id))) };
}

/** What an order's customer has been sent, oldest first. */
export function orderEmails(orderId: number) {
  return db().selectFrom("order_emails").select(["id", "kind", "to_address", "subject", "sent_at"]).where("order_id", "=", orderId).orderBy("id").execute();
}

import { intlLocale, isLocale, localePath, type Locale } from "~/lib/i18n";
import { formatDate } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { db } from "~/models/db/db.server";
import { i18nServer } from "~/platform/i18n.server";
import { sendMail, simpleMail } from "~/platform/mail.server";
import type { IssuedInvoice } from "./issue.server";

// The e-mail that tells a customer an invoice was issued to them, in their
// own language (else their site's, else English), with the link to pay it.

async function customerLocale(userId: number, siteId: number): Promise<Locale> {
  const row = await db()
    .selectFrom("users as u")
    .leftJoin("languages as ul", "ul.id", "u.language_id")
    .leftJoin("sites as s", (join) => join.on("s.id", "=", siteId))
    .leftJoin("languages as sl", "sl.id", "s.default_language_id")
    .select(["ul.iso_code as own", "sl.iso_code as site"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  return [row?.own, row?.site].find(isLocale) ?? "en";
}

/** The invoice's address for the customer, on their site. */
export async function sendInvoiceIssued(invoice: IssuedInvoice) {
  const locale = await customerLocale(invoice.userId, invoice.siteId);
  const site = await db().selectFrom("sites").select(["name", "app_url"]).where("id", "=", invoice.siteId).executeTakeFirstOrThrow();
  const t = await i18nServer.getFixedT(locale);
  const url = new URL(localePath(locale, `/invoice/${invoice.id}`), site.app_url).toString();
  const total = formatMoney(invoice.grossMinor, "EUR", intlLocale(locale));
  await sendMail(
    simpleMail(
      invoice.email,
      t("invoice.mail.subject", { number: invoice.number, site: site.name }),
      [t("invoice.mail.body", { number: invoice.number, total, due: formatDate(invoice.dueAt) })],
      { label: t("invoice.mail.action"), url },
    ),
  );
  return { locale, url };
}

import { DEFAULT_LOCALE, intlLocale, isLocale, localePath, type Locale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { formatDate } from "~/lib/format";
import { db } from "~/models/db/db.server";
import { i18nServer } from "~/platform/i18n.server";
import { sendMail, simpleMail } from "~/platform/mail.server";

// The emails of parcel forwarding, in the customer's language (their
// account's, else their site's default): the storage-fee reminder, the
// notice that storage now costs, and the operator's question. Sent outside
// any transaction, after the change they announce is committed.

async function recipient(userId: number, siteId: number) {
  const [user, site] = await Promise.all([
    db()
      .selectFrom("users as u")
      .leftJoin("languages as l", "l.id", "u.language_id")
      .select(["u.email", "l.iso_code"])
      .where("u.id", "=", userId)
      .executeTakeFirst(),
    db()
      .selectFrom("sites as s")
      .leftJoin("languages as l", "l.id", "s.default_language_id")
      .select(["s.app_url", "l.iso_code"])
      .where("s.id", "=", siteId)
      .executeTakeFirst(),
  ]);
  if (!user || !site) return null;
  const locale: Locale = [user.iso_code, site.iso_code].find(isLocale) ?? DEFAULT_LOCALE;
  return { email: user.email, app_url: site.app_url, locale, t: await i18nServer.getFixedT(locale) };
}

/** The two storage emails: free storage ends soon ("reminder"), and storage now costs ("charging"). */
export async function sendStorageEmail(
  kind: "reminder" | "charging",
  parcel: { userId: number; siteId: number; trackingNumber: string; freeUntil: Date; dailyFeeMinor: number; warehouseName: string },
) {
  const to = await recipient(parcel.userId, parcel.siteId);
  if (!to) return;
  const { t, locale } = to;
  const url = new URL(localePath(locale, "/my-parcels"), to.app_url).toString();
  await sendMail(
    simpleMail(
      to.email,
      t(`forwarding.email.${kind}.subject`, { tracking: parcel.trackingNumber }),
      [
        t(`forwarding.email.${kind}.body`, {
          tracking: parcel.trackingNumber,
          warehouse: parcel.warehouseName,
          date: formatDate(parcel.freeUntil),
          fee: formatMoney(parcel.dailyFeeMinor, "EUR", intlLocale(locale)),
        }),
      ],
      { label: t(`forwarding.email.${kind}.action`), url },
    ),
  );
}

export async function sendInfoQuestion(question: { userId: number; siteId: number; number: string; question: string; slug: string }) {
  const to = await recipient(question.userId, question.siteId);
  if (!to) return;
  const { t, locale } = to;
  const url = new URL(localePath(locale, `/order-additional-info-needed/${question.slug}`), to.app_url).toString();
  await sendMail(
    simpleMail(
      to.email,
      t("forwarding.email.question.subject", { number: question.number }),
      [t("forwarding.email.question.body", { number: question.number }), question.question],
      { label: t("forwarding.email.question.action"), url },
    ),
  );
}

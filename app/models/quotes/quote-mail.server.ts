import { intlLocale, localePath, type Locale } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { db } from "~/models/db/db.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { i18nServer } from "~/platform/i18n.server";
import { sendMail, simpleMail } from "~/platform/mail.server";
import { quoteNumber } from "./quotes.server";

// The email a customer gets for a quote request, in the language they asked
// in: the links they sent and where to follow the quote.

export async function sendQuoteRequested(quoteId: number, locale: Locale, site: SiteConfig) {
  const quote = await db()
    .selectFrom("quotes as q")
    .innerJoin("users as u", "u.id", "q.user_id")
    .innerJoin("currencies as c", "c.id", "q.currency_id")
    .select(["q.slug", "u.email", "u.first_name", "c.iso_code as currency"])
    .where("q.id", "=", quoteId)
    .executeTakeFirstOrThrow();
  const lines = await db().selectFrom("quote_lines").select(["url", "quantity", "options", "seen_price_minor"]).where("quote_id", "=", quoteId).orderBy("position").execute();
  const t = await i18nServer.getFixedT(locale);
  const number = quoteNumber(quoteId);
  const money = (amount: number) => formatMoney(amount, quote.currency, intlLocale(locale));
  const url = new URL(localePath(locale, `/quotes/${quote.slug}`), site.appUrl).toString();
  await sendMail(
    simpleMail(
      quote.email,
      t("quotes.email.subject", { number, site: site.name }),
      [
        ...(quote.first_name ? [t("email.greeting", { name: quote.first_name })] : []),
        t("quotes.email.body", { number }),
        ...lines.map((line) =>
          [t("quotes.email.line", { quantity: line.quantity, url: line.url }), line.options, line.seen_price_minor !== null ? t("quotes.email.seen", { price: money(line.seen_price_minor) }) : ""]
            .filter(Boolean)
            .join(" · "),
        ),
        t("quotes.email.next"),
      ],
      { label: t("quotes.email.action"), url },
    ),
  );
}

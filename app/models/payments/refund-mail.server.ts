import { intlLocale, localePath } from "~/lib/i18n";
import { formatMoney } from "~/lib/money";
import { orderRecipient, sendOrderEmail } from "~/models/orders/order-emails.server";
import { i18nServer } from "~/platform/i18n.server";
import { simpleMail } from "~/platform/mail.server";

// "We have refunded …": sent once a refund is done, in the language the
// order was placed in, saying where each part of the money went.

export async function sendRefundEmail(orderId: number, refund: { toBalance: number; toProcessor: number }) {
  const recipient = await orderRecipient(orderId);
  if (!recipient) return;
  const { to, locale, appUrl, number } = recipient;
  const t = await i18nServer.getFixedT(locale);
  const money = (minor: number) => formatMoney(minor, "EUR", intlLocale(locale));
  const paragraphs = [
    ...(refund.toProcessor > 0 ? [t("email.refunded.toProcessor", { number, amount: money(refund.toProcessor) })] : []),
    ...(refund.toBalance > 0 ? [t("email.refunded.toBalance", { number, amount: money(refund.toBalance) })] : []),
  ];
  const balance = refund.toBalance > 0 ? { label: t("email.refunded.action"), url: new URL(localePath(locale, "/balance-history"), appUrl).toString() } : undefined;
  await sendOrderEmail(orderId, "refunded", simpleMail(to, t("email.refunded.subject", { number }), paragraphs, balance));
}

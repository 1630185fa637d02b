import { intlLocale, localePath, type Locale } from "~/lib/i18n";
import { formatMoney, times } from "~/lib/money";
import { db } from "~/models/db/db.server";
import { orderNumber } from "~/models/orders/orders";
import type { SiteConfig } from "~/models/sites/sites.server";
import { i18nServer } from "~/platform/i18n.server";
import { simpleMail } from "~/platform/mail.server";
import { sendOrderEmail } from "~/models/orders/order-emails.server";

// The confirmation a shopper gets when an order is placed, in the language
// they ordered in: what they bought, what it came to, and where to follow it.

export async function sendOrderConfirmation(orderId: number, locale: Locale, site: SiteConfig) {
  const order = await db().selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  if (!order.email) return;
  const items = await db().selectFrom("order_items").select(["name", "quantity", "price_minor"]).where("order_id", "=", orderId).orderBy("id").execute();
  const t = await i18nServer.getFixedT(locale);
  const money = (amount: number) => formatMoney(amount, "EUR", intlLocale(locale));
  const number = orderNumber("marketplace", Number(order.id));
  const lines = items.map((item) => t("email.order.line", { quantity: item.quantity, name: item.name, total: money(times(item.price_minor, item.quantity)) }));
  const url = new URL(localePath(locale, order.user_id ? `/my-orders/${order.slug}` : "/"), site.appUrl).toString();
  await sendOrderEmail(
    orderId,
    "placed",
    simpleMail(
      order.email,
      t("email.order.subject", { number, site: site.name }),
      [
        t("email.order.body", { number }),
        ...lines,
        t("email.order.total", { total: money(order.total_minor) }),
        order.status === "paid" ? t("email.order.paid") : t("email.order.unpaid"),
      ],
      order.user_id ? { label: t("email.order.action"), url } : undefined,
    ),
  );
}

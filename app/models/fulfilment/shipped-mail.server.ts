import { localePath } from "~/lib/i18n";
import { orderRecipient, sendOrderEmail } from "~/models/orders/order-emails.server";
import { i18nServer } from "~/platform/i18n.server";
import { simpleMail } from "~/platform/mail.server";

// "Your order is on its way": sent when staff ship a marketplace order (or a
// part of it: then the email names what this parcel carries), after the
// change is committed, in the language the order was placed in, with the
// tracking link.

export async function sendOrderShipped(orderId: number, shipment: { trackingNumber: string; carrier: string; lines?: { name: string; quantity: number }[] | null; moreToCome?: boolean }) {
  const recipient = await orderRecipient(orderId);
  if (!recipient) return;
  const { to, locale, appUrl, number } = recipient;
  const t = await i18nServer.getFixedT(locale);
  const url = new URL(localePath(locale, `/tracking/${encodeURIComponent(shipment.trackingNumber)}`), appUrl).toString();
  await sendOrderEmail(
    orderId,
    "shipped",
    simpleMail(
      to,
      t("email.shipped.subject", { number }),
      shipment.lines
        ? [
            t("email.shipped.bodyPart", { number, carrier: shipment.carrier, tracking: shipment.trackingNumber }),
            ...shipment.lines.map((line) => t("email.shipped.line", { quantity: line.quantity, name: line.name })),
            ...(shipment.moreToCome ? [t("email.shipped.rest")] : []),
          ]
        : [t("email.shipped.body", { number, carrier: shipment.carrier, tracking: shipment.trackingNumber })],
      { label: t("email.shipped.action"), url },
    ),
  );
}

import { useEffect } from "react";
import { pushDataLayer, recordQuoteStep, type QuotePaymentEvent } from "./tracking-steps";

// The quote page's part of spec 3's tracking steps and spec 9's quote
// payment page events: the way home once chosen (delivery info) and the
// quote once paid (QuotePaid, payment success). The pay click is reported
// by the button itself (payClick below).

type Props = { slug: string; paid: boolean; chosen: boolean; event: QuotePaymentEvent | null };

export function QuoteTracking({ slug, paid, chosen, event }: Props) {
  useEffect(() => {
    if (!event) return;
    if (paid) {
      if (recordQuoteStep(slug, "payment_success")) pushDataLayer({ event: "QuotePaid", ...event });
      return;
    }
    if (chosen) deliveryInfo(slug, event);
  }, [slug, paid, chosen, event]);
  return null;
}

function deliveryInfo(slug: string, event: QuotePaymentEvent) {
  // One per way home chosen: changing air for sea is a new choice worth counting.
  if (recordQuoteStep(`${slug}:${event.shipping}`, "set_delivery")) {
    recordQuoteStep(slug, "set_delivery");
    pushDataLayer({ event: "delivery_info", page_type: "quote_payment", ...event });
  }
}

/** "Accept and pay" pressed: the way home it was pressed with, then the pay click. */
export function payClick(slug: string, event: QuotePaymentEvent) {
  deliveryInfo(slug, event);
  recordQuoteStep(slug, "click_pay");
  pushDataLayer({ event: "pay_click", page_type: "quote_payment", ...event });
}

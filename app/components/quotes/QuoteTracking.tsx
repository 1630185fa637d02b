import { useEffect } from "react";
import { track } from "~/hooks/use-data-layer";
import { recordQuoteStep } from "./tracking-steps";

// The quote page's part of spec 3's tracking steps and spec 9's quote
// payment page events: the way home once chosen (delivery info) and the
// quote once paid (QuotePaid, payment success). The pay click is reported
// by the button itself (payClick below).

/** A quote's total and shipping home by one way, in minor units of the quote's currency (the site's EUR). */
export type QuoteByWay = { id: number; total: number; method: string; shipping: number };

type Props = { slug: string; paid: boolean; chosen: boolean; quote: QuoteByWay | null };

export function QuoteTracking({ slug, paid, chosen, quote }: Props) {
  useEffect(() => {
    if (!quote) return;
    if (paid) {
      if (recordQuoteStep(slug, "payment_success")) track((b, rate) => b.quotePaymentEvent("QuotePaid", quote, rate));
      return;
    }
    if (chosen) deliveryInfo(slug, quote);
    // Running again (new page data) pushes nothing: each step is stored once.
  }, [slug, paid, chosen, quote]);
  return null;
}

function deliveryInfo(slug: string, quote: QuoteByWay) {
  // One per way home chosen: changing air for sea is a new choice worth counting.
  if (recordQuoteStep(`${slug}:${quote.method}`, "set_delivery")) {
    recordQuoteStep(slug, "set_delivery");
    track((b, rate) => b.quotePaymentEvent("delivery_info", quote, rate));
  }
}

/** "Accept and pay" pressed: the way home it was pressed with, then the pay click. */
export function payClick(slug: string, quote: QuoteByWay) {
  deliveryInfo(slug, quote);
  recordQuoteStep(slug, "click_pay");
  track((b, rate) => b.quotePaymentEvent("pay_click", quote, rate));
}

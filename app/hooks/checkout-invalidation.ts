import { useEffect } from "react";

// Spec 4: leaving the checkout's pages for any other page ends the checkout
// on the server, so the cart is the shopper's again to change. Moving
// between its steps, or on to the card's page or the success page, does not.
// Without JavaScript the checkout simply runs out after its hour, and a new
// one made from the cart ends the old one.

const CHECKOUT_PAGES = /^(?:\/[a-z]{2})?\/(?:checkout|payment|confirm|success)\//;

export function useCheckoutInvalidation(slug: string) {
  useEffect(
    () => () => {
      // On unmount the router already shows the next page.
      if (CHECKOUT_PAGES.test(window.location.pathname)) return;
      void fetch(`/api/checkout/invalidate/${encodeURIComponent(slug)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ slug }),
        keepalive: true,
      }).catch(() => undefined);
    },
    [slug],
  );
}

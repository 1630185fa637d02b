import { useBlocker, useLocation, useNavigate } from "@remix-run/react";
import { useSetAtom } from "jotai";
import { useEffect, useRef } from "react";
import { useLocale } from "~/hooks/use-locale";
import { callApi } from "~/lib/api-client";
import { localePath } from "~/lib/i18n";
import { loadingOverlayAtom } from "~/state/ui";
import { useShellData } from "~/hooks/route-data";

// Spec 4: leaving the checkout's pages for any other page, or the slugged
// shipping page for /checkout without a slug, ends the checkout on the
// server, so the cart is the shopper's again to change. Moving between its
// steps, or on to the card's page or the success page, does not. The
// navigation waits while the server is told (spec 7: {slug, language_id},
// two retries) under the loading overlay, which clears when the next page's
// route shows; a shopper leaving the shipping page lands on the cart.
// Without JavaScript the checkout simply runs out after its hour, and a new
// one made from the cart ends the old one.

const CHECKOUT_PAGES = /^(?:\/[a-z]{2})?\/(?:checkout|payment|confirm|success)\/[^/]+/;
const SHIPPING_PAGE = /^(?:\/[a-z]{2})?\/checkout\/[^/]+\/?$/;
export const INVALIDATE_RETRIES = 2;

/** Whether going from one path to another leaves the checkout (spec 4). */
export function leavesCheckout(from: string, to: string) {
  return CHECKOUT_PAGES.test(from) && !CHECKOUT_PAGES.test(to);
}

export function useCheckoutInvalidation(slug: string) {
  const locale = useLocale();
  const languageId = useShellData()?.shell.site.languages.find((language) => language.iso_code === locale)?.id;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const showOverlay = useSetAtom(loadingOverlayAtom);
  // Told once: the navigation that follows (to the cart, or the one held) passes.
  const told = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !told.current && leavesCheckout(currentLocation.pathname, nextLocation.pathname));

  const invalidate = () => {
    told.current = true;
    return callApi(`/api/checkout/invalidate/${encodeURIComponent(slug)}`, { body: { slug, language_id: languageId }, retries: INVALIDATE_RETRIES, locale });
  };

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    showOverlay((count) => count + 1);
    const fromShipping = SHIPPING_PAGE.test(pathname);
    // Whatever the answer, the shopper goes on: an unanswered call leaves the checkout to run out.
    void invalidate().then(() => {
      if (!fromShipping) return blocker.proceed();
      blocker.reset();
      navigate(localePath(locale, "/cart"));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per held navigation
  }, [blocker.state]);

  // A page left without a navigation held: a form's redirect elsewhere, or a
  // link followed in the moment after the page shows, before the router has
  // the blocker (its own effects set it up). The router already shows the
  // next page; one who left the shipping page still goes on to the cart,
  // unless they have gone on again by then.
  useEffect(
    () => () => {
      if (told.current || CHECKOUT_PAGES.test(window.location.pathname)) return;
      const landed = window.location.pathname;
      void invalidate().then(() => {
        if (SHIPPING_PAGE.test(pathname) && window.location.pathname === landed) navigate(localePath(locale, "/cart"));
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on leaving this page of the checkout
    [slug, pathname],
  );
}

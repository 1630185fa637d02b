import { Link, NavLink, type LinkProps, type NavLinkProps } from "@remix-run/react";
import { localePath } from "~/lib/i18n";
import { usesLayoutTransition } from "~/lib/layout-transitions";
import { useLocale } from "~/hooks/use-locale";

function withLocale(to: LinkProps["to"], locale: ReturnType<typeof useLocale>) {
  return typeof to === "string" && to.startsWith("/") ? localePath(locale, to) : to;
}

/**
 * Spec 2's layout transitions, through the browser's View Transitions API
 * (the router does nothing where the browser has none); for a visitor who
 * prefers reduced motion the stylesheet turns their animation off.
 */
function useLayoutTransition(to: LinkProps["to"]) {
  return typeof to === "string" && usesLayoutTransition(to);
}

/** A link inside the shop: "/faq" becomes "/lt/faq" on a Lithuanian page. */
export function LocaleLink({ to, ...props }: LinkProps) {
  return <Link to={withLocale(to, useLocale())} viewTransition={useLayoutTransition(to)} {...props} />;
}

export function LocaleNavLink({ to, ...props }: NavLinkProps) {
  return <NavLink to={withLocale(to, useLocale())} viewTransition={useLayoutTransition(to)} {...props} />;
}

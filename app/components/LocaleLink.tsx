import { Link, NavLink, useNavigate, type LinkProps, type NavLinkProps } from "@remix-run/react";
import { createContext, useContext, type MouseEvent } from "react";
import { localePath } from "~/lib/i18n";
import { usesLayoutTransition } from "~/lib/layout-transitions";
import { useLocale } from "~/hooks/use-locale";

function withLocale(to: LinkProps["to"], locale: ReturnType<typeof useLocale>) {
  return typeof to === "string" && to.startsWith("/") ? localePath(locale, to) : to;
}

/** Whether going to `to` animates the change of layout (spec 2). */
function layoutTransition(to: LinkProps["to"]) {
  return typeof to === "string" && usesLayoutTransition(to);
}

/**
 * The router's navigate, read once for every link of the page (decision
 * 058): the router's own link works out its address three times and reads
 * the route tree twice while it is drawn, which made a page of a hundred
 * links a fifth slower to draw than the same page of plain anchors.
 */
const Navigate = createContext<ReturnType<typeof useNavigate> | null>(null);

/** Gives the links below it the router's navigate. */
export function LinkNavigation({ children }: { children: React.ReactNode }) {
  return <Navigate.Provider value={useNavigate()}>{children}</Navigate.Provider>;
}

/**
 * A click the browser keeps, as the router's own link leaves it: any but a
 * plain left click (a new tab, a new window, a download), or one into
 * another window. The shop's links and the sign-in links that open a modal
 * take only the others.
 */
export function isBrowsersOwn(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  return event.button !== 0 || (target !== undefined && target !== "_self") || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

/**
 * A link inside the shop: "/faq" becomes "/lt/faq" on a Lithuanian page.
 * Spec 2's layout transitions go through the browser's View Transitions API
 * (the router does nothing where the browser has none); for a visitor who
 * prefers reduced motion the stylesheet turns their animation off.
 *
 * A path of the shop is a plain anchor that the router follows on a click,
 * as its own link would: the same document, the same history entry when the
 * address is the page's own, the browser's way for a new tab or window.
 */
export function LocaleLink({ to, ...props }: LinkProps) {
  const locale = useLocale();
  const navigate = useContext(Navigate);
  if (!navigate || typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || (props.prefetch ?? "none") !== "none") {
    return <Link to={withLocale(to, locale)} viewTransition={layoutTransition(to)} {...props} />;
  }
  const { replace, state, preventScrollReset, reloadDocument, viewTransition, relative: _relative, discover: _discover, prefetch: _prefetch, onClick, children, ...anchor } = props;
  const href = localePath(locale, to);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || reloadDocument || isBrowsersOwn(event, anchor.target)) return;
    event.preventDefault();
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    navigate(href, { replace: replace ?? here === href, state, preventScrollReset, viewTransition: viewTransition ?? layoutTransition(to) });
  };
  return (
    <a {...anchor} href={href} onClick={follow}>
      {children}
    </a>
  );
}

export function LocaleNavLink({ to, ...props }: NavLinkProps) {
  return <NavLink to={withLocale(to, useLocale())} viewTransition={layoutTransition(to)} {...props} />;
}

import { splitLocale } from "~/lib/i18n";

// Spec 2: the pages whose layouts change with a transition when a shopper
// goes to them: home, pro, cart, dealzone, marketplace, order-form, its
// summary and quotes (each with what is below it, as /quotes/{slug}).
const TRANSITION_PAGES = ["/pro", "/cart", "/dealzone", "/marketplace", "/order-form", "/quotes"] as const;

/** Whether a link to this path (with or without its language) animates the change of layout. */
export function usesLayoutTransition(to: string) {
  const path = to.split(/[?#]/)[0]!;
  const { rest } = splitLocale(path);
  const page = rest.length > 1 ? rest.replace(/\/+$/, "") : rest;
  return page === "/" || page === "" || TRANSITION_PAGES.some((prefix) => page === prefix || page.startsWith(`${prefix}/`));
}

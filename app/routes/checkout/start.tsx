import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { localePath } from "~/lib/i18n";
import { cartOwner } from "~/web/cart/cart-cookie.server";
import { generateCheckout } from "~/models/checkout/checkout.server";
import { selectCurrency } from "~/models/sites/currency";
import { siteForRequest } from "~/web/sites.server";
import { defineGuards } from "~/web/guards.server";
import { localeParam } from "~/web/locale-param";
import { readPreferences } from "~/web/preferences.server";

// POST /checkout: the cart becomes a checkout (spec 7's generate) and the
// shopper goes to its shipping step. A plain visit has nothing to show and
// goes to the cart, as leaving the slugged step does (spec 4).
const guard = defineGuards("marketplace");

export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(localePath(localeParam(params), "/cart"));
}

export async function action({ request, params }: ActionFunctionArgs) {
  await guard({ request, params });
  const locale = localeParam(params);
  const [site, owner, preferences] = await Promise.all([siteForRequest(request), cartOwner(request), readPreferences(request)]);
  const currency = selectCurrency(site.currencies, preferences.currencyId);
  const outcome = await generateCheckout(owner, site, currency?.id ?? 1, locale);
  if (!outcome.ok) throw redirect(`${localePath(locale, "/cart")}?checkout=${outcome.error}`, 303);
  throw redirect(localePath(locale, `/checkout/${outcome.slug}`), 303);
}

import type { TFunction } from "i18next";
import * as v from "valibot";
import { isLocale, type Locale } from "~/lib/i18n";
import type { SiteConfig } from "~/models/sites/sites.server";
import { apiError, apiOk } from "~/web/api.server";
import { localeFromRequest } from "~/platform/i18n.server";
import { CART_ERROR_MESSAGE, type Cart } from "~/models/cart/cart";
import type { CartRefusal } from "~/models/cart/cart.server";
import { REFUSAL_STATUS } from "~/web/refusal-status";

// What the cart's JSON calls share: the language a call asks for and the
// answers, so the five calls word every refusal the same way as the pages.

export const LanguageIdSchema = v.optional(v.nullable(v.pipe(v.number("api.badInput"), v.integer("api.badInput"), v.minValue(1, "api.badInput"))));

/** The language of `language_id` on this site, else the request's. */
export function apiLocale(request: Request, site: SiteConfig, languageId: number | null | undefined, t: TFunction): Locale {
  if (languageId === null || languageId === undefined) return localeFromRequest(request);
  const iso = site.languages.find((language) => language.id === languageId)?.iso_code;
  if (!isLocale(iso)) throw apiError(400, t("api.badInput"), { language_id: [t("api.unknownLanguage")] });
  return iso;
}

/** The cart under spec 7's `status: "success"`, with the cookie a guest's first add sets. */
export function cartAnswer(cart: Cart, setCookie?: string) {
  return apiOk({ status: "success", cart }, setCookie ? { headers: { "set-cookie": setCookie } } : {});
}

export function cartRefusal(outcome: CartRefusal, t: TFunction) {
  const message = t(CART_ERROR_MESSAGE[outcome.error], { max: outcome.maxQuantity ?? 0 });
  const field = outcome.error === "invalid_quantity" || outcome.error === "not_enough_stock" ? "quantity" : "sku";
  return apiError(REFUSAL_STATUS.cart[outcome.error], message, { [field]: [message] });
}

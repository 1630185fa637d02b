import type { TFunction } from "i18next";
import { selectCurrency } from "~/models/sites/currency";
import type { SiteConfig } from "~/models/sites/sites.server";
import { apiError } from "~/web/api.server";
import { readPreferences } from "~/web/preferences.server";
import { CHECKOUT_ERROR_FIELD, CHECKOUT_ERROR_MESSAGE, type CheckoutError } from "~/models/checkout/checkout";
import { REFUSAL_STATUS } from "~/web/refusal-status";

// What the checkout's JSON calls share: one wording and status per refusal,
// the same as the pages show, and the currency a new checkout is made in.

export function checkoutRefusal(error: CheckoutError, t: TFunction) {
  const message = t(CHECKOUT_ERROR_MESSAGE[error]);
  const field = CHECKOUT_ERROR_FIELD[error];
  return apiError(REFUSAL_STATUS.checkout[error], message, field ? { [field]: [message] } : undefined);
}

/** The shopper's chosen currency on this site, else the site's first, else EUR. */
export async function checkoutCurrencyId(request: Request, site: SiteConfig) {
  const preferences = await readPreferences(request);
  return selectCurrency(site.currencies, preferences.currencyId)?.id ?? 1;
}

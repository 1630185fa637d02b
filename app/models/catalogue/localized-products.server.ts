import type { Locale } from "~/lib/i18n";
import { db } from "~/models/db/db.server";

// Every query that shows products by name starts here: a product joins its
// translation in the shopper's language, and one without that translation
// is left out. Product cards, the product page and the cart read alike.

/** Products (`p`) with their translation (`pt`) in this language (`l`); add joins, columns and filters after. */
export function productsIn(locale: Locale) {
  return db()
    .selectFrom("products as p")
    .innerJoin("product_translations as pt", "pt.product_id", "p.id")
    .innerJoin("languages as l", "l.id", "pt.language_id")
    .where("l.iso_code", "=", locale);
}

import type { DB } from "~/models/db/db.server";

// The demo's stores directory (quotes-all-stores): real foreign shops the
// business buys from, recognised by the domain of a pasted link. Logos are
// left to the initials badge, so the demo ships no trademarks. Every site
// lists them (site_ids null).

const COUNTRY = { DE: 7, GB: 9, US: 10, CN: 13 } as const;

export const DEMO_STORES: ReadonlyArray<{ name: string; domain: string; country: keyof typeof COUNTRY }> = [
  { name: "Amazon.com", domain: "amazon.com", country: "US" },
  { name: "Amazon.de", domain: "amazon.de", country: "DE" },
  { name: "Amazon.co.uk", domain: "amazon.co.uk", country: "GB" },
  { name: "eBay", domain: "ebay.com", country: "US" },
  { name: "eBay.de", domain: "ebay.de", country: "DE" },
  { name: "ASOS", domain: "asos.com", country: "GB" },
  { name: "Zalando", domain: "zalando.de", country: "DE" },
  { name: "AliExpress", domain: "aliexpress.com", country: "CN" },
  { name: "Best Buy", domain: "bestbuy.com", country: "US" },
  { name: "Walmart", domain: "walmart.com", country: "US" },
  { name: "Argos", domain: "argos.co.uk", country: "GB" },
  { name: "OTTO", domain: "otto.de", country: "DE" },
  { name: "Target", domain: "target.com", country: "US" },
  { name: "B&H Photo", domain: "bhphotovideo.com", country: "US" },
];

/** The stores, added or brought up to date by domain: a store an operator added stays. */
export async function insertStores(trx: DB) {
  await trx
    .insertInto("stores")
    .values(DEMO_STORES.map((store, index) => ({ name: store.name, domain: store.domain, country_id: COUNTRY[store.country], site_ids: null, position: index + 1 })))
    .onConflict((conflict) => conflict.column("domain").doUpdateSet((eb) => ({ name: eb.ref("excluded.name"), country_id: eb.ref("excluded.country_id"), position: eb.ref("excluded.position") })))
    .execute();
  return DEMO_STORES.length;
}

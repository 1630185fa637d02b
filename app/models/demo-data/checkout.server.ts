import type { DB } from "~/models/db/db.server";
import { COUNTRY_IDS } from "./reference";

// Local delivery and promotion codes for the demo shop: in each Baltic
// country a courier to the door and two parcel-locker networks with a few
// lockers in the main cities, and codes that show every rule of a promotion.

const CITIES: Record<keyof typeof COUNTRY_IDS, Array<{ city: string; zip: string; streets: string[] }>> = {
  LT: [
    { city: "Vilnius", zip: "01100", streets: ["Gedimino pr. 9", "Ukmergės g. 220", "Ozo g. 25"] },
    { city: "Kaunas", zip: "44280", streets: ["Laisvės al. 60", "Savanorių pr. 255"] },
    { city: "Klaipėda", zip: "91100", streets: ["Taikos pr. 61"] },
  ],
  LV: [
    { city: "Rīga", zip: "LV-1050", streets: ["Brīvības iela 68", "Krasta iela 46", "Deglava iela 67"] },
    { city: "Daugavpils", zip: "LV-5401", streets: ["Rīgas iela 22"] },
  ],
  EE: [
    { city: "Tallinn", zip: "10111", streets: ["Viru väljak 4", "Pärnu mnt 139", "Sõpruse pst 201"] },
    { city: "Tartu", zip: "51003", streets: ["Riia 1", "Turu 2"] },
  ],
};

const LOCKER_NETWORKS = [
  { name: "Omniva", fee: 299 },
  { name: "DPD Pickup", fee: 249 },
];

export async function insertCheckoutData(trx: DB) {
  for (const [country, countryId] of Object.entries(COUNTRY_IDS) as Array<[keyof typeof COUNTRY_IDS, number]>) {
    await trx.insertInto("couriers").values({ country_id: countryId, name: "DPD courier", delivery_type: "door", fee_minor: 599, position: 0 }).execute();
    for (const [index, network] of LOCKER_NETWORKS.entries()) {
      const courier = await trx
        .insertInto("couriers")
        .values({ country_id: countryId, name: network.name, delivery_type: "locker", fee_minor: network.fee, position: index + 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      const points = CITIES[country].flatMap(({ city, zip, streets }) =>
        streets.map((street, n) => ({ courier_id: courier.id, name: `${network.name} ${city} ${n + 1}`, address: street, city, zip })),
      );
      await trx.insertInto("pickup_points").values(points).execute();
    }
  }

  const year = new Date().getUTCFullYear();
  await trx
    .insertInto("promotions")
    .values([
      // 10 % off from a subtotal of 20 €, once per customer.
      { code: "WELCOME10", kind: 1, percent: "10", min_subtotal_minor: 2000, max_uses_per_customer: 1 },
      // 5 € off anything, as often as anyone likes.
      { code: "SAVE5", kind: 0, amount_minor: 500 },
      // Long over.
      { code: "SUMMER", kind: 1, percent: "15", valid_from: `${year - 1}-06-01`, valid_until: `${year - 1}-08-31` },
      // One use for the whole shop.
      { code: "FIRSTONLY", kind: 0, amount_minor: 1000, max_uses: 1 },
    ])
    .execute();
}

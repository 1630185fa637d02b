import { db } from "~/models/db/db.server";

// Local delivery (spec 3: local_delivery_couriers): the couriers of a
// country, to the door or to a parcel locker, and the lockers a shopper
// picks from, found by city or postcode. A courier staff took off the
// checkout (the back office's courier page) is offered no more, but a
// checkout that chose it before keeps it.

export type PickupPoint = { parcelshop_id: number; name: string; address: string; city: string; zip: string };
export type LocalCourier = {
  id: number;
  name: string;
  local_delivery_type: "door" | "locker";
  /** Minor units of EUR. */
  delivery_fee: number;
  has_pickup_points: boolean;
  pickup_points: PickupPoint[];
};

/** The couriers that deliver in a country, with their lockers; `near` narrows the lockers to a city or postcode; `kept`, the checkout's own choice, stays offered if taken off since. */
export async function localCouriers(countryId: number, near?: string, kept?: number | null): Promise<LocalCourier[]> {
  const couriers = await db()
    .selectFrom("couriers")
    .selectAll()
    .where("country_id", "=", countryId)
    .where((eb) => (kept ? eb.or([eb("active", "=", true), eb("id", "=", kept)]) : eb("active", "=", true)))
    .orderBy("position")
    .orderBy("id")
    .execute();
  if (couriers.length === 0) return [];
  const query = near?.trim().toLowerCase();
  const points = await db()
    .selectFrom("pickup_points")
    .selectAll()
    .where(
      "courier_id",
      "in",
      couriers.map((c) => c.id),
    )
    .orderBy("city")
    .orderBy("name")
    .execute();
  return couriers.map((courier) => {
    const own = points.filter((p) => p.courier_id === courier.id);
    const matching = query ? own.filter((p) => p.city.toLowerCase().includes(query) || p.zip.toLowerCase().replace(/\s/g, "").includes(query.replace(/\s/g, ""))) : own;
    return {
      id: courier.id,
      name: courier.name,
      local_delivery_type: courier.delivery_type,
      delivery_fee: courier.fee_minor,
      has_pickup_points: courier.delivery_type === "locker",
      pickup_points: matching.map((p) => ({ parcelshop_id: p.id, name: p.name, address: p.address, city: p.city, zip: p.zip })),
    };
  });
}

/** A courier and, for a locker network, one of its lockers; refused when they do not belong together, or the courier is no longer offered (but to the checkout that `kept` it). */
export async function courierChoice(courierId: number, pickupPointId: number | null, kept?: number | null) {
  const courier = await db().selectFrom("couriers").selectAll().where("id", "=", courierId).executeTakeFirst();
  if (!courier || (!courier.active && courier.id !== kept)) return { ok: false as const, error: "unknown_courier" as const };
  if (courier.delivery_type === "door") return { ok: true as const, courier, point: null };
  if (pickupPointId === null) return { ok: false as const, error: "pickup_point_required" as const };
  const point = await db().selectFrom("pickup_points").selectAll().where("id", "=", pickupPointId).where("courier_id", "=", courier.id).executeTakeFirst();
  if (!point) return { ok: false as const, error: "wrong_pickup_point" as const };
  return { ok: true as const, courier, point };
}

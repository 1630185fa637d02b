import { sql } from "kysely";
import { changedSince, recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db, type DB } from "~/models/db/db.server";
import type { CourierKind } from "./delivery-schema";

// The shop's delivery as staff keep it (the back office's /admin/settings
// and its shipping and courier pages): each site's shipping tiers (from a
// subtotal up, shipping costs a flat amount), each country's couriers and
// a locker network's pickup points. The cart and the checkout read them on
// every request (cart.server.ts, checkout/delivery.server.ts), so a saved
// change prices the next cart and lists the next checkout's choices.
//
// Placed orders keep their courier's and locker's names as text, so
// nothing here changes an order. A checkout still open that has chosen a
// courier keeps it when the courier is taken off the checkout (inactive),
// and a courier or a locker is removed only once no open checkout has
// chosen it. Each change writes the audit log in its own transaction and
// refuses an edit made on an older version.

// ---- shipping tiers ----

export type ShippingTier = { minSubtotalMinor: number; shippingMinor: number };
export type TierOutcome = { ok: true } | { ok: false; error: "not_found" | "taken" } | StaleEdit;

async function tiersOf(siteIds?: number[]) {
  let query = db().selectFrom("shipping_tiers").select(["site_id", "min_subtotal_minor", "shipping_minor", "updated_at"]);
  if (siteIds) query = query.where("site_id", "in", siteIds);
  const rows = await query.orderBy("site_id").orderBy("min_subtotal_minor").execute();
  return rows.map((row) => ({ siteId: row.site_id, minSubtotalMinor: Number(row.min_subtotal_minor), shippingMinor: Number(row.shipping_minor), updatedAt: row.updated_at }));
}

/** Every site with its tiers, lowest subtotal first. */
export async function staffShippingTiers() {
  const [sites, tiers] = await Promise.all([db().selectFrom("sites").select(["id", "code", "name"]).orderBy("id").execute(), tiersOf()]);
  return sites.map((site) => ({ site: site.code, name: site.name, tiers: tiers.filter((tier) => tier.siteId === site.id) }));
}

/** One site's tiers; null for an unknown site. */
export async function staffSiteTiers(code: string) {
  const site = await db().selectFrom("sites").select(["id", "code", "name"]).where("code", "=", code).executeTakeFirst();
  if (!site) return null;
  return { site: site.code, name: site.name, tiers: await tiersOf([site.id]) };
}

const tierAsSaved = (row: { min_subtotal_minor: number | string; shipping_minor: number | string }): ShippingTier => ({ minSubtotalMinor: Number(row.min_subtotal_minor), shippingMinor: Number(row.shipping_minor) });

/**
 * A new tier (`at` null) or the tier from subtotal `at` changed: a subtotal
 * another tier of the site starts from is refused. `seen` is the version
 * the page showed of the tier changed; a tier removed or changed since is
 * a stale edit.
 */
export function saveShippingTier(actor: StaffActor, code: string, at: number | null, tier: ShippingTier, seen: Date | undefined): Promise<TierOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<TierOutcome> => {
      // The site's row held: two staff changing one site's tiers follow each other.
      const site = await trx.selectFrom("sites").select("id").where("code", "=", code).forUpdate().executeTakeFirst();
      if (!site) return { ok: false, error: "not_found" };
      const tiers = trx.selectFrom("shipping_tiers").select(["min_subtotal_minor", "shipping_minor", "updated_at"]).where("site_id", "=", site.id);
      const before = at === null ? undefined : await tiers.where("min_subtotal_minor", "=", at).executeTakeFirst();
      if (at !== null && (!before || changedSince(before, seen))) return staleEdit(trx, "shipping_tiers", code);
      if (tier.minSubtotalMinor !== at && (await tiers.where("min_subtotal_minor", "=", tier.minSubtotalMinor).executeTakeFirst())) return { ok: false, error: "taken" };
      const now = new Date();
      if (at === null) {
        await trx.insertInto("shipping_tiers").values({ site_id: site.id, min_subtotal_minor: tier.minSubtotalMinor, shipping_minor: tier.shippingMinor, updated_at: now }).execute();
      } else {
        await trx
          .updateTable("shipping_tiers")
          .set({ min_subtotal_minor: tier.minSubtotalMinor, shipping_minor: tier.shippingMinor, updated_at: now })
          .where("site_id", "=", site.id)
          .where("min_subtotal_minor", "=", at)
          .execute();
      }
      await recordAudit(trx, actor, { action: at === null ? "settings.tier.add" : "settings.tier.save", entity: "shipping_tiers", entityId: code, before: before ? tierAsSaved(before) : null, after: tier });
      return { ok: true };
    });
}

/** The tier from subtotal `at` taken away; `seen` as for a change. */
export function removeShippingTier(actor: StaffActor, code: string, at: number, seen: Date | undefined): Promise<TierOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<TierOutcome> => {
      const site = await trx.selectFrom("sites").select("id").where("code", "=", code).forUpdate().executeTakeFirst();
      if (!site) return { ok: false, error: "not_found" };
      const before = await trx.selectFrom("shipping_tiers").select(["min_subtotal_minor", "shipping_minor", "updated_at"]).where("site_id", "=", site.id).where("min_subtotal_minor", "=", at).executeTakeFirst();
      if (!before || changedSince(before, seen)) return staleEdit(trx, "shipping_tiers", code);
      await trx.deleteFrom("shipping_tiers").where("site_id", "=", site.id).where("min_subtotal_minor", "=", at).execute();
      await recordAudit(trx, actor, { action: "settings.tier.remove", entity: "shipping_tiers", entityId: code, before: tierAsSaved(before), after: null });
      return { ok: true };
    });
}

// ---- couriers ----

export type CourierInput = { name: string; kind: CourierKind; feeMinor: number; active: boolean };
export type CourierOutcome =
  | { ok: true; id: number }
  | { ok: false; error: "not_found" | "no_place" }
  /** Open checkouts have chosen the courier (or the locker): how many. */
  | { ok: false; error: "in_use"; checkouts: number }
  | StaleEdit;

/** Open checkouts, not yet expired, that have chosen the courier or the locker. */
async function openCheckouts(trx: DB, choice: { courierId: number } | { pointId: number }) {
  const row = await trx
    .selectFrom("checkouts")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("state", "=", "open")
    .where("expires_at", ">", new Date())
    .where("courierId" in choice ? "courier_id" : "pickup_point_id", "=", "courierId" in choice ? choice.courierId : choice.pointId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every country, with how many couriers it has and how many checkout offers. */
export async function staffCourierCountries() {
  const rows = await db()
    .selectFrom("countries as c")
    .leftJoin("couriers as k", "k.country_id", "c.id")
    .select(["c.iso_code as country", "c.name", sql<number>`count(k.id)::int`.as("couriers"), sql<number>`count(k.id) filter (where k.active)::int`.as("active")])
    .groupBy(["c.id", "c.iso_code", "c.name"])
    .orderBy("c.iso_code")
    .execute();
  return rows.map((row) => ({ ...row, couriers: Number(row.couriers), active: Number(row.active) }));
}

const courierColumns = ["k.id", "k.name", "k.delivery_type", "k.fee_minor", "k.position", "k.active", "k.updated_at"] as const;
const courierView = (row: { id: number; name: string; delivery_type: CourierKind; fee_minor: number | string; position: number; active: boolean; updated_at: Date }) => ({
  id: row.id,
  name: row.name,
  kind: row.delivery_type,
  feeMinor: Number(row.fee_minor),
  position: row.position,
  active: row.active,
  updatedAt: row.updated_at,
});

/** A country's couriers in the checkout's order, with how many lockers each has, and the list's version; null for an unknown country. */
export async function staffCouriers(country: string) {
  const found = await db().selectFrom("countries").select(["id", "iso_code", "name"]).where("iso_code", "=", country).executeTakeFirst();
  if (!found) return null;
  const rows = await db()
    .selectFrom("couriers as k")
    .select([...courierColumns, sql<number>`(select count(*) from pickup_points p where p.courier_id = k.id)::int`.as("points")])
    .where("k.country_id", "=", found.id)
    .orderBy("k.position")
    .orderBy("k.id")
    .execute();
  const couriers = rows.map((row) => ({ ...courierView(row), points: Number(row.points) }));
  return { country: { code: found.iso_code, name: found.name }, couriers, version: listVersion(couriers) };
}

/** When a country's list of couriers last changed; null for an empty list. */
function listVersion(couriers: readonly { updatedAt: Date }[]): Date | null {
  return couriers.length === 0 ? null : new Date(Math.max(...couriers.map((courier) => courier.updatedAt.getTime())));
}

/** One courier of a country with its pickup points; null when the country has no such courier. */
export async function staffCourier(country: string, courierId: number) {
  const row = await db()
    .selectFrom("couriers as k")
    .innerJoin("countries as c", "c.id", "k.country_id")
    .select([...courierColumns, "c.iso_code as country", "c.name as countryName"])
    .where("c.iso_code", "=", country)
    .where("k.id", "=", courierId)
    .executeTakeFirst();
  if (!row) return null;
  const points = await db().selectFrom("pickup_points").select(["id", "name", "address", "city", "zip", "updated_at"]).where("courier_id", "=", courierId).orderBy("city").orderBy("name").orderBy("id").execute();
  return { country: { code: row.country, name: row.countryName }, courier: courierView(row), points: points.map(({ updated_at, ...point }) => ({ ...point, updatedAt: updated_at })) };
}

const courierAsSaved = (row: { name: string; delivery_type: string; fee_minor: number | string; active: boolean; position?: number }) => ({ name: row.name, kind: row.delivery_type, feeMinor: Number(row.fee_minor), active: row.active });

/** A new courier of the country, last in the checkout's list. */
export function addCourier(actor: StaffActor, country: string, input: CourierInput): Promise<CourierOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<CourierOutcome> => {
      const found = await trx.selectFrom("countries").select("id").where("iso_code", "=", country).forUpdate().executeTakeFirst();
      if (!found) return { ok: false, error: "not_found" };
      const last = await trx.selectFrom("couriers").select(sql<number>`coalesce(max(position), -1)::int`.as("position")).where("country_id", "=", found.id).executeTakeFirstOrThrow();
      const courier = await trx
        .insertInto("couriers")
        .values({ country_id: found.id, name: input.name, delivery_type: input.kind, fee_minor: input.feeMinor, active: input.active, position: Math.min(Number(last.position) + 1, 32_767), updated_at: new Date() })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { action: "settings.courier.add", entity: "couriers", entityId: courier.id, after: { country, ...input } });
      return { ok: true, id: courier.id };
    });
}

/** The courier held for a change, if it is the country's. */
function lockCourier(trx: DB, country: string, courierId: number) {
  return trx
    .selectFrom("couriers as k")
    .innerJoin("countries as c", "c.id", "k.country_id")
    .select(["k.id", "k.country_id", "k.name", "k.delivery_type", "k.fee_minor", "k.active", "k.position", "k.updated_at"])
    .where("c.iso_code", "=", country)
    .where("k.id", "=", courierId)
    .forUpdate("k")
    .executeTakeFirst();
}
type Courier = NonNullable<Awaited<ReturnType<typeof lockCourier>>>;

/** Runs `change` in one transaction on the country's courier, held for it; not_found when the country has no such courier. */
function onCourier<T>(country: string, courierId: number, change: (trx: DB, courier: Courier) => Promise<T>) {
  return db()
    .transaction()
    .execute(async (trx): Promise<T | { ok: false; error: "not_found" }> => {
      const courier = await lockCourier(trx, country, courierId);
      return courier ? change(trx, courier) : { ok: false, error: "not_found" };
    });
}

/** A locker courier's pickup point, held for a change. */
function lockPoint(trx: DB, courierId: number, pointId: number) {
  return trx.selectFrom("pickup_points").select(["name", "address", "city", "zip", "updated_at"]).where("id", "=", pointId).where("courier_id", "=", courierId).forUpdate().executeTakeFirst();
}

/**
 * A courier's name, kind, fee and whether checkout offers it. Taken off,
 * it is offered to no new checkout, while an open checkout that chose it
 * keeps it. Its kind (door or locker) is not changed while an open
 * checkout has chosen it: the shopper's choice would no longer fit.
 */
export function saveCourier(actor: StaffActor, country: string, courierId: number, input: CourierInput, seen: Date | undefined): Promise<CourierOutcome> {
  return onCourier(country, courierId, async (trx, before): Promise<CourierOutcome> => {
    if (changedSince(before, seen)) return staleEdit(trx, "couriers", courierId);
    if (before.delivery_type !== input.kind) {
      const checkouts = await openCheckouts(trx, { courierId });
      if (checkouts > 0) return { ok: false, error: "in_use", checkouts };
    }
    await trx.updateTable("couriers").set({ name: input.name, delivery_type: input.kind, fee_minor: input.feeMinor, active: input.active, updated_at: new Date() }).where("id", "=", courierId).execute();
    await recordAudit(trx, actor, { action: "settings.courier.save", entity: "couriers", entityId: courierId, before: courierAsSaved(before), after: input });
    return { ok: true, id: courierId };
  });
}

/** A courier one place up or down in its country's list; `seen` is the list's version. */
export function moveCourier(actor: StaffActor, country: string, courierId: number, direction: "up" | "down", seen: Date | null | undefined): Promise<CourierOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<CourierOutcome> => {
      const found = await trx.selectFrom("countries").select("id").where("iso_code", "=", country).forUpdate().executeTakeFirst();
      if (!found) return { ok: false, error: "not_found" };
      const list = await trx.selectFrom("couriers").select(["id", "position", "updated_at"]).where("country_id", "=", found.id).orderBy("position").orderBy("id").forUpdate().execute();
      const version = listVersion(list.map((row) => ({ updatedAt: row.updated_at })));
      if (seen !== undefined && (version?.getTime() ?? null) !== (seen?.getTime() ?? null)) return staleEdit(trx, "couriers", courierId);
      const from = list.findIndex((row) => row.id === courierId);
      if (from < 0) return { ok: false, error: "not_found" };
      const to = direction === "up" ? from - 1 : from + 1;
      if (to < 0 || to >= list.length) return { ok: false, error: "no_place" };
      const order = list.map((row) => row.id);
      [order[from], order[to]] = [order[to]!, order[from]!];
      const now = new Date();
      // Renumbered from 0, so positions once equal (the demo's, a hand-made row's) come out in one order.
      for (const [position, id] of order.entries()) {
        if (list.find((row) => row.id === id)!.position !== position) await trx.updateTable("couriers").set({ position, updated_at: now }).where("id", "=", id).execute();
      }
      await recordAudit(trx, actor, { action: "settings.courier.move", entity: "couriers", entityId: courierId, before: { place: from + 1 }, after: { place: to + 1, country } });
      return { ok: true, id: courierId };
    });
}

/**
 * A courier and its lockers removed, once no open checkout has chosen it:
 * otherwise refused with how many have (take it off the checkout instead;
 * they keep it until they are placed or expire). Placed orders keep its
 * name.
 */
export function removeCourier(actor: StaffActor, country: string, courierId: number, seen: Date | undefined): Promise<CourierOutcome> {
  return onCourier(country, courierId, async (trx, before): Promise<CourierOutcome> => {
    if (changedSince(before, seen)) return staleEdit(trx, "couriers", courierId);
    const checkouts = await openCheckouts(trx, { courierId });
    if (checkouts > 0) return { ok: false, error: "in_use", checkouts };
    const points = await trx.selectFrom("pickup_points").select(sql<number>`count(*)::int`.as("n")).where("courier_id", "=", courierId).executeTakeFirstOrThrow();
    await trx.deleteFrom("couriers").where("id", "=", courierId).execute();
    await recordAudit(trx, actor, { action: "settings.courier.remove", entity: "couriers", entityId: courierId, before: { country, ...courierAsSaved(before), pickupPoints: Number(points.n) }, after: null });
    return { ok: true, id: courierId };
  });
}

// ---- pickup points ----

export type PickupPointInput = { name: string; address: string; city: string; zip: string };
export type PointOutcome = { ok: true; id: number } | { ok: false; error: "not_found" | "not_locker" } | { ok: false; error: "in_use"; checkouts: number } | StaleEdit;

/**
 * A new pickup point of a locker courier (`pointId` null), or one changed;
 * `seen` is the version of the point the page showed. A checkout that chose
 * a changed point shows it as it is now.
 */
export function savePickupPoint(actor: StaffActor, country: string, courierId: number, pointId: number | null, input: PickupPointInput, seen: Date | undefined): Promise<PointOutcome> {
  return onCourier(country, courierId, async (trx, courier): Promise<PointOutcome> => {
    if (pointId === null) {
      if (courier.delivery_type !== "locker") return { ok: false, error: "not_locker" };
      const point = await trx.insertInto("pickup_points").values({ courier_id: courierId, ...input, updated_at: new Date() }).returning("id").executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { action: "settings.pickup_point.add", entity: "couriers", entityId: courierId, after: { point: point.id, ...input } });
      return { ok: true, id: point.id };
    }
    const before = await lockPoint(trx, courierId, pointId);
    if (!before || changedSince(before, seen)) return staleEdit(trx, "couriers", courierId);
    await trx.updateTable("pickup_points").set({ ...input, updated_at: new Date() }).where("id", "=", pointId).execute();
    const { updated_at: _, ...was } = before;
    await recordAudit(trx, actor, { action: "settings.pickup_point.save", entity: "couriers", entityId: courierId, before: { point: pointId, ...was }, after: { point: pointId, ...input } });
    return { ok: true, id: pointId };
  });
}

/** A pickup point removed, once no open checkout has chosen it. */
export function removePickupPoint(actor: StaffActor, country: string, courierId: number, pointId: number, seen: Date | undefined): Promise<PointOutcome> {
  return onCourier(country, courierId, async (trx): Promise<PointOutcome> => {
    const before = await lockPoint(trx, courierId, pointId);
    if (!before || changedSince(before, seen)) return staleEdit(trx, "couriers", courierId);
    const checkouts = await openCheckouts(trx, { pointId });
    if (checkouts > 0) return { ok: false, error: "in_use", checkouts };
    await trx.deleteFrom("pickup_points").where("id", "=", pointId).execute();
    const { updated_at: _, ...was } = before;
    await recordAudit(trx, actor, { action: "settings.pickup_point.remove", entity: "couriers", entityId: courierId, before: { point: pointId, ...was }, after: null });
    return { ok: true, id: pointId };
  });
}

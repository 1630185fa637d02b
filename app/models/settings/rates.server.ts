import { changedSince, recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import type { FreightRate } from "~/models/cart/cart";
import type { WeightSteps } from "~/models/calculator/shipping-price";
import { db } from "~/models/db/db.server";
import { checkCartRates, checkForwardingRates, type SeaAboveAir } from "./rate-check";

// The shipping rates staff keep (the back office's /admin/settings): each
// site's cart rates for air and sea, and the calculator's forwarding rates
// per route. Every route's and site's pair is put through the rate check
// (rate-check.ts); a save that makes sea dearer than air for some parcel is
// refused unless confirmed, and the audit log keeps what was confirmed.

export type CartRateRow = FreightRate & { updatedAt: Date };

// The check walks a few thousand parcels; the same rates (every demo site's) are checked once.
const checked = new Map<string, SeaAboveAir | null>();
function remembered<T>(key: T, check: () => SeaAboveAir | null) {
  const name = JSON.stringify(key);
  if (!checked.has(name)) {
    if (checked.size > 500) checked.clear();
    checked.set(name, check());
  }
  return checked.get(name)!;
}

const freightRate = (row: { base_minor: number; per_kg_minor: number; volumetric_divisor: number; discount_percent: number }): FreightRate => ({
  base: Number(row.base_minor),
  perKg: Number(row.per_kg_minor),
  volumetricDivisor: row.volumetric_divisor,
  discountPercent: row.discount_percent,
});

/** Each site's air and sea rate with what the check finds: the smallest parcel sea prices above air, or null. */
export async function staffCartRates() {
  const [sites, rows] = await Promise.all([
    db().selectFrom("sites").select(["id", "code", "name"]).orderBy("id").execute(),
    db().selectFrom("shipping_rates").selectAll().execute(),
  ]);
  return sites.flatMap((site) => {
    const row = (method: "air" | "sea") => rows.find((r) => r.site_id === site.id && r.method === method);
    const [air, sea] = [row("air"), row("sea")];
    if (!air || !sea) return [];
    const rates = { air: { ...freightRate(air), updatedAt: air.updated_at }, sea: { ...freightRate(sea), updatedAt: sea.updated_at } };
    return [{ site: site.code, name: site.name, ...rates, finding: remembered([freightRate(air), freightRate(sea)], () => checkCartRates(freightRate(air), freightRate(sea))) }];
  });
}

/** One method's forwarding rate on a route: where its price steps, its volumetric divisor and its delivery days. */
export type ForwardingRate = WeightSteps & { divisor: number; daysMin: number; daysMax: number };

function forwardingRows(route?: { warehouse: string; country: string }) {
  let query = db()
    .selectFrom("forwarding_rates as r")
    .innerJoin("warehouses as w", "w.id", "r.warehouse_id")
    .innerJoin("countries as c", "c.id", "r.country_id")
    .select(["r.method", "r.first_weight_g", "r.first_minor", "r.step_g", "r.step_minor", "r.divisor", "r.days_min", "r.days_max", "r.updated_at", "w.code as warehouse", "w.position", "c.iso_code as country"]);
  if (route) query = query.where("w.code", "=", route.warehouse).where("c.iso_code", "=", route.country);
  return query.orderBy("w.position").orderBy("c.iso_code").execute();
}

const forwardingRate = (row: { first_weight_g: number; first_minor: number | string; step_g: number; step_minor: number | string; divisor: number; days_min: number; days_max: number }): ForwardingRate => ({
  firstWeightG: row.first_weight_g,
  firstMinor: Number(row.first_minor),
  stepG: row.step_g,
  stepMinor: Number(row.step_minor),
  divisor: row.divisor,
  daysMin: row.days_min,
  daysMax: row.days_max,
});

/** Each calculator route (warehouse to country) with its air and sea rates, their versions and what the check finds. */
export async function staffForwardingRates(route?: { warehouse: string; country: string }) {
  const rows = await forwardingRows(route);
  const routes = [...new Map(rows.map((row) => [`${row.warehouse}:${row.country}`, { warehouse: row.warehouse, country: row.country }])).values()];
  return routes.map((route) => {
    const rate = (method: "air" | "sea") => {
      const row = rows.find((row) => row.warehouse === route.warehouse && row.country === route.country && row.method === method);
      return row && { ...forwardingRate(row), updatedAt: row.updated_at };
    };
    const [air, sea] = [rate("air"), rate("sea")];
    // The check's result is kept by the rates alone: routes with the same rates share it.
    const finding = air && sea ? remembered([{ ...air, updatedAt: undefined }, { ...sea, updatedAt: undefined }], () => checkForwardingRates(air, sea)) : null;
    return { ...route, air, sea, finding };
  });
}

/** One route's rates, or null when the route has none. */
export async function staffForwardingRoute(warehouse: string, country: string) {
  return (await staffForwardingRates({ warehouse, country }))[0] ?? null;
}

export type RatesOutcome =
  | { ok: true }
  | { ok: false; error: "not_found" }
  /** Sea would price this parcel above air: saved only when confirmed. */
  | { ok: false; error: "sea_above_air"; finding: SeaAboveAir }
  | StaleEdit;

/**
 * A site's air and sea rates, both at once (the check compares them). `seen`
 * is each rate's version the page showed (undefined: checks nothing). A sea
 * rate that prices some parcel above air is refused unless `confirmed`; a
 * confirmed one is saved, and its audit entry names the parcel.
 */
export async function saveCartRates(actor: StaffActor, siteCode: string, rates: { air: FreightRate; sea: FreightRate }, seen: { air: Date; sea: Date } | undefined, confirmed: boolean): Promise<RatesOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<RatesOutcome> => {
      const site = await trx.selectFrom("sites").select("id").where("code", "=", siteCode).executeTakeFirst();
      if (!site) return { ok: false, error: "not_found" };
      const rows = await trx.selectFrom("shipping_rates").selectAll().where("site_id", "=", site.id).orderBy("method").forUpdate().execute();
      const before = { air: rows.find((row) => row.method === "air"), sea: rows.find((row) => row.method === "sea") };
      if (!before.air || !before.sea) return { ok: false, error: "not_found" };
      if (changedSince(before.air, seen?.air) || changedSince(before.sea, seen?.sea)) return staleEdit(trx, "shipping_rates", siteCode);
      const finding = checkCartRates(rates.air, rates.sea);
      if (finding && !confirmed) return { ok: false, error: "sea_above_air", finding };
      const now = new Date();
      for (const method of ["air", "sea"] as const) {
        const rate = rates[method];
        await trx
          .updateTable("shipping_rates")
          .set({ base_minor: rate.base, per_kg_minor: rate.perKg, volumetric_divisor: rate.volumetricDivisor, discount_percent: rate.discountPercent, updated_at: now })
          .where("site_id", "=", site.id)
          .where("method", "=", method)
          .execute();
      }
      await recordAudit(trx, actor, {
        action: "settings.rates",
        entity: "shipping_rates",
        entityId: siteCode,
        before: { air: freightRate(before.air), sea: freightRate(before.sea) },
        after: { ...rates, ...(finding ? { confirmedSeaAboveAir: finding } : {}) },
      });
      return { ok: true };
    });
}

/**
 * A route's air and sea forwarding rates, both at once (the check compares
 * them), under the same rules as a site's cart rates: `seen` is each rate's
 * version the page showed, a sea rate dearer than air for some parcel is
 * saved only when `confirmed`, and the audit entry keeps before and after.
 */
export async function saveForwardingRates(
  actor: StaffActor,
  route: { warehouse: string; country: string },
  rates: { air: ForwardingRate; sea: ForwardingRate },
  seen: { air: Date; sea: Date } | undefined,
  confirmed: boolean,
): Promise<RatesOutcome> {
  return db()
    .transaction()
    .execute(async (trx): Promise<RatesOutcome> => {
      const rows = await trx
        .selectFrom("forwarding_rates as r")
        .innerJoin("warehouses as w", "w.id", "r.warehouse_id")
        .innerJoin("countries as c", "c.id", "r.country_id")
        .selectAll("r")
        .where("w.code", "=", route.warehouse)
        .where("c.iso_code", "=", route.country)
        .orderBy("r.method")
        .forUpdate("r")
        .execute();
      const before = { air: rows.find((row) => row.method === "air"), sea: rows.find((row) => row.method === "sea") };
      if (!before.air || !before.sea) return { ok: false, error: "not_found" };
      const name = `${route.warehouse}-${route.country}`;
      if (changedSince(before.air, seen?.air) || changedSince(before.sea, seen?.sea)) return staleEdit(trx, "forwarding_rates", name);
      const finding = checkForwardingRates(rates.air, rates.sea);
      if (finding && !confirmed) return { ok: false, error: "sea_above_air", finding };
      const now = new Date();
      for (const method of ["air", "sea"] as const) {
        const rate = rates[method];
        await trx
          .updateTable("forwarding_rates")
          .set({ first_weight_g: rate.firstWeightG, first_minor: rate.firstMinor, step_g: rate.stepG, step_minor: rate.stepMinor, divisor: rate.divisor, days_min: rate.daysMin, days_max: rate.daysMax, updated_at: now })
          .where("id", "=", before[method]!.id)
          .execute();
      }
      await recordAudit(trx, actor, {
        action: "settings.forwarding_rates",
        entity: "forwarding_rates",
        entityId: name,
        before: { air: forwardingRate(before.air), sea: forwardingRate(before.sea) },
        after: { ...rates, ...(finding ? { confirmedSeaAboveAir: finding } : {}) },
      });
      return { ok: true };
    });
}

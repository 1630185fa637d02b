import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { auditTrail } from "~/models/audit/audit.server";
import { addToCart, readCart, type CartOwner } from "~/models/cart/cart.server";
import { checkoutData, generateCheckout, ownCheckout, saveShippingStep } from "~/models/checkout/checkout.server";
import { localCouriers } from "~/models/checkout/delivery.server";
import { db } from "~/models/db/db.server";
import { seedDemoData } from "~/models/demo-data/index.server";
import { COUNTRY_IDS } from "~/models/demo-data/reference";
import { siteForHost, type SiteConfig } from "~/models/sites/sites.server";
import { action as courierAction, loader as courierLoader } from "~/routes/admin/settings-courier";
import { action as couriersAction } from "~/routes/admin/settings-couriers";
import { action as shippingAction, loader as shippingLoader } from "~/routes/admin/settings-shipping";
import { ORIGIN, context, signedInStaff, outcome } from "./staff-requests";

// The shop's delivery in the back office (/admin/settings/shipping/… and
// /admin/settings/couriers/…), on the embedded database and on PostgreSQL:
// a site's shipping tiers price the next cart; a country's couriers and
// their lockers are what the next checkout offers, in their order; a
// courier taken off the checkout stays with the checkout that chose it, and
// nothing an open checkout has chosen is removed; bad input and edits from
// an older page change nothing; every change is audited; a role without
// settings.manage is turned away.

const unique = () => randomBytes(4).toString("hex");
let site: SiteConfig;
let products: Array<{ sku: string; price_minor: number }>;

beforeAll(async () => {
  await seedDemoData(db(), { products: 40, seed: 7 });
  site = await siteForHost("localhost");
  products = await db().selectFrom("products").select(["sku", "price_minor"]).where("stock", ">=", 20).where("is_active", "=", true).where("price_minor", ">=", 2500).where("price_minor", "<=", 20_000).orderBy("id").limit(2).execute();
  expect(products).toHaveLength(2);
});

const request = (path: string, fields: Record<string, string>, cookie: string) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return new Request(`${ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: ORIGIN }, body: form });
};
const postShipping = (code: string, fields: Record<string, string>, cookie: string) => outcome(async () => shippingAction({ request: request(`/admin/settings/shipping/${code}`, fields, cookie), params: { site: code }, context }));
const postCouriers = (country: string, fields: Record<string, string>, cookie: string) => outcome(async () => couriersAction({ request: request(`/admin/settings/couriers/${country}`, fields, cookie), params: { country }, context }));
const postCourier = (country: string, id: number, fields: Record<string, string>, cookie: string) =>
  outcome(async () => courierAction({ request: request(`/admin/settings/couriers/${country}/${id}`, fields, cookie), params: { country, id: String(id) }, context }));
const errorsOf = (data: unknown) => JSON.stringify((data as { error?: unknown }).error ?? null);

const tierVersion = async (siteId: number, from: number) =>
  (await db().selectFrom("shipping_tiers").select("updated_at").where("site_id", "=", siteId).where("min_subtotal_minor", "=", from).executeTakeFirstOrThrow()).updated_at.toISOString();
const courierVersion = async (id: number) => (await db().selectFrom("couriers").select("updated_at").where("id", "=", id).executeTakeFirstOrThrow()).updated_at.toISOString();
const listVersion = async (countryId: number) =>
  new Date(Math.max(...(await db().selectFrom("couriers").select("updated_at").where("country_id", "=", countryId).execute()).map((row) => row.updated_at.getTime()))).toISOString();

/** A guest's cart on the default site, with the subtotal the lines make. */
async function cartOf(lines: Array<[number, number]>): Promise<CartOwner> {
  let owner: CartOwner = { user: null, token: null };
  for (const [index, quantity] of lines) {
    const added = await addToCart(owner, site.id, products[index]!.sku, quantity);
    if (!added.ok) throw new Error(added.error);
    owner = added.owner;
  }
  return owner;
}

const ADDRESS = { first_name: "Ona", last_name: "Buyer", first_address: "Gedimino pr. 9", city: "Vilnius", zip: "01100", phone_number: "+37060000000", country_id: COUNTRY_IDS.LT };

/** A guest's open checkout with an LT address; the courier (and locker) chosen when given. */
async function openCheckout(courierId?: number, pointId?: number) {
  const owner = await cartOf([[0, 1]]);
  const generated = await generateCheckout(owner, site, 1, "en");
  if (!generated.ok) throw new Error(generated.error);
  const own = await ownCheckout(generated.slug, owner);
  if (!own.ok) throw new Error(own.error);
  const saved = await saveShippingStep(own.checkout, owner, { email: `guest-${unique()}@example.com`, address: ADDRESS, shipping_method: "air", ...(courierId ? { delivery_method: courierId, parcel_shop: pointId } : {}) });
  expect(saved).toEqual({ ok: true });
  const again = await ownCheckout(generated.slug, owner);
  if (!again.ok) throw new Error(again.error);
  return { owner, checkout: again.checkout, data: () => checkoutData(again.checkout, owner, site, "en") };
}

describe("shipping discounts by tier", () => {
  it("a tier added, changed and removed prices the next cart; each is audited", async () => {
    const { email, cookie } = await signedInStaff();
    // Below the demo's tier (free shipping from 500 €).
    const owner = await cartOf([
      [0, 1],
      [1, 1],
    ]);
    const subtotal = (await readCart(owner, site.id, "en")).subtotal;
    const tier = async () => (await readCart(owner, site.id, "en")).shipping.tier_based_shipping;
    const below = Math.floor(subtotal / 200) / 100;
    expect(await tier()).toBeNull();

    // From just under the cart's subtotal, shipping costs 2,99.
    const added = await postShipping(site.code, { intent: "tier", at: "", version: "", from: String(below).replace(".", ","), cost: "2,99" }, cookie);
    expect(added).toMatchObject({ status: 303, location: `/admin/settings/shipping/${site.code}?done=added` });
    expect(await tier()).toBe(299);
    const from = Math.round(below * 100);
    const changed = await postShipping(site.code, { intent: "tier", at: String(from), version: await tierVersion(site.id, from), from: String(below), cost: "0" }, cookie);
    expect(changed.status).toBe(303);
    expect(await tier()).toBe(0);
    expect((await auditTrail("shipping_tiers", site.code)).slice(0, 2)).toMatchObject([
      { action: "settings.tier.save", staff_email: email, before: { minSubtotalMinor: from, shippingMinor: 299 }, after: { minSubtotalMinor: from, shippingMinor: 0 } },
      { action: "settings.tier.add", after: { minSubtotalMinor: from, shippingMinor: 299 } },
    ]);

    const page = (await shippingLoader({ request: new Request(`${ORIGIN}/admin/settings/shipping/${site.code}`, { headers: { cookie } }), params: { site: site.code }, context })) as Awaited<ReturnType<typeof shippingLoader>>;
    expect(page.tiers.map((t) => t.minSubtotalMinor)).toContain(from);

    const removed = await postShipping(site.code, { intent: "tier-remove", at: String(from), version: await tierVersion(site.id, from) }, cookie);
    expect(removed.status).toBe(303);
    expect(await tier()).toBeNull();
  });

  it("refuses, changing nothing: an amount mistyped, a subtotal another tier starts from, an edit from an older page", async () => {
    const { cookie } = await signedInStaff();
    const tiers = () => db().selectFrom("shipping_tiers").select(["min_subtotal_minor", "shipping_minor"]).where("site_id", "=", site.id).orderBy("min_subtotal_minor").execute();
    const before = await tiers();
    const mistyped = await postShipping(site.code, { intent: "tier", from: "lots", cost: "-1" }, cookie);
    expect(mistyped.status).toBe(400);
    expect(errorsOf(mistyped.data)).toContain("admin.settings.amountFormat");
    // The demo's tier: free from 500 €.
    const taken = await postShipping(site.code, { intent: "tier", from: "500", cost: "1" }, cookie);
    expect(taken.status).toBe(409);
    expect(errorsOf(taken.data)).toContain("Another tier already starts from");
    const seen = await tierVersion(site.id, 50_000);
    expect((await postShipping(site.code, { intent: "tier", at: "50000", version: seen, from: "400", cost: "0" }, cookie)).status).toBe(303);
    const moved = await tiers();
    const stale = await postShipping(site.code, { intent: "tier-remove", at: "40000", version: seen }, cookie);
    expect(stale.status).toBe(409);
    expect(errorsOf(stale.data)).toContain("Someone else changed this record");
    expect(await tiers()).toEqual(moved);
    expect(moved).not.toEqual(before);
  });
});

describe("couriers and parcel lockers", () => {
  it("a courier added, moved and changed is what the next checkout offers, in its order", async () => {
    const { cookie } = await signedInStaff();
    const added = await postCouriers("LT", { intent: "courier", name: "Venipak", kind: "door", fee: "3,49", active: "on" }, cookie);
    expect(added.status).toBe(303);
    const id = Number(/\/admin\/settings\/couriers\/LT\/(\d+)\?done=added$/.exec(added.location ?? "")?.[1]);
    expect(id).toBeGreaterThan(0);
    const offered = async () => (await localCouriers(COUNTRY_IDS.LT)).map((courier) => [courier.name, courier.delivery_fee]);
    expect((await offered()).at(-1)).toEqual(["Venipak", 349]);

    const moved = await postCouriers("LT", { intent: "courier-move", courier: String(id), direction: "up", version: await listVersion(COUNTRY_IDS.LT) }, cookie);
    expect(moved).toMatchObject({ status: 303, location: "/admin/settings/couriers/LT?done=moved" });
    expect((await offered()).at(-2)).toEqual(["Venipak", 349]);

    const saved = await postCourier("LT", id, { intent: "courier", version: await courierVersion(id), name: "Venipak courier", kind: "door", fee: "2.99", active: "on" }, cookie);
    expect(saved.status).toBe(303);
    expect((await offered()).at(-2)).toEqual(["Venipak courier", 299]);
    expect((await auditTrail("couriers", id)).map((entry) => entry.action)).toEqual(["settings.courier.save", "settings.courier.move", "settings.courier.add"]);
  });

  it("taken off the checkout, a courier stays with the checkout that chose it, and is removed only once no open checkout has", async () => {
    const { cookie } = await signedInStaff();
    const added = await postCouriers("LT", { intent: "courier", name: "Itella", kind: "door", fee: "4", active: "on" }, cookie);
    const id = Number(/(\d+)\?done=added$/.exec(added.location ?? "")?.[1]);
    const chosen = await openCheckout(id);
    expect((await chosen.data()).delivery_method).toBe(id);

    const takenOff = await postCourier("LT", id, { intent: "courier", version: await courierVersion(id), name: "Itella", kind: "door", fee: "4" }, cookie);
    expect(takenOff.status).toBe(303);
    expect((await localCouriers(COUNTRY_IDS.LT)).map((courier) => courier.id)).not.toContain(id);
    // The checkout that chose it keeps it, with its fee; a new one is not offered it.
    expect(await chosen.data()).toMatchObject({ delivery_method: id, delivery_fee: 400 });
    expect((await (await openCheckout()).data()).local_delivery_couriers.map((courier) => courier.id)).not.toContain(id);

    // Its kind cannot change under the open checkout, nor can it be removed.
    const kind = await postCourier("LT", id, { intent: "courier", version: await courierVersion(id), name: "Itella", kind: "locker", fee: "4" }, cookie);
    expect(kind.status).toBe(409);
    expect(errorsOf(kind.data)).toContain("Open checkouts that have chosen this courier: 1");
    const refused = await postCourier("LT", id, { intent: "courier-remove", version: await courierVersion(id) }, cookie);
    expect(refused.status).toBe(409);
    expect(await db().selectFrom("couriers").select("id").where("id", "=", id).executeTakeFirst()).toBeDefined();

    // Once that checkout is placed, the courier goes; the checkout lets go of it (the order keeps its name).
    await db().updateTable("checkouts").set({ state: "placed" }).where("slug", "=", chosen.checkout.slug).execute();
    const removed = await postCourier("LT", id, { intent: "courier-remove", version: await courierVersion(id) }, cookie);
    expect(removed).toMatchObject({ status: 303, location: "/admin/settings/couriers/LT?done=removed" });
    expect(await db().selectFrom("checkouts").select("courier_id").where("slug", "=", chosen.checkout.slug).executeTakeFirstOrThrow()).toEqual({ courier_id: null });
    expect((await auditTrail("couriers", id))[0]).toMatchObject({ action: "settings.courier.remove", before: { name: "Itella", kind: "door", feeMinor: 400, active: false } });
  });

  it("a locker added, changed and removed is what the checkout's locker search finds; a chosen one is not removed", async () => {
    const { cookie } = await signedInStaff();
    const omniva = await db().selectFrom("couriers").select("id").where("country_id", "=", COUNTRY_IDS.LT).where("name", "=", "Omniva").executeTakeFirstOrThrow();
    const lockers = async (near: string) => (await localCouriers(COUNTRY_IDS.LT, near)).find((courier) => courier.id === omniva.id)!.pickup_points.map((point) => point.name);
    expect(await lockers("Šiauliai")).toEqual([]);
    const added = await postCourier("LT", omniva.id, { intent: "point", point: "", version: "", name: "Omniva Šiauliai 1", address: "Tilžės g. 109", city: "Šiauliai", zip: "76349" }, cookie);
    expect(added).toMatchObject({ status: 303, location: `/admin/settings/couriers/LT/${omniva.id}?done=point-added#points` });
    expect(await lockers("Šiauliai")).toEqual(["Omniva Šiauliai 1"]);
    const point = await db().selectFrom("pickup_points").select(["id", "updated_at"]).where("name", "=", "Omniva Šiauliai 1").executeTakeFirstOrThrow();

    const saved = await postCourier("LT", omniva.id, { intent: "point", point: String(point.id), version: point.updated_at.toISOString(), name: "Omniva Panevėžys 1", address: "Respublikos g. 60", city: "Panevėžys", zip: "35173" }, cookie);
    expect(saved.status).toBe(303);
    expect(await lockers("Šiauliai")).toEqual([]);
    expect(await lockers("35173")).toEqual(["Omniva Panevėžys 1"]);

    const version = async () => (await db().selectFrom("pickup_points").select("updated_at").where("id", "=", point.id).executeTakeFirstOrThrow()).updated_at.toISOString();
    const chosen = await openCheckout(omniva.id, point.id);
    const refused = await postCourier("LT", omniva.id, { intent: "point-remove", point: String(point.id), version: await version() }, cookie);
    expect(refused.status).toBe(409);
    expect(errorsOf(refused.data)).toContain("Open checkouts that have chosen this locker: 1");
    await db().updateTable("checkouts").set({ expires_at: new Date(Date.now() - 60_000) }).where("slug", "=", chosen.checkout.slug).execute();
    const removed = await postCourier("LT", omniva.id, { intent: "point-remove", point: String(point.id), version: await version() }, cookie);
    expect(removed.status).toBe(303);
    expect(await lockers("35173")).toEqual([]);
    expect((await auditTrail("couriers", omniva.id)).map((entry) => entry.action).slice(0, 3)).toEqual(["settings.pickup_point.remove", "settings.pickup_point.save", "settings.pickup_point.add"]);
  });

  it("refuses, changing nothing: a name missing, a fee mistyped, a postcode too long, a locker for a door courier, an edit from an older page", async () => {
    const { cookie } = await signedInStaff();
    const couriers = () => db().selectFrom("couriers").selectAll().orderBy("id").execute();
    const points = () => db().selectFrom("pickup_points").selectAll().orderBy("id").execute();
    const [beforeCouriers, beforePoints] = [await couriers(), await points()];
    const door = beforeCouriers.find((courier) => courier.country_id === COUNTRY_IDS.LT && courier.delivery_type === "door")!;
    const locker = beforeCouriers.find((courier) => courier.country_id === COUNTRY_IDS.LT && courier.delivery_type === "locker")!;

    const noName = await postCouriers("LT", { intent: "courier", name: " ", kind: "door", fee: "1" }, cookie);
    expect(noName.status).toBe(400);
    const badFee = await postCourier("LT", door.id, { intent: "courier", version: door.updated_at.toISOString(), name: door.name, kind: "door", fee: "five" }, cookie);
    expect(badFee.status).toBe(400);
    expect(errorsOf(badFee.data)).toContain("admin.settings.amountFormat");
    const longZip = await postCourier("LT", locker.id, { intent: "point", name: "X", address: "Y", city: "Z", zip: "1".repeat(21) }, cookie);
    expect(longZip.status).toBe(400);
    expect(errorsOf(longZip.data)).toContain("admin.delivery.tooLong.zip");
    const notLocker = await postCourier("LT", door.id, { intent: "point", name: "X", address: "Y", city: "Z", zip: "1" }, cookie);
    expect(notLocker.status).toBe(409);
    const stale = await postCourier("LT", door.id, { intent: "courier", version: new Date(door.updated_at.getTime() - 1000).toISOString(), name: "Renamed", kind: "door", fee: "1" }, cookie);
    expect(stale.status).toBe(409);
    expect(await couriers()).toEqual(beforeCouriers);
    expect(await points()).toEqual(beforePoints);
    // Another country's courier is not found under this one.
    expect((await postCourier("LV", door.id, { intent: "courier", name: "X", kind: "door", fee: "1" }, cookie)).status).toBe(404);
  });

  it("turns away a role without settings.manage", async () => {
    const { cookie } = await signedInStaff("support");
    const door = await db().selectFrom("couriers").select("id").where("country_id", "=", COUNTRY_IDS.LT).orderBy("id").executeTakeFirstOrThrow();
    expect((await outcome(async () => courierLoader({ request: new Request(`${ORIGIN}/admin/settings/couriers/LT/${door.id}`, { headers: { cookie } }), params: { country: "LT", id: String(door.id) }, context }))).status).toBe(403);
    expect((await postCourier("LT", door.id, { intent: "courier", name: "X", kind: "door", fee: "1" }, cookie)).status).toBe(403);
    expect((await postCouriers("LT", { intent: "courier", name: "X", kind: "door", fee: "1" }, cookie)).status).toBe(403);
    expect((await postShipping(site.code, { intent: "tier", from: "1", cost: "1" }, cookie)).status).toBe(403);
  });
});

import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { calculatorInputOf, calculatorSchema, choiceCodes } from "~/models/calculator/calculator-input";
import { calculateShipping, calculatorChoices } from "~/models/calculator/calculator.server";
import { db } from "~/models/db/db.server";
import { addTrackingEvent, recordShipment } from "~/models/tracking/shipments.server";
import { trackShipment } from "~/models/tracking/tracking.server";
import { loader as calculateLoader } from "~/routes/forwarding/calculator";
import { loader as shipmentLoader } from "~/routes/tracking/shipment";
import { loader as trackingLoader } from "~/routes/tracking/find";
import { runAdmin } from "../../scripts/admin";
import { makeCustomer, sessionCookie } from "./factories";

// Tracking (tracking, /tracking/{id}): anyone with the number sees the
// timeline; only the signed-in owner sees what was shipped and for what.
// And the calculator's rates as migration 0024 left them.

const unique = () => randomBytes(4).toString("hex").toUpperCase();

/** A forward request of two parcels with content lines, as the forwarding pages make them. */
async function forwardRequest(userId: number) {
  const request = await db()
    .insertInto("forward_requests")
    .values({ slug: `fr-${unique()}`, user_id: userId, site_id: 1, warehouse_id: 1, currency_id: 1, shipping_method: "sea", address: JSON.stringify({ city: "Vilnius" }) })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [index, lines] of [[["Running shoes", 1]], [["Phone case", 2], ["Charger", 1]]].entries()) {
    const parcel = await db()
      .insertInto("parcels")
      .values({ user_id: userId, site_id: 1, warehouse_id: 1, tracking_number: `IN${unique()}`, status: "forwarding" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("parcel_lines")
      .values(lines.map(([description, quantity], position) => ({ parcel_id: parcel.id, position, description: String(description), quantity: Number(quantity), value_minor: 1000 })))
      .execute();
    await db().insertInto("forward_request_parcels").values({ forward_request_id: request.id, parcel_id: parcel.id }).execute();
    expect(index).toBeLessThan(2);
  }
  return Number(request.id);
}

async function shippedForward(userId: number) {
  const requestId = await forwardRequest(userId);
  const number = `LT ${unique()} ee`;
  const shipmentId = await recordShipment(
    db(),
    { trackingNumber: number, carrier: "DPD", userId, subject_kind: "forward", subject_id: requestId },
    new Date("2026-03-01T08:00:00Z"),
  );
  await addTrackingEvent(db(), shipmentId, "in_transit", "Leipzig", new Date("2026-03-02T10:15:00Z"));
  await addTrackingEvent(db(), shipmentId, "customs", "Vilnius", new Date("2026-03-03T12:30:00Z"));
  return { requestId, number, key: number.replace(/\s+/g, "").toUpperCase() };
}

const page = (url: string, cookie?: string) => new Request(`http://localhost${url}`, cookie ? { headers: { cookie } } : {});
type Answer<T> = { data: T; status: number };
/** A loader's data and status, whether it returned data() or a plain object. */
function answerOf<T>(result: unknown): Answer<T> {
  const init = (result as { init?: { status?: number } }).init;
  return init ? { data: (result as { data: T }).data, status: init.status ?? 200 } : { data: result as T, status: 200 };
}

describe("tracking a shipment", () => {
  it("finds it by its number however it is typed, with the events newest first", async () => {
    const owner = await makeCustomer();
    const { key } = await shippedForward(owner.id);
    for (const typed of [key, key.toLowerCase(), ` ${key.slice(0, 4)} ${key.slice(4)} `]) {
      const shipment = await trackShipment(typed, null);
      expect(shipment?.carrier).toBe("DPD");
      expect(shipment?.events.map((event) => [event.code, event.location])).toEqual([["customs", "Vilnius"], ["in_transit", "Leipzig"], ["created", ""]]);
      expect(shipment?.events[0]?.happenedAt.toISOString()).toBe("2026-03-03T12:30:00.000Z");
    }
  });

  it("shows what was shipped only to its owner", async () => {
    const owner = await makeCustomer();
    const other = await makeCustomer();
    const { requestId, key } = await shippedForward(owner.id);

    const asOwner = await trackShipment(key, owner.id);
    expect(asOwner?.detail?.subject).toMatchObject({ kind: "forward", number: `FR${requestId}` });
    expect(asOwner?.detail?.contents).toEqual([
      { description: "Running shoes", quantity: 1 },
      { description: "Phone case", quantity: 2 },
      { description: "Charger", quantity: 1 },
    ]);
    expect((await trackShipment(key, other.id))?.detail).toBeNull();
    expect((await trackShipment(key, null))?.detail).toBeNull();
  });

  it("answers null for an unknown or empty number", async () => {
    expect(await trackShipment(`NOPE${unique()}`, null)).toBeNull();
    expect(await trackShipment("   ", null)).toBeNull();
  });

  it("keeps one shipment per number, whatever its spacing or case", async () => {
    const owner = await makeCustomer();
    const { key, requestId } = await shippedForward(owner.id);
    const again = { trackingNumber: key.toLowerCase(), userId: owner.id, subject_kind: "forward" as const, subject_id: requestId };
    await expect(db().transaction().execute((trx) => recordShipment(trx, again))).rejects.toThrow();
  });

  it("links a quote's shipment to the quote's page for its owner", async () => {
    const owner = await makeCustomer();
    const quote = await db()
      .insertInto("quotes")
      .values({ slug: `qu-${unique()}`, user_id: owner.id, site_id: 1, currency_id: 1 })
      .returning(["id", "slug"])
      .executeTakeFirstOrThrow();
    const number = `QX${unique()}`;
    await recordShipment(db(), { trackingNumber: number, userId: owner.id, subject_kind: "quote", subject_id: Number(quote.id) });
    expect((await trackShipment(number, owner.id))?.detail).toEqual({ subject: { kind: "quote", number: `QU${quote.id}`, slug: quote.slug }, contents: [] });
  });
});

describe("npm run admin -- tracking event", () => {
  async function admin(...argv: string[]) {
    const lines = { out: [] as string[], err: [] as string[] };
    const code = await runAdmin(argv, { out: (line) => lines.out.push(line), err: (line) => lines.err.push(line) });
    return { code, out: lines.out.join("\n"), err: lines.err.join("\n") };
  }

  it("adds an event to the shipment with that number, however typed", async () => {
    const owner = await makeCustomer();
    const { key } = await shippedForward(owner.id);
    const done = await admin("tracking", "event", "--number", key.toLowerCase(), "--code", "out_for_delivery", "--location", "Kaunas", "--at", "2026-03-04T07:00:00Z");
    expect(done).toMatchObject({ code: 0, err: "" });
    expect(done.out).toContain("out_for_delivery in Kaunas");
    expect((await trackShipment(key, null))?.events[0]).toMatchObject({ code: "out_for_delivery", location: "Kaunas" });
  });

  it("refuses an unknown code, a bad time or an unknown number, and changes nothing", async () => {
    const owner = await makeCustomer();
    const { key } = await shippedForward(owner.id);
    expect(await admin("tracking", "event", "--number", key, "--code", "lost")).toMatchObject({ code: 2 });
    expect(await admin("tracking", "event", "--number", key, "--code", "delivered", "--at", "yesterday")).toMatchObject({ code: 2 });
    expect(await admin("tracking", "event", "--code", "delivered")).toMatchObject({ code: 2 });
    const unknown = await admin("tracking", "event", "--number", `NOPE${unique()}`, "--code", "delivered");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("no shipment");
    expect((await trackShipment(key, null))?.events).toHaveLength(3);
  });
});

describe("the tracking pages", () => {
  const context = {};
  const params = { locale: "en" };

  it("the form sends a number on to its page in capitals without spaces, and refuses an empty one", async () => {
    const redirect = await trackingLoader({ request: page("/en/tracking?number=ab%2012%20cd"), params, context }).catch((thrown: unknown) => thrown);
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).headers.get("location")).toBe("/en/tracking/AB12CD");
    const empty = answerOf<{ error: string; typed: string }>(await trackingLoader({ request: page("/en/tracking?number=%20"), params, context }));
    expect(empty.status).toBe(400);
    expect(empty.data.error).toBe("Enter a tracking number.");
  });

  it("a guest and another customer see the timeline; the owner sees the contents too", async () => {
    const owner = await makeCustomer();
    const other = await makeCustomer();
    const { key } = await shippedForward(owner.id);
    const open = async (cookie?: string) => {
      const result = await shipmentLoader({ request: page(`/en/tracking/${key.toLowerCase()}`, cookie), params: { ...params, id: key.toLowerCase() }, context });
      return answerOf<{ shipment: { events: Array<{ code: string; at: string; known: boolean }>; detail: unknown } | null }>(result);
    };
    const guest = await open();
    expect(guest.status).toBe(200);
    expect(guest.data.shipment?.events[0]).toEqual({ code: "customs", known: true, location: "Vilnius", at: "2026-03-03 12:30" });
    expect(guest.data.shipment?.detail).toBeNull();
    expect(JSON.stringify(guest.data)).not.toContain("Running shoes");
    const another = await open(await sessionCookie(other.id));
    expect(JSON.stringify(another.data)).not.toContain("Running shoes");
    const mine = await open(await sessionCookie(owner.id));
    expect(JSON.stringify(mine.data)).toContain("Running shoes");
  });

  it("an unknown number is a 404 answer with the number kept, not an error", async () => {
    const result = answerOf<{ shipment: unknown; number: string; title: string }>(
      await shipmentLoader({ request: page("/en/tracking/NOSUCH1"), params: { ...params, id: "NOSUCH1" }, context }),
    );
    expect(result).toMatchObject({ status: 404, data: { shipment: null, number: "NOSUCH1", title: "No shipment found" } });
  });
});

describe("the shipping calculator's rates", () => {
  /** The prices for a form filled in as the page's URL holds it. */
  const calculate = async (form: Record<string, string>) => {
    const schema = calculatorSchema(choiceCodes(await calculatorChoices()));
    return { result: await calculateShipping(calculatorInputOf(v.parse(schema, form))) };
  };
  const params = { from: "us", to: "LT", weight: "2", length: "50", width: "40", height: "30", value: "200" };

  it("prices air and sea from the demo rates, charged by the volumetric weight", async () => {
    const { result } = await calculate(params);
    // 60 000 cm³: 12 kg by air (half-kilo steps after the first kilo), 10 kg by sea (kilo steps).
    expect(result?.methods.map((m) => [m.method, m.chargeableGrams, m.priceMinor, m.daysMin, m.daysMax])).toEqual([
      ["air", 12_000, 1990 + 22 * 450, 6, 9],
      ["sea", 10_000, 990 + 9 * 290, 35, 50],
    ]);
    // 200 € is over the 150 € duty-free amount: duty 4 % of 236 € = 9.44 €, VAT 21 % of 245.44 € = 51.5424 → 51.54 € in Lithuania.
    const sea = result?.methods[1];
    expect(sea?.landed).toEqual({ rule: "import", dutyMinor: 944, vatMinor: 5154, totalMinor: 20000 + 3600 + 944 + 5154 });
  });

  it("charges no import taxes from the German warehouse to the EU", async () => {
    const { result } = await calculate({ from: "de", to: "FI", weight: "1" });
    expect(result?.tax).toEqual({ kind: "none" });
    expect(result?.methods[0]).toMatchObject({ method: "air", priceMinor: 990 + 200 });
  });

  it("offers the nine destinations and the four warehouses", async () => {
    const choices = await calculatorChoices();
    expect(choices.warehouses.map((w) => w.code)).toEqual(["us", "gb", "de", "cn"]);
    expect(choices.countries).toEqual(["DE", "EE", "FI", "FR", "LT", "LV", "NL", "PL", "SE"]);
  });

  it("the page refuses bad input with status 400 and keeps it", async () => {
    const result = answerOf<{ lastResult: { error: Record<string, string[]>; initialValue: Record<string, string> }; result: unknown }>(
      await calculateLoader({ request: page("/en/calculate?from=us&to=LT&weight=abc&value=-1"), params: { locale: "en" }, context: {} }),
    );
    expect(result.status).toBe(400);
    expect(result.data.lastResult.error).toEqual({ weight: ["calculator.errors.number"], value: ["calculator.errors.negative"] });
    expect(result.data.lastResult.initialValue).toMatchObject({ weight: "abc", value: "-1" });
    expect(result.data.result).toBeNull();
  });
});

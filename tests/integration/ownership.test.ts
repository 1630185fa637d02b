import { describe, expect, it } from "vitest";
import { BALANCE_REL_TYPE, BALANCE_TYPE } from "~/models/balance/balance-entry";
import { addAddress } from "~/models/accounts/addresses.server";
import { recordBalanceEntry } from "~/models/balance/balance.server";
import { db } from "~/models/db/db.server";
import { loader as addressesPage } from "~/routes/account/delivery-addresses";
import { loader as balanceEntryPage } from "~/routes/account/balance-entry";
import { loader as orderPage } from "~/routes/account/my-order";
import { action as deleteAddressCall } from "~/routes/api/accounts/delete-delivery-address";
import { action as updateAddressCall } from "~/routes/api/accounts/update-delivery-address";
import { action as balanceHistoryCall } from "~/routes/api/balance/get-history";
import { makeCustomer, makeOrders, sessionCookie, statusOf } from "./factories";

// Signed in as one customer, every id-bearing page and call that names
// another customer's address, order or balance entry answers 404, and
// nothing of the other customer's changes.

async function customerWithData(name: string) {
  const { id } = await makeCustomer({ firstName: name });
  const address = await addAddress(id, {
    first_name: name, last_name: "Owner", first_address: "Gedimino pr. 1", city: "Vilnius", zip: "LT-01103", phone_number: "+370 612 34567", country_id: 1,
  });
  const [order] = await makeOrders(id, [{ kind: "marketplace", status: "unpaid" }]);
  const entry = await recordBalanceEntry({
    userId: id, relType: BALANCE_REL_TYPE.topUp, type: BALANCE_TYPE.addition, amountMinor: 5000, processorName: "Card", transactionId: `ch_${name}`,
  });
  return { id, address, order: order!, entry, cookie: await sessionCookie(id) };
}

const page = (url: string, cookie: string) => new Request(`http://localhost${url}`, { headers: { cookie } });
const call = (url: string, cookie: string, body: unknown) =>
  new Request(`http://localhost${url}`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify(body) });


describe("ownership", () => {
  it("another customer's address, order and balance entry are not found, by page or by call", async () => {
    const owner = await customerWithData("owner");
    const other = await customerWithData("other");
    const as = other.cookie;
    const params = { locale: "en" };
    const context = {};

    // Their own things open, so the 404s below are about ownership.
    expect(await statusOf(() => addressesPage({ request: page(`/en/delivery-addresses?edit=${other.address.id}`, as), params, context }))).toBe(200);
    expect(await statusOf(() => orderPage({ request: page(`/en/my-orders/${other.order.slug}`, as), params: { ...params, "*": other.order.slug }, context }))).toBe(200);
    expect(await statusOf(() => balanceEntryPage({ request: page(`/en/balance-history/${other.entry.id}`, as), params: { ...params, id: String(other.entry.id) }, context }))).toBe(200);

    const theirs = [
      () => addressesPage({ request: page(`/en/delivery-addresses?edit=${owner.address.id}`, as), params, context }),
      () => updateAddressCall({ request: call("/api/account/update-delivery-address", as, { ...other.address, id: owner.address.id, city: "Kaunas" }), params: {}, context }),
      () => deleteAddressCall({ request: call("/api/account/delete-delivery-address", as, { id: owner.address.id }), params: {}, context }),
      () => orderPage({ request: page(`/en/my-orders/${owner.order.slug}`, as), params: { ...params, "*": owner.order.slug }, context }),
      () => balanceEntryPage({ request: page(`/en/balance-history/${owner.entry.id}`, as), params: { ...params, id: String(owner.entry.id) }, context }),
      () => balanceHistoryCall({ request: call("/api/balance/get-history", as, { id: owner.entry.id }), params: {}, context }),
    ];
    for (const run of theirs) expect(await statusOf(run)).toBe(404);

    const address = await db().selectFrom("delivery_addresses").select(["city"]).where("id", "=", owner.address.id).executeTakeFirst();
    expect(address?.city).toBe("Vilnius");
  });
});

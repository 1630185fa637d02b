import { describe, expect, it } from "vitest";
import { BALANCE_REL_TYPE, BALANCE_TYPE } from "~/models/balance/balance-entry";
import { db } from "~/models/db/db.server";
import { insertStores } from "~/models/demo-data/stores";
import { startOrderPayment } from "~/models/payments/start.server";
import { cancelQuote } from "~/models/quotes/quote-admin.server";
import { acceptQuote, chooseQuoteShipping, createQuote, customerQuote, customerQuotes, declineQuote, listStores } from "~/models/quotes/quotes.server";
import { siteForHost } from "~/models/sites/sites.server";
import { action as orderFormAction } from "~/routes/quotes/request";
import { action as summaryAction } from "~/routes/quotes/request-summary";
import { loader as successPage } from "~/routes/checkout/order-successful";
import { action as quoteAction, loader as quotePage } from "~/routes/quotes/quote";
import { runAdmin } from "../../scripts/admin";
import { makeCustomer, sessionCookie, statusOf } from "./factories";

// Quotes end to end on the data: asked for, priced by the operator,
// accepted into a bill, paid from the balance into "paid for quote" (QU +
// id, linked by slug) — and never readable nor actionable by another customer.

const LINES = [
  { url: "https://www.amazon.de/dp/B0TEST", quantity: 2, options: "red", note: "", seenPriceMinor: 1999 },
  { url: "https://amazon.com.evil.io/dp/B0TEST", quantity: 1, options: "", note: "gift", seenPriceMinor: null },
];

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(argv, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

async function requestedQuote(balance = 0) {
  await insertStores(db());
  const customer = await makeCustomer({ balance });
  const site = await siteForHost("localhost");
  const quote = await createQuote({ userId: customer.id, site, locale: "en", lines: LINES });
  return { customer, site, quote };
}

const PRICE = ["--line", "1=19.99", "--line", "2=5.00", "--shop-shipping", "4.99", "--service-fee", "3.00", "--air", "12.00", "--air-days", "5-9", "--sea", "6.00", "--sea-days", "30-45", "--tax", "2.10"];

async function pricedQuote(balance = 0) {
  const made = await requestedQuote(balance);
  const priced = await admin("quote", "price", "--quote", made.quote.number, ...PRICE);
  expect(priced).toMatchObject({ code: 0 });
  return made;
}


describe("quotes", () => {
  it("a request makes a requested quote whose lines know their store, and a look-alike domain is no store", async () => {
    const { customer, quote } = await requestedQuote();
    expect(quote.number).toBe(`QU${quote.id}`);
    const detail = await customerQuote(quote.slug, customer.id);
    expect(detail).toMatchObject({ status: "requested", currency: "EUR", method: null, bill: null });
    expect(detail!.lines.map((line) => [line.position, line.store_name, line.quantity, line.seen_price_minor])).toEqual([
      [1, "Amazon.de", 2, 1999],
      [2, null, 1, null],
    ]);
    expect((await customerQuotes(customer.id)).map((q) => [q.number, q.status, q.total])).toEqual([[quote.number, "requested", null]]);
    expect((await listStores(1)).map((s) => s.domain)).toEqual(expect.arrayContaining(["amazon.com", "otto.de", "argos.co.uk"]));
  });

  it("the operator prices it; bad input is refused with exit code 2 and changes nothing", async () => {
    const { customer, quote } = await requestedQuote();
    const bad = [
      ["--line", "1=19.999", "--line", "2=5", "--air", "1", "--air-days", "5"],
      ["--line", "1=19.99", "--air", "1", "--air-days", "5"],
      ["--line", "1=19.99", "--line", "2=5", "--line", "3=1", "--air", "1", "--air-days", "5"],
      ["--line", "1=19.99", "--line", "2=5"],
      ["--line", "1=19.99", "--line", "2=5", "--air", "12", "--air-days", "9-5"],
      ["--line", "1=19.99", "--line", "2=5", "--sea", "-1", "--sea-days", "30"],
    ];
    for (const args of bad) {
      const answer = await admin("quote", "price", "--quote", quote.number, ...args);
      expect(answer.code, args.join(" ")).toBe(2);
      expect(answer.err).toMatch(/^admin: /);
    }
    expect((await admin("quote", "price", "--quote", "QU0", ...PRICE)).code).toBe(2);
    expect((await customerQuote(quote.slug, customer.id))!.status).toBe("requested");

    // "12" names the same quote as "QU12".
    expect(await admin("quote", "price", "--quote", String(quote.id), ...PRICE)).toMatchObject({ code: 0, out: `${quote.number} is priced: 67.07 by air (goods 44.98).` });
    const detail = (await customerQuote(quote.slug, customer.id))!;
    expect(detail.status).toBe("priced");
    expect(detail.lines.map((line) => line.price_minor)).toEqual([1999, 500]);
    expect(detail.totals.air).toMatchObject({ goods: 4498, subtotal: 4498 + 499 + 300 + 210, shipping: 1200, total: 6707 });
    expect(detail.totals.sea).toMatchObject({ shipping: 600, total: 6107 });
    expect(detail).toMatchObject({ air_days: "5-9", sea_days: "30-45" });
    expect((await customerQuotes(customer.id))[0]!.total).toBe(6707);
  });

  it("accepting opens a bill, paying it from the balance pays the quote, and the ledger says paid for quote QU + id with the slug", async () => {
    const { customer, site, quote } = await pricedQuote(20_000);
    expect(await chooseQuoteShipping(quote.slug, customer.id, "boat")).toEqual({ ok: false, error: "unknown_method" });
    const accepted = await acceptQuote(quote.slug, customer.id, "sea");
    expect(accepted).toMatchObject({ ok: true, number: quote.number, totalMinor: 6107 });
    if (!accepted.ok) return;
    // Accepting again (by air now) keeps one bill and brings it up to date.
    const again = await acceptQuote(quote.slug, customer.id, "air");
    expect(again).toMatchObject({ ok: true, billSlug: accepted.billSlug, totalMinor: 6707 });
    const bill = await db().selectFrom("orders").selectAll().where("slug", "=", accepted.billSlug).executeTakeFirstOrThrow();
    expect(bill).toMatchObject({ kind: "quote", source_id: quote.id, status: "unpaid", shipping_method: "air", subtotal_minor: 5507, shipping_minor: 1200, total_minor: 6707 });

    const paid = await startOrderPayment(accepted.billSlug, customer.id, site.id, "en", { provider: 4, balanceMinor: 0 });
    expect(paid).toMatchObject({ ok: true, paid: true });
    const detail = (await customerQuote(quote.slug, customer.id))!;
    expect(detail.status).toBe("paid");
    expect(detail.paid_at).not.toBeNull();
    const entry = await db().selectFrom("balance_entries").selectAll().where("user_id", "=", customer.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ rel_type: BALANCE_REL_TYPE.quote, rel_id: quote.id, quote_slug: quote.slug, type: BALANCE_TYPE.deduction, amount_minor: 6707 });
    expect(BALANCE_REL_TYPE.quote).toBe(0);

    // Paid: no more accepting, declining, cancelling or pricing; the operator moves it along.
    expect(await acceptQuote(quote.slug, customer.id, "air")).toEqual({ ok: false, error: "already_paid" });
    expect(await declineQuote(quote.slug, customer.id)).toEqual({ ok: false, error: "not_declinable" });
    expect((await admin("quote", "cancel", "--quote", quote.number)).code).toBe(1);
    expect((await admin("quote", "price", "--quote", quote.number, ...PRICE)).code).toBe(1);
    expect(await admin("quote", "status", "--quote", quote.number, "--to", "at_warehouse")).toMatchObject({ code: 0 });
    expect((await admin("quote", "status", "--quote", quote.number, "--to", "ordered")).code).toBe(1);
    expect((await admin("quote", "status", "--quote", quote.number, "--to", "paid")).code).toBe(2);
    expect((await customerQuote(quote.slug, customer.id))!.status).toBe("at_warehouse");
  });

  it("a quote not yet priced cannot be paid, and the page says so with a 400", async () => {
    const { customer, quote } = await requestedQuote();
    expect(await acceptQuote(quote.slug, customer.id, "air")).toEqual({ ok: false, error: "not_priced" });
    const cookie = await sessionCookie(customer.id);
    const body = new URLSearchParams({ intent: "accept", method: "air" });
    const request = new Request(`http://localhost/en/quotes/${quote.slug}`, { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, body });
    const answer = (await quoteAction({ request, params: { locale: "en", slug: quote.slug }, context: {} })) as unknown as { data: { error: string }; init: { status: number } };
    expect(answer.init.status).toBe(400);
    expect(answer.data.error).toMatch(/not been priced/);
    expect(await db().selectFrom("orders").select("id").where("kind", "=", "quote").where("source_id", "=", quote.id).execute()).toEqual([]);
  });

  it("paying a quote's bill while the operator cancels the quote: one of them happens, whole, and neither deadlocks", async () => {
    for (let round = 0; round < 20; round++) {
      const { customer, site, quote } = await pricedQuote(20_000);
      const accepted = await acceptQuote(quote.slug, customer.id, "sea");
      if (!accepted.ok) throw new Error("not accepted");
      const [paid, cancelled] = await Promise.all([
        startOrderPayment(accepted.billSlug, customer.id, site.id, "en", { provider: 4, balanceMinor: 0 }),
        cancelQuote(Number(quote.id), null),
      ]);
      const detail = (await customerQuote(quote.slug, customer.id))!;
      const bill = await db().selectFrom("orders").select("status").where("slug", "=", accepted.billSlug).executeTakeFirstOrThrow();
      const user = await db().selectFrom("users").select("balance_minor").where("id", "=", customer.id).executeTakeFirstOrThrow();
      if (paid.ok) {
        expect(cancelled.ok).toBe(false);
        expect([detail.status, bill.status, Number(user.balance_minor)]).toEqual(["paid", "paid", 20_000 - 6107]);
      } else {
        expect(cancelled.ok).toBe(true);
        expect([detail.status, bill.status, Number(user.balance_minor)]).toEqual(["cancelled", "cancelled", 20_000]);
      }
    }
  });

  it("declining cancels the unpaid bill; the operator's cancel does too", async () => {
    const { customer, quote } = await pricedQuote();
    const accepted = await acceptQuote(quote.slug, customer.id, "air");
    if (!accepted.ok) throw new Error("not accepted");
    expect(await declineQuote(quote.slug, customer.id)).toEqual({ ok: true });
    expect((await customerQuote(quote.slug, customer.id))!.status).toBe("declined");
    expect(await db().selectFrom("orders").select("status").where("slug", "=", accepted.billSlug).executeTakeFirstOrThrow()).toEqual({ status: "cancelled" });

    const second = await pricedQuote();
    const bill = await acceptQuote(second.quote.slug, second.customer.id, "sea");
    if (!bill.ok) throw new Error("not accepted");
    expect(await admin("quote", "cancel", "--quote", second.quote.number, "--reason", "out of stock")).toMatchObject({ code: 0 });
    expect(await customerQuote(second.quote.slug, second.customer.id)).toMatchObject({ status: "cancelled", cancel_reason: "out of stock" });
    expect(await db().selectFrom("orders").select("status").where("slug", "=", bill.billSlug).executeTakeFirstOrThrow()).toEqual({ status: "cancelled" });
  });

  it("another customer's quote is not found for reading, choosing, accepting and declining, by model and by page", async () => {
    const { customer, quote } = await pricedQuote();
    const other = await makeCustomer();
    expect(await customerQuote(quote.slug, other.id)).toBeNull();
    expect(await chooseQuoteShipping(quote.slug, other.id, "air")).toEqual({ ok: false, error: "not_found" });
    expect(await acceptQuote(quote.slug, other.id, "air")).toEqual({ ok: false, error: "not_found" });
    expect(await declineQuote(quote.slug, other.id)).toEqual({ ok: false, error: "not_found" });
    expect(await customerQuotes(other.id)).toEqual([]);

    const params = { locale: "en", slug: quote.slug };
    const as = async (userId: number) => ({ cookie: await sessionCookie(userId) });
    const page = async (userId: number) => new Request(`http://localhost/en/quotes/${quote.slug}`, { headers: await as(userId) });
    const post = async (userId: number, intent: string) =>
      new Request(`http://localhost/en/quotes/${quote.slug}`, { method: "POST", headers: { ...(await as(userId)), "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ intent, method: "air" }) });
    expect(await statusOf(async () => quotePage({ request: await page(customer.id), params, context: {} }))).toBe(200);
    expect(await statusOf(async () => quotePage({ request: await page(other.id), params, context: {} }))).toBe(404);
    for (const intent of ["method", "accept", "decline"]) {
      expect(await statusOf(async () => quoteAction({ request: await post(other.id, intent), params, context: {} })), intent).toBe(404);
    }
    expect((await customerQuote(quote.slug, customer.id))!).toMatchObject({ status: "priced", shipping_method: null, bill: null });
  });

  it("the order form keeps every row as typed: one more by a plain submit, back from the summary to edit, a bad link answered 400 by its field with nothing made, then a quote", async () => {
    await insertStores(db());
    const customer = await makeCustomer();
    const cookie = await sessionCookie(customer.id);
    const post = (path: string, fields: Array<[string, string]>) =>
      new Request(`http://localhost/en${path}`, { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
    const row = (i: number, url: string, quantity = "1", seenPrice = ""): Array<[string, string]> =>
      Object.entries({ url, quantity, options: "", note: "", seenPrice }).map(([field, value]) => [`rows[${i}].${field}`, value]);
    const params = { locale: "en" };
    type Reply = { data: { initialValue: { rows: Array<Record<string, string>> }; error?: Record<string, string[]> }; init: { status: number } };

    // "Add another link" without JavaScript: conform's list intent, answered with the rows and one more.
    const insert = JSON.stringify({ type: "insert", payload: { name: "rows", defaultValue: { url: "", quantity: "1", options: "", note: "", seenPrice: "" } } });
    const added = (await summaryAction({ request: post("/order-form/summary", [["__intent__", insert], ...row(0, "www.ebay.de/itm/1", "2")]), params, context: {} })) as unknown as Reply;
    expect(added.init.status).toBe(200);
    expect(added.data.initialValue.rows).toMatchObject([{ url: "www.ebay.de/itm/1", quantity: "2" }, { quantity: "1" }]);
    expect(await customerQuotes(customer.id)).toEqual([]);

    // "Edit" on the summary hands the rows back to /order-form as typed.
    const edited = (await orderFormAction({ request: post("/order-form", [["intent", "edit"], ...row(0, "www.ebay.de/itm/1", "2")]), params, context: {} })) as unknown as Reply;
    expect(edited.data.initialValue.rows).toMatchObject([{ url: "www.ebay.de/itm/1", quantity: "2" }]);

    const refused = (await summaryAction({ request: post("/order-form/summary", [["intent", "submit"], ...row(0, "www.ebay.de/itm/1"), ...row(1, "no link here")]), params, context: {} })) as unknown as Reply;
    expect(refused.init.status).toBe(400);
    expect(refused.data.error).toEqual({ "rows[1].url": ["validation.url"] });
    expect(refused.data.initialValue.rows.map((r) => r.url)).toEqual(["www.ebay.de/itm/1", "no link here"]);
    expect(await customerQuotes(customer.id)).toEqual([]);

    const reviewed = (await summaryAction({ request: post("/order-form/summary", [["intent", "review"], ...row(0, "www.ebay.de/itm/1")]), params, context: {} })) as unknown as { data: { step: string } };
    expect(reviewed.data.step).toBe("summary");
    expect(await customerQuotes(customer.id)).toEqual([]);

    const sent = await summaryAction({ request: post("/order-form/summary", [["intent", "submit"], ...row(0, "www.ebay.de/itm/1", "1", "19,99")]), params, context: {} }).catch((thrown: unknown) => thrown);
    expect(sent).toBeInstanceOf(Response);
    const [made] = await customerQuotes(customer.id);
    expect((sent as Response).headers.get("location")).toBe(`/en/order-successful?quote=${made!.slug}`);
    expect(made).toMatchObject({ status: "requested", firstStore: "eBay.de", lineCount: 1 });
    // The price seen was typed with a decimal comma, as Baltic shoppers write it.
    const seen = await db().selectFrom("quote_lines").select("seen_price_minor").where("quote_id", "=", made!.id).execute();
    expect(seen.map((line) => Number(line.seen_price_minor))).toEqual([1999]);

    const success = (url: string, as: string) => successPage({ request: new Request(url, { headers: { cookie: as } }), params, context: {} }) as Promise<{ quote: { number: string } | null }>;
    expect((await success(`http://localhost/en/order-successful?quote=${made!.slug}`, cookie)).quote?.number).toBe(made!.number);
    const stranger = await sessionCookie((await makeCustomer()).id);
    expect((await success(`http://localhost/en/order-successful?quote=${made!.slug}`, stranger)).quote).toBeNull();
  });
});

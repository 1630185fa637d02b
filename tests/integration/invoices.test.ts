import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addAddress } from "~/models/accounts/addresses.server";
import { BALANCE_REL_TYPE, BALANCE_TYPE } from "~/models/balance/balance-entry";
import { COMMAND_LINE } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { invoicePdfForCustomer } from "~/models/invoices/invoice-pdf.server";
import { declineInvoice, invoiceForCustomer, invoicesOf, payInvoice } from "~/models/invoices/invoices.server";
import { issueInvoice } from "~/models/invoices/issue.server";
import { sellerFor } from "~/models/invoices/seller";
import { startOrderPayment } from "~/models/payments/start.server";
import { action as acceptAction, loader as acceptPage } from "~/routes/invoices/accept";
import { loader as invoicePage } from "~/routes/invoices/invoice";
import { loader as invoicePdf } from "~/routes/invoices/invoice-pdf";
import { action as declineAction, loader as declinePage } from "~/routes/invoices/decline";
import { loader as invoicesPage } from "~/routes/invoices/list";
import { runAdmin } from "../../scripts/admin";
import { makeCustomer, sessionCookie } from "./factories";

// Invoices (issue 15): issued by an operator with a gapless number per year,
// paid through their bill like any order paid later, declined by the
// customer, and nobody else's to read, pay, decline or download.

const LINES = [
  { description: "Storage of a parcel, 12 days", quantity: 1, unitMinor: 600, vatRate: "21" },
  { description: "Repacking", quantity: 2, unitMinor: 350, vatRate: "21" },
];
// 13.00 € net, 2.73 € VAT at 21 %.
const GROSS = 1573;
const outbox = process.env.OUTBOX_DIR!;

function capture() {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, output: { out: (line: string) => lines.out.push(line), err: (line: string) => lines.err.push(line) } };
}

async function issued(email: string, now?: Date) {
  const outcome = await issueInvoice(COMMAND_LINE, { email, lines: LINES, now });
  if (!outcome.ok) throw new Error(`not issued: ${outcome.error}`);
  return outcome.invoice;
}

async function siteId() {
  return Number((await db().selectFrom("sites").select("id").orderBy("id").executeTakeFirstOrThrow()).id);
}

const billOf = (invoiceId: number) =>
  db().selectFrom("orders").select(["id", "slug", "status", "total_minor", "user_id"]).where("kind", "=", "invoice").where("source_id", "=", invoiceId).executeTakeFirstOrThrow();

const page = (url: string, cookie: string) => new Request(`http://localhost${url}`, { headers: { cookie } });
const post = (url: string, cookie: string, fields: Record<string, string>) =>
  new Request(`http://localhost${url}`, { method: "POST", headers: { cookie, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });

/** The status a loader or action answered with, whether it returned or threw it. */
async function answerOf(run: () => Promise<unknown>) {
  try {
    const result = await run();
    if (result instanceof Response) return { status: result.status, response: result };
    return { status: (result as { init?: { status?: number } }).init?.status ?? 200, data: result };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, response: thrown };
    const status = (thrown as { init?: { status?: number } }).init?.status;
    if (status) return { status };
    throw thrown;
  }
}

describe("issuing", () => {
  it("an operator issues an invoice: number, buyer, lines, bill and e-mail", async () => {
    const customer = await makeCustomer({ firstName: "Eglė", lastName: "Žukauskienė" });
    await addAddress(customer.id, { first_name: "Eglė", last_name: "Ž", first_address: "Gedimino pr. 1", city: "Vilnius", zip: "01103", phone_number: "+370 612 34567", country_id: 1 });
    const run = capture();
    const argv = ["invoice", "issue", "--email", customer.email.toUpperCase(), "--line", "Storage of a parcel, 12 days;1;6.00;21", "--line", "Repacking;2;3.50;21", "--due-days", "10"];
    expect(await runAdmin(argv, run.output), run.lines.err.join("\n")).toBe(0);
    expect(run.lines.out.join("\n")).toMatch(/Issued invoice \d{4}-\d{6} .*15\.73 EUR/);

    const invoice = await db().selectFrom("invoices").selectAll().where("user_id", "=", customer.id).executeTakeFirstOrThrow();
    expect(invoice.number).toMatch(new RegExp(`^${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(invoice.status).toBe("issued");
    expect(invoice.buyer).toMatchObject({ name: "Eglė Žukauskienė", email: customer.email });
    expect(invoice.buyer.address).toContain("Gedimino pr. 1, 01103 Vilnius");
    expect(Math.round((invoice.due_at.getTime() - invoice.issued_at.getTime()) / 86_400_000)).toBe(10);
    const lines = await db().selectFrom("invoice_lines").select(["position", "description", "quantity", "unit_minor"]).where("invoice_id", "=", invoice.id).orderBy("position").execute();
    expect(lines).toEqual([
      { position: 0, description: "Storage of a parcel, 12 days", quantity: 1, unit_minor: 600 },
      { position: 1, description: "Repacking", quantity: 2, unit_minor: 350 },
    ]);
    const bill = await billOf(Number(invoice.id));
    expect(bill).toMatchObject({ status: "unpaid", total_minor: GROSS, user_id: customer.id });

    const mails = existsSync(outbox)
      ? readdirSync(outbox)
          .filter((name) => name.endsWith(".json"))
          .map((name) => JSON.parse(readFileSync(join(outbox, name), "utf8")) as { to: string; subject: string; text: string })
          .filter((mail) => mail.to === customer.email)
      : [];
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(invoice.number);
    expect(mails[0]!.text).toContain(`/invoice/${invoice.id}`);
  });

  it("bad command lines are refused with exit code 2 and change nothing", async () => {
    const customer = await makeCustomer();
    const cases = [
      ["invoice", "issue", "--email", customer.email],
      ["invoice", "issue", "--line", "Repacking;2;3.50;21"],
      ["invoice", "issue", "--email", customer.email, "--line", "Repacking;2;3,50;21"],
      ["invoice", "issue", "--email", customer.email, "--line", "Repacking;0;3.50;21"],
      ["invoice", "issue", "--email", customer.email, "--line", "Repacking;2;3.50;121"],
      ["invoice", "issue", "--email", customer.email, "--line", "Repacking;2;3.50"],
      ["invoice", "issue", "--email", customer.email, "--line", "Repacking;2;3.50;21", "--due-days", "-1"],
      ["invoice", "issue", "--email", customer.email, "--line", "Repacking;2;3.50;21", "--colour", "red"],
      ["invoice", "cancel"],
      ["invoice", "reissue"],
    ];
    for (const argv of cases) {
      const run = capture();
      expect(await runAdmin(argv, run.output), argv.join(" ")).toBe(2);
      expect(run.lines.err.join("\n"), argv.join(" ")).toMatch(/^admin: /);
    }
    const unknown = capture();
    expect(await runAdmin(["invoice", "issue", "--email", "nobody@example.invalid", "--line", "Repacking;2;3.50;21"], unknown.output)).toBe(1);
    expect(unknown.lines.err.join("\n")).toContain("no account");
    const noSite = capture();
    expect(await runAdmin(["invoice", "issue", "--email", customer.email, "--line", "Repacking;2;3.50;21", "--site", "nowhere"], noSite.output)).toBe(1);
    expect(await db().selectFrom("invoices").select("id").where("user_id", "=", customer.id).execute()).toEqual([]);
  });

  it("10 invoices issued at once take ten numbers in a row, none twice, none skipped", async () => {
    const customer = await makeCustomer();
    const year = new Date("2031-02-03T10:00:00Z");
    const invoices = await Promise.all(Array.from({ length: 10 }, () => issued(customer.email, year)));
    const numbers = invoices.map((invoice) => invoice.number).sort();
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => `2031-${String(i + 1).padStart(6, "0")}`));
    // A new year starts again at 1.
    expect((await issued(customer.email, new Date("2032-01-01T00:00:01Z"))).number).toBe("2032-000001");
    expect((await issued(customer.email, year)).number).toBe("2031-000011");
  });

  it("keeps the seller as it was on the day of issue: a later change of the business's details does not rewrite it", async () => {
    const customer = await makeCustomer();
    const invoice = await issued(customer.email);
    const kept = await db().selectFrom("invoices").select("seller").where("id", "=", invoice.id).executeTakeFirstOrThrow();
    expect(kept.seller).toEqual(sellerFor("default"));
    const before = { ...sellerFor("default"), name: "The business's name when it issued this" };
    await db().updateTable("invoices").set({ seller: JSON.stringify(before) }).where("id", "=", invoice.id).execute();
    expect((await invoiceForCustomer(invoice.id, customer.id))?.seller).toEqual(before);
  });

  it("an operator cancels an unpaid invoice and its bill, and only once", async () => {
    const customer = await makeCustomer();
    const invoice = await issued(customer.email);
    const run = capture();
    expect(await runAdmin(["invoice", "cancel", "--invoice", invoice.number], run.output), run.lines.err.join("\n")).toBe(0);
    expect((await invoiceForCustomer(invoice.id, customer.id))?.status).toBe("cancelled");
    expect((await billOf(invoice.id)).status).toBe("cancelled");
    const again = capture();
    expect(await runAdmin(["invoice", "cancel", "--invoice", String(invoice.id)], again.output)).toBe(1);
    expect(again.lines.err.join("\n")).toContain("is cancelled");
    expect(await runAdmin(["invoice", "cancel", "--invoice", "1999-000001"], capture().output)).toBe(1);
  });
});

describe("paying and declining", () => {
  it("paid from the balance: the invoice is paid and the ledger names it (related type 4)", async () => {
    const customer = await makeCustomer({ balance: 10_000 });
    const invoice = await issued(customer.email);
    const pay = await payInvoice(invoice.id, customer.id);
    expect(pay).toEqual({ ok: true, billSlug: invoice.billSlug });
    expect(await startOrderPayment(invoice.billSlug, customer.id, await siteId(), "en", { provider: 4, balanceMinor: 0 })).toMatchObject({ ok: true, paid: true });

    const view = await invoiceForCustomer(invoice.id, customer.id);
    expect(view).toMatchObject({ status: "paid", payable: false });
    expect(view?.paidAt).toBeInstanceOf(Date);
    const ledger = await db().selectFrom("balance_entries").selectAll().where("user_id", "=", customer.id).orderBy("id").execute();
    expect(ledger.at(-1)).toMatchObject({ rel_type: BALANCE_REL_TYPE.miscInvoice, type: BALANCE_TYPE.deduction, rel_id: invoice.id, amount_minor: GROSS });
    // Paid, it can be neither paid again nor declined.
    expect(await payInvoice(invoice.id, customer.id)).toEqual({ ok: false, error: "not_payable", status: "paid" });
    expect(await declineInvoice(invoice.id, customer.id)).toEqual({ ok: false, error: "not_issued", status: "paid" });
  });

  it("declined: the bill is cancelled and can no longer be paid", async () => {
    const customer = await makeCustomer({ balance: 10_000 });
    const invoice = await issued(customer.email);
    expect(await declineInvoice(invoice.id, customer.id)).toEqual({ ok: true, number: invoice.number });
    const view = await invoiceForCustomer(invoice.id, customer.id);
    expect(view).toMatchObject({ status: "declined", payable: false });
    expect(view?.declinedAt).toBeInstanceOf(Date);
    expect((await billOf(invoice.id)).status).toBe("cancelled");
    expect(await payInvoice(invoice.id, customer.id)).toEqual({ ok: false, error: "not_payable", status: "declined" });
    expect(await startOrderPayment(invoice.billSlug, customer.id, await siteId(), "en", { provider: 4, balanceMinor: 0 })).toEqual({ ok: false, error: "already_paid" });
    expect(Number((await db().selectFrom("users").select("balance_minor").where("id", "=", customer.id).executeTakeFirstOrThrow()).balance_minor)).toBe(10_000);
  });

  it("paying and declining at the same moment: exactly one of them happens", async () => {
    const customer = await makeCustomer({ balance: 10_000 });
    const invoice = await issued(customer.email);
    const site = await siteId();
    const [paid, declined] = await Promise.all([
      startOrderPayment(invoice.billSlug, customer.id, site, "en", { provider: 4, balanceMinor: 0 }),
      declineInvoice(invoice.id, customer.id),
    ]);
    const status = (await invoiceForCustomer(invoice.id, customer.id))!.status;
    expect(paid.ok !== declined.ok).toBe(true);
    expect(status).toBe(paid.ok ? "paid" : "declined");
    const balance = Number((await db().selectFrom("users").select("balance_minor").where("id", "=", customer.id).executeTakeFirstOrThrow()).balance_minor);
    expect(balance).toBe(paid.ok ? 10_000 - GROSS : 10_000);
  });

  it("another customer's invoice cannot be read, paid, declined or downloaded", async () => {
    const owner = await makeCustomer();
    const other = await makeCustomer();
    const invoice = await issued(owner.email);
    expect(await invoiceForCustomer(invoice.id, other.id)).toBeNull();
    expect(await payInvoice(invoice.id, other.id)).toEqual({ ok: false, error: "not_found" });
    expect(await declineInvoice(invoice.id, other.id)).toEqual({ ok: false, error: "not_found" });
    expect(await invoicePdfForCustomer(invoice.id, other.id, "en")).toBeNull();
    expect(await invoicesOf(other.id)).toEqual([]);

    const as = await sessionCookie(other.id);
    const params = { locale: "en", id: String(invoice.id) };
    const context = {};
    expect((await answerOf(() => invoicePage({ request: page(`/en/invoice/${invoice.id}`, as), params, context }))).status).toBe(404);
    expect((await answerOf(() => invoicePdf({ request: page(`/en/invoice/${invoice.id}/pdf`, as), params, context }))).status).toBe(404);
    expect((await answerOf(() => acceptPage({ request: page(`/en/invoice/accept?invoice=${invoice.id}`, as), params, context }))).status).toBe(404);
    expect((await answerOf(() => declinePage({ request: page(`/en/invoice/decline?invoice=${invoice.id}`, as), params, context }))).status).toBe(404);
    const fields = { invoice: String(invoice.id) };
    expect((await answerOf(() => acceptAction({ request: post(`/en/invoice/accept`, as, fields), params, context }))).status).toBe(404);
    expect((await answerOf(() => declineAction({ request: post(`/en/invoice/decline`, as, fields), params, context }))).status).toBe(404);
    expect((await answerOf(() => acceptAction({ request: post(`/en/invoice/accept`, as, { invoice: "x" }), params, context }))).status).toBe(404);
    // Nothing of the owner's changed.
    expect((await invoiceForCustomer(invoice.id, owner.id))?.status).toBe("issued");
    expect((await billOf(invoice.id)).status).toBe("unpaid");
  });
});

describe("the pages", () => {
  it("the owner reads the invoice, pays through its bill, downloads the PDF and declines", async () => {
    const owner = await makeCustomer();
    const invoice = await issued(owner.email);
    const as = await sessionCookie(owner.id);
    const params = { locale: "en", id: String(invoice.id) };
    const context = {};

    const shown = await answerOf(() => invoicePage({ request: page(`/en/invoice/${invoice.id}`, as), params, context }));
    expect(shown.status).toBe(200);
    expect(shown.data).toMatchObject({ title: `Invoice ${invoice.number}`, invoice: { number: invoice.number, statusLabel: "Waiting for payment", totals: { gross: "€15.73" }, payable: true } });

    const pay = await answerOf(() => acceptAction({ request: post(`/en/invoice/accept?invoice=${invoice.id}`, as, { invoice: String(invoice.id) }), params, context }));
    expect(pay.status).toBe(303);
    expect(pay.response?.headers.get("location")).toBe(`/en/payment/${invoice.billSlug}`);
    const state = await answerOf(() => acceptPage({ request: page(`/en/invoice/accept?invoice=${invoice.id}`, as), params, context }));
    expect(state.data).toMatchObject({ message: `Invoice ${invoice.number} is not paid yet.` });

    const pdf = await answerOf(() => invoicePdf({ request: page(`/en/invoice/${invoice.id}/pdf`, as), params, context }));
    expect(pdf.status).toBe(200);
    expect(pdf.response?.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.response?.headers.get("content-disposition")).toBe(`attachment; filename="${invoice.number}.pdf"`);
    const bytes = Buffer.from(await pdf.response!.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(5_000);

    const listed = await answerOf(() => invoicesPage({ request: page(`/en/invoices`, as), params: { locale: "en" }, context }));
    expect(listed.data).toMatchObject({ invoices: [{ id: invoice.id, number: invoice.number, total: "€15.73" }] });

    const decline = await answerOf(() => declineAction({ request: post(`/en/invoice/decline?invoice=${invoice.id}`, as, { invoice: String(invoice.id) }), params, context }));
    expect(decline.status).toBe(303);
    expect(decline.response?.headers.get("location")).toBe(`/en/invoice/${invoice.id}?declined=1`);
    const after = await answerOf(() => invoicePage({ request: page(`/en/invoice/${invoice.id}?declined=1`, as), params, context }));
    expect(after.data).toMatchObject({ notice: `You declined invoice ${invoice.number}. It can no longer be paid.`, invoice: { status: "declined", payable: false } });

    // Now neither "Pay" nor "Decline" goes through: a translated message, status 400.
    const payAgain = await answerOf(() => acceptAction({ request: post(`/en/invoice/accept?invoice=${invoice.id}`, as, { invoice: String(invoice.id) }), params, context }));
    expect(payAgain.status).toBe(400);
    expect(JSON.stringify(payAgain.data)).toContain("You declined this invoice");
    const declineAgain = await answerOf(() => declineAction({ request: post(`/en/invoice/decline?invoice=${invoice.id}`, as, { invoice: String(invoice.id) }), params, context }));
    expect(declineAgain.status).toBe(400);
  });
});

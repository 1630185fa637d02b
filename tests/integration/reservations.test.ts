import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { housekeepingRound } from "../../server/housekeeping";
import { COMMAND_LINE } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import { setAllocation } from "~/models/reservations/allocations.server";
import { requestReservation, reserveUnit, RESERVATIONS_PER_MINUTE } from "~/models/reservations/reserve.server";
import { CONFIRM_WITHIN_HOURS } from "~/models/reservations/reservations";
import { siteForHost } from "~/models/sites/sites.server";
import { honeypotInputProps } from "~/web/honeypot.server";
import { loader as confirmPage } from "~/routes/reservations/confirm";
import { action as reserveAction, loader as reservePage } from "~/routes/reservations/reserve";
import { loader as myReservationsPage } from "~/routes/reservations/mine";
import { loader as policyPage } from "~/routes/reservations/policy";
import { runAdmin } from "../../scripts/admin";
import { makeCustomer, sessionCookie } from "./factories";

// The iPhone reservation (issue 16): a unit of a limited allocation is
// taken in one transaction, confirmed through the emailed link, given back
// when the reservation lapses or is cancelled, and never taken twice: many
// shoppers reserving the last phones at once get exactly what is left.

const ORIGIN = "http://localhost";
const outbox = process.env.OUTBOX_DIR!;
const params = { locale: "en" };
const unique = () => randomBytes(5).toString("hex");
const HOUR = 3_600_000;

/** An option of a model of its own, so tests sharing a database never meet. */
async function option(count: number, priceMinor = 132900) {
  const model = `Test phone ${unique()}`;
  const outcome = await setAllocation(COMMAND_LINE, { model, colour: "Deep Blue", storageGb: 256, count, priceMinor });
  if (!outcome.ok) throw new Error(outcome.error);
  return { id: outcome.id, model };
}

const optionRow = (id: number) => db().selectFrom("reservation_options").select(["allocation", "reserved"]).where("id", "=", id).executeTakeFirstOrThrow();
const reservationsOfOption = (id: number) => db().selectFrom("reservations").selectAll().where("option_id", "=", id).orderBy("id").execute();

function mailsTo(to: string) {
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith(".json"))
    .map((name) => JSON.parse(readFileSync(join(outbox, name), "utf8")) as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to);
}

/** The form as the page sends it: the honeypot's fields, the trap empty. */
function reservationForm(fields: Record<string, string>) {
  const form = new FormData();
  const pot = honeypotInputProps();
  form.set(pot.nameFieldName, "");
  if (pot.validFromFieldName) form.set(pot.validFromFieldName, pot.encryptedValidFrom);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const contact = (email = `shopper-${unique()}@example.com`) => ({ name: "Ona Buyer", email, phone: "+370 612 34567", policy: "on" });
const freshIp = () => `10.${randomBytes(3).join(".")}`;

type Answer = { status: number; location: string | null; data: unknown };

/** Runs a loader or action and tells what it answered: status, redirect target, data. */
async function answer(run: () => Promise<unknown>): Promise<Answer> {
  try {
    const result = await run();
    if (result instanceof Response) return { status: result.status, location: result.headers.get("location"), data: undefined };
    const init = (result as { init?: { status?: number } }).init;
    const data = init ? (result as { data: unknown }).data : result;
    return { status: init?.status ?? 200, location: null, data };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("location"), data: undefined };
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return { status: init.status, location: null, data: (thrown as { data: unknown }).data };
    throw thrown;
  }
}

const reserve = (form: FormData, cookie = "", ip = freshIp()) =>
  answer(() =>
    reserveAction({
      request: new Request(`${ORIGIN}/en/iphone-reservation`, { method: "POST", headers: { cookie, origin: ORIGIN }, body: form }),
      params,
      context: { clientIp: ip },
    }),
  );

const confirm = (token: string) =>
  answer(() => confirmPage({ request: new Request(`${ORIGIN}/en/iphone-reservation/confirm/${token}`), params: { ...params, id: token }, context: {} }));

type ConfirmData = { title: string; message: string; confirmed: boolean; reservation: { number: string; status: string; model: string; colour: string; storage: string; price: string } | null };
type FormReply = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };

describe("reserving and confirming", () => {
  it("reserves a unit, emails the link, confirms it once and shows the reservation", async () => {
    const { id, model } = await option(3);
    const fields = contact();
    const sent = await reserve(reservationForm({ option: String(id), ...fields }));
    expect(sent).toMatchObject({ status: 303, location: "/en/reservation/success" });
    const [reservation] = await reservationsOfOption(id);
    expect(reservation).toMatchObject({ status: "pending", email: fields.email, name: "Ona Buyer", phone: "+370 612 34567", user_id: null, confirmed_at: null });
    expect(reservation!.expires_at.getTime() - reservation!.created_at.getTime()).toBe(CONFIRM_WITHIN_HOURS * HOUR);
    expect(await optionRow(id)).toEqual({ allocation: 3, reserved: 1 });

    const [mail] = mailsTo(fields.email);
    expect(mail?.subject).toContain(`R${reservation!.id}`);
    expect(mail?.text).toContain(`${model}, Deep Blue, 256 GB`);
    const link = /https?:\/\/\S+\/en\/iphone-reservation\/confirm\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "");
    expect(link?.[1]).toBe(reservation!.token);

    const first = await confirm(link![1]!);
    expect(first.status).toBe(200);
    const shown = first.data as ConfirmData;
    expect(shown.confirmed).toBe(true);
    expect(shown.message).toContain("is confirmed");
    expect(shown.reservation).toMatchObject({ number: `R${reservation!.id}`, status: "confirmed", model, colour: "Deep Blue", storage: "256 GB", price: "€1,329.00" });
    const confirmed = await db().selectFrom("reservations").select(["status", "confirmed_at"]).where("id", "=", reservation!.id).executeTakeFirstOrThrow();
    expect(confirmed.status).toBe("confirmed");
    expect(confirmed.confirmed_at).not.toBeNull();

    // The link opened again: still confirmed, nothing taken or given back.
    const again = await confirm(link![1]!);
    expect(again.status).toBe(200);
    expect((again.data as ConfirmData).message).toBe("This reservation is confirmed.");
    expect((await db().selectFrom("reservations").select("confirmed_at").where("id", "=", reservation!.id).executeTakeFirstOrThrow()).confirmed_at).toEqual(confirmed.confirmed_at);
    expect(await optionRow(id)).toEqual({ allocation: 3, reserved: 1 });
  });

  it("answers an unknown or malformed link with 404 and a message, not an error screen", async () => {
    for (const token of [randomBytes(32).toString("base64url"), "nonsense", "a".repeat(200)]) {
      const opened = await confirm(token);
      expect(opened.status, token).toBe(404);
      expect(opened.data).toMatchObject({ title: "Reservation not found", confirmed: false, reservation: null });
    }
  });

  it("a signed-in customer's reservation is theirs: pre-filled form, listed on /my-reservations, nobody else's", async () => {
    const customer = await makeCustomer({ firstName: "Eglė", lastName: "Žukauskienė" });
    const cookie = await sessionCookie(customer.id);
    const { id, model } = await option(2);
    const page = await answer(() => reservePage({ request: new Request(`${ORIGIN}/en/iphone-reservation?model=${encodeURIComponent(model)}`, { headers: { cookie } }), params, context: {} }));
    expect(page.data).toMatchObject({ defaults: { email: customer.email, name: "Eglė Žukauskienė" }, chosen: { model, options: [{ id, colour: "Deep Blue", storage: "256 GB", left: 2 }] } });

    expect((await reserve(reservationForm({ option: String(id), ...contact(customer.email) }), cookie)).status).toBe(303);
    const listed = await answer(() => myReservationsPage({ request: new Request(`${ORIGIN}/en/my-reservations`, { headers: { cookie } }), params, context: {} }));
    expect((listed.data as { reservations: { model: string; status: string }[] }).reservations).toEqual([expect.objectContaining({ model, status: "pending" })]);

    const other = await makeCustomer();
    const otherCookie = await sessionCookie(other.id);
    const theirs = await answer(() => myReservationsPage({ request: new Request(`${ORIGIN}/en/my-reservations`, { headers: { cookie: otherCookie } }), params, context: {} }));
    expect((theirs.data as { reservations: unknown[] }).reservations).toEqual([]);
    const guest = await answer(() => myReservationsPage({ request: new Request(`${ORIGIN}/en/my-reservations`), params, context: {} }));
    expect(guest.status).toBe(302);
    expect(guest.location).toContain("/en/login");
  });
});

describe("refusals change nothing", () => {
  it("keeps what was typed and says what is missing, with status 400", async () => {
    const { id } = await option(2);
    const fields = contact();
    const noPolicy = await reserve(reservationForm({ option: String(id), name: fields.name, email: fields.email, phone: fields.phone }));
    expect(noPolicy.status).toBe(400);
    const reply = noPolicy.data as FormReply;
    expect(reply.error).toMatchObject({ policy: ["reservation.errors.acceptPolicy"] });
    expect(reply.initialValue).toMatchObject({ option: String(id), name: "Ona Buyer", email: fields.email, phone: "+370 612 34567" });

    const badPhone = await reserve(reservationForm({ option: String(id), ...fields, phone: "+370 12" }));
    expect(badPhone.status).toBe(400);
    expect((badPhone.data as FormReply).error).toMatchObject({ phone: ["validation.phone"] });

    const noChoice = await reserve(reservationForm(fields));
    expect((noChoice.data as FormReply).error).toMatchObject({ option: ["reservation.errors.chooseOption"] });

    const robot = reservationForm({ option: String(id), ...fields });
    robot.set(honeypotInputProps().nameFieldName, "Buy now");
    expect((await reserve(robot)).status).toBe(400);

    const unknown = await reserve(reservationForm({ option: "999999999", ...fields }));
    expect(unknown.status).toBe(400);
    expect((unknown.data as FormReply).error).toMatchObject({ "": ["reservation.errors.chooseOption"] });

    expect(await reservationsOfOption(id)).toEqual([]);
    expect(await optionRow(id)).toEqual({ allocation: 2, reserved: 0 });
    expect(mailsTo(fields.email)).toEqual([]);
  });

  it("refuses a sold-out option, which the page shows as sold out", async () => {
    const { id, model } = await option(1);
    expect((await reserve(reservationForm({ option: String(id), ...contact() }))).status).toBe(303);
    const late = contact();
    const refused = await reserve(reservationForm({ option: String(id), ...late }));
    expect(refused.status).toBe(400);
    expect((refused.data as FormReply).error).toMatchObject({ "": ["reservation.errors.soldOut"] });
    expect((refused.data as FormReply).initialValue).toMatchObject({ email: late.email });
    expect(await optionRow(id)).toEqual({ allocation: 1, reserved: 1 });
    expect(mailsTo(late.email)).toEqual([]);

    const page = await answer(() => reservePage({ request: new Request(`${ORIGIN}/en/iphone-reservation?model=${encodeURIComponent(model)}`), params, context: {} }));
    expect(page.data).toMatchObject({ chosen: { model, soldOut: true, options: [{ id, left: 0 }] } });
    expect((page.data as { models: { model: string; soldOut: boolean }[] }).models).toContainEqual(expect.objectContaining({ model, soldOut: true }));
  });

  it("holds at most two phones of a model per customer, even asked for at once", async () => {
    const { id } = await option(10);
    const site = await siteForHost("localhost");
    const email = `keen-${unique()}@example.com`;
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => reserveUnit({ optionId: id, name: "Keen", email, phone: "+37061234567", userId: null, siteId: site.id })),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(2);
    expect(outcomes.filter((outcome) => !outcome.ok).map((outcome) => !outcome.ok && outcome.error)).toEqual(Array(4).fill("limit"));
    expect(await optionRow(id)).toEqual({ allocation: 10, reserved: 2 });
  });

  it("limits how often one address may reserve", async () => {
    const { id } = await option(20);
    const site = await siteForHost("localhost");
    const ip = freshIp();
    const outcomes = [];
    for (let i = 0; i <= RESERVATIONS_PER_MINUTE; i++) {
      outcomes.push(await requestReservation({ optionId: id, name: "Busy", email: `busy-${unique()}@example.com`, phone: "+37061234567", userId: null }, { site, locale: "en", clientIp: ip }));
    }
    expect(outcomes.slice(0, RESERVATIONS_PER_MINUTE).every((outcome) => outcome.ok)).toBe(true);
    expect(outcomes.at(-1)).toEqual({ ok: false, error: "too_many_requests" });
    expect(await optionRow(id)).toEqual({ allocation: 20, reserved: RESERVATIONS_PER_MINUTE });
  });
});

describe("lapsing and cancelling give the unit back, once", () => {
  it("a link opened after its time lapses the reservation with 410 and gives its unit back", async () => {
    const { id } = await option(2);
    const site = await siteForHost("localhost");
    const made = await reserveUnit({ optionId: id, name: "Late", email: `late-${unique()}@example.com`, phone: "+37061234567", userId: null, siteId: site.id }, new Date(Date.now() - (CONFIRM_WITHIN_HOURS + 1) * HOUR));
    if (!made.ok) throw new Error(made.error);
    expect(await optionRow(id)).toEqual({ allocation: 2, reserved: 1 });

    const opened = await confirm(made.token);
    expect(opened.status).toBe(410);
    expect(opened.data).toMatchObject({ title: "The reservation has lapsed", confirmed: false, reservation: { status: "expired" } });
    expect(await optionRow(id)).toEqual({ allocation: 2, reserved: 0 });
    expect((await reservationsOfOption(id)).map((r) => r.status)).toEqual(["expired"]);

    // Opened again, and the hourly housekeeping after it: the unit is not given back twice.
    expect((await confirm(made.token)).status).toBe(410);
    await housekeepingRound();
    expect(await optionRow(id)).toEqual({ allocation: 2, reserved: 0 });
  });

  it("the hourly housekeeping lapses what was not confirmed in time, and only that", async () => {
    const { id } = await option(5);
    const site = await siteForHost("localhost");
    const make = async (hoursAgo: number) => {
      const made = await reserveUnit({ optionId: id, name: "H", email: `h-${unique()}@example.com`, phone: "+37061234567", userId: null, siteId: site.id }, new Date(Date.now() - hoursAgo * HOUR));
      if (!made.ok) throw new Error(made.error);
      return made;
    };
    const stale = [await make(CONFIRM_WITHIN_HOURS + 2), await make(CONFIRM_WITHIN_HOURS + 1)];
    const fresh = await make(1);
    const confirmedLate = await make(CONFIRM_WITHIN_HOURS - 1);
    expect((await confirm(confirmedLate.token)).status).toBe(200);
    expect(await optionRow(id)).toEqual({ allocation: 5, reserved: 4 });

    await housekeepingRound();
    expect(await optionRow(id)).toEqual({ allocation: 5, reserved: 2 });
    const statuses = new Map((await reservationsOfOption(id)).map((r) => [r.token, r.status]));
    expect(stale.map((r) => statuses.get(r.token))).toEqual(["expired", "expired"]);
    expect(statuses.get(fresh.token)).toBe("pending");
    expect(statuses.get(confirmedLate.token)).toBe("confirmed");

    await housekeepingRound();
    expect(await optionRow(id)).toEqual({ allocation: 5, reserved: 2 });
    expect((await confirm(stale[0]!.token)).status).toBe(410);
  });

  it("an operator cancels a reservation: its unit goes back, and cancelling twice is refused", async () => {
    const { id } = await option(1);
    expect((await reserve(reservationForm({ option: String(id), ...contact() }))).status).toBe(303);
    const [reservation] = await reservationsOfOption(id);
    const lines: string[] = [];
    const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    expect(await runAdmin(["reservation", "cancel", "--reservation", `R${reservation!.id}`], output)).toBe(0);
    expect(await optionRow(id)).toEqual({ allocation: 1, reserved: 0 });
    expect(await runAdmin(["reservation", "cancel", "--reservation", `R${reservation!.id}`], output)).toBe(1);
    expect(lines.at(-1)).toContain("is cancelled");
    expect(await optionRow(id)).toEqual({ allocation: 1, reserved: 0 });
    const opened = await confirm(reservation!.token);
    expect(opened.status).toBe(410);
    expect(opened.data).toMatchObject({ title: "The reservation is cancelled" });
  });
});

describe("the operator's allocations", () => {
  it("adds an option with its price, changes the allocation, never below what is reserved, and lists it", async () => {
    const model = `Test phone ${unique()}`;
    const lines: string[] = [];
    const output = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    const allocate = (...extra: string[]) => runAdmin(["reservation", "allocate", "--model", model, "--colour", "Cosmic Orange", "--storage", "1TB", ...extra], output);

    expect(await allocate("--count", "3")).toBe(1);
    expect(lines.at(-1)).toContain("give its --price");
    expect(await allocate("--count", "3", "--price", "1829.00")).toBe(0);
    expect(lines.at(-1)).toMatch(/^Added .*Cosmic Orange, 1 TB .* 1829\.00 EUR: allocation 3, reserved 0, left 3\.$/);
    const row = await db().selectFrom("reservation_options").select(["id", "price_minor", "allocation"]).where("model", "=", model).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ price_minor: 182900, allocation: 3 });

    const site = await siteForHost("localhost");
    for (let i = 0; i < 2; i++) await reserveUnit({ optionId: Number(row.id), name: "A", email: `a-${unique()}@example.com`, phone: "+37061234567", userId: null, siteId: site.id });
    expect(await allocate("--count", "1")).toBe(1);
    expect(lines.at(-1)).toContain("2 of");
    expect(await allocate("--count", "2")).toBe(0);
    expect(await optionRow(Number(row.id))).toEqual({ allocation: 2, reserved: 2 });

    expect(await runAdmin(["reservation", "list", "--model", model], output)).toBe(0);
    expect(lines.at(-1)).toMatch(/Cosmic Orange\t1 TB\t1829\.00 EUR\tallocation 2\treserved 2\tleft 0$/);
    expect(await runAdmin(["reservation", "holders", "--model", model, "--status", "pending"], output)).toBe(0);
    expect(lines.slice(-2).every((line) => /^R\d+\tpending\t/.test(line))).toBe(true);
    expect(await runAdmin(["reservation", "allocate", "--model", model], output)).toBe(2);
  });

  it("the demo allocation has three models, with sold-out options among them", async () => {
    const rows = await db().selectFrom("reservation_options").select(["model", "allocation"]).where("model", "like", "iPhone 17%").execute();
    expect(new Set(rows.map((row) => row.model))).toEqual(new Set(["iPhone 17", "iPhone 17 Pro", "iPhone 17 Pro Max"]));
    expect(rows.some((row) => row.allocation === 0)).toBe(true);
    expect(rows.every((row) => row.allocation <= 10)).toBe(true);
  });

  it("the reservation policy is the content page of that name, else the policy the reservation follows", async () => {
    const open = async () => {
      const page = await answer(() => policyPage({ request: new Request(`${ORIGIN}/en/reservation-policy`), params, context: {} }));
      expect(page.status).toBe(200);
      return (page.data as { page: { title: string; body: string } }).page;
    };
    await db().deleteFrom("pages").where("slug", "=", "reservation-policy").execute();
    const fallback = await open();
    expect(fallback.title).toBe("Reservation policy");
    expect(fallback.body).toContain("at most two phones of the same model");

    const page = await db().insertInto("pages").values({ slug: "reservation-policy" }).returning("id").executeTakeFirstOrThrow();
    const english = await db().selectFrom("languages").select("id").where("iso_code", "=", "en").executeTakeFirstOrThrow();
    await db().insertInto("page_translations").values({ page_id: page.id, language_id: english.id, title: "Our reservation rules", body: "Written by the operator." }).execute();
    expect(await open()).toMatchObject({ title: "Our reservation rules", body: "Written by the operator." });
  });
});

describe("concurrent reservations", () => {
  it("30 shoppers reserving the last 5 phones at once: exactly 5 get one, the rest hear it is sold out", async () => {
    const { id } = await option(5);
    const site = await siteForHost("localhost");
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        requestReservation(
          { optionId: id, name: `Shopper ${i}`, email: `race-${i}-${unique()}@example.com`, phone: "+37061234567", userId: null },
          { site, locale: "en", clientIp: freshIp() },
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(5);
    expect(outcomes.filter((outcome) => !outcome.ok).map((outcome) => !outcome.ok && outcome.error)).toEqual(Array(25).fill("sold_out"));
    expect(await optionRow(id)).toEqual({ allocation: 5, reserved: 5 });
    expect(await reservationsOfOption(id)).toHaveLength(5);
  });
});

import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Locale } from "~/lib/i18n";
import { allowAttempt } from "~/models/accounts/rate-limits.server";
import { db } from "~/models/db/db.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { logger } from "~/platform/logger.server";
import { reportServerError } from "~/platform/sentry.server";
import { sendReservationLink } from "./reservation-mail.server";
import { CONFIRM_WITHIN_HOURS, HOLDING_STATUSES, MAX_PER_MODEL } from "./reservations";

// Reserving one phone: a unit of the option's allocation is taken and a
// pending reservation made in one transaction, then the link to confirm it
// is emailed. The unit is taken by a conditional update: on PostgreSQL a
// second transaction updating the same row waits for the first and checks
// `reserved < allocation` again against what it committed, so however many
// shoppers press "Reserve" at once, no more units are taken than there are.

export type ReserveRequest = {
  optionId: number;
  name: string;
  email: string;
  phone: string;
  userId: number | null;
  siteId: number;
};

export type ReserveError = "unknown_option" | "sold_out" | "limit" | "too_many_requests";
export type ReserveOutcome = { ok: true; id: number; token: string; expiresAt: Date } | { ok: false; error: ReserveError };

/** Reservations a form may send per address and per email address each minute. */
export const RESERVATIONS_PER_MINUTE = 5;

/** Takes one unit and makes the pending reservation, or says why not; nothing changes on a refusal. */
export async function reserveUnit(request: ReserveRequest, now = new Date()): Promise<ReserveOutcome> {
  const email = request.email.toLowerCase();
  return db()
    .transaction()
    .execute(async (trx): Promise<ReserveOutcome> => {
      const option = await trx.selectFrom("reservation_options").select(["id", "model"]).where("id", "=", request.optionId).executeTakeFirst();
      if (!option) return { ok: false, error: "unknown_option" };
      // One customer's two tabs must not both pass the per-model count below.
      await sql`select pg_advisory_xact_lock(hashtextextended(${`reservation:${email}`}, 0))`.execute(trx);
      const held = await trx
        .selectFrom("reservations as r")
        .innerJoin("reservation_options as o", "o.id", "r.option_id")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("r.email", "=", email)
        .where("r.status", "in", HOLDING_STATUSES)
        .where("o.model", "=", option.model)
        .executeTakeFirstOrThrow();
      if (Number(held.n) >= MAX_PER_MODEL) return { ok: false, error: "limit" };
      const taken = await trx
        .updateTable("reservation_options")
        .set((eb) => ({ reserved: eb("reserved", "+", 1) }))
        .where("id", "=", option.id)
        .whereRef("reserved", "<", "allocation")
        .returning("id")
        .executeTakeFirst();
      if (!taken) return { ok: false, error: "sold_out" };
      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(now.getTime() + CONFIRM_WITHIN_HOURS * 3_600_000);
      const row = await trx
        .insertInto("reservations")
        .values({
          token,
          user_id: request.userId,
          email,
          name: request.name,
          phone: request.phone,
          option_id: option.id,
          site_id: request.siteId,
          created_at: now,
          expires_at: expiresAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { ok: true, id: Number(row.id), token, expiresAt };
    });
}

/**
 * The reservation form's use case: rate-limited per address and per email,
 * then reserveUnit, then the email with the link. A mail that cannot be
 * sent is reported, not refused: the unit is held and comes back by itself
 * when the unconfirmed reservation lapses.
 */
export async function requestReservation(
  request: Omit<ReserveRequest, "siteId">,
  context: { site: SiteConfig; locale: Locale; clientIp?: string; now?: Date },
): Promise<ReserveOutcome> {
  const byAddress = await allowAttempt(`reservation:ip:${context.clientIp ?? "unknown"}`, RESERVATIONS_PER_MINUTE);
  const byEmail = await allowAttempt(`reservation:email:${request.email.toLowerCase()}`, RESERVATIONS_PER_MINUTE);
  if (!byAddress || !byEmail) return { ok: false, error: "too_many_requests" };
  const outcome = await reserveUnit({ ...request, siteId: context.site.id }, context.now);
  if (outcome.ok) {
    await sendReservationLink(outcome.id, outcome.token, context.locale, context.site).catch((error: unknown) => {
      logger.error({ err: error, reservation: outcome.id }, "Reservation link could not be sent");
      reportServerError(error);
    });
  }
  return outcome;
}

import { sql } from "kysely";
import { hashPassword, verifyPassword } from "~/models/accounts/passwords.server";
import { allowAttempt, hasAttemptsLeft, refundAttempt } from "~/models/accounts/rate-limits.server";
import { db } from "~/models/db/db.server";
import { createStaffSession, endStaffSession, type SessionMeta, type StaffSession } from "./staff-sessions.server";
import { looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStep, totpUri } from "./two-factor";

// Staff sign-in in two steps (docs/back-office.md): the password opens a
// pending session; a one-time code (or a recovery code) turns it into a
// signed-in one, on a new id. A staff member without a second factor enrols
// one at that step: nobody reaches a page of the back office on a password
// alone. Attempts are limited per address and per staff member, as the
// customers' sign-in is.

export type StaffSignInError = "too_many_requests" | "invalid_credentials" | "invalid_code";
type Refusal = { ok: false; error: StaffSignInError };
const refuse = (error: StaffSignInError): Refusal => ({ ok: false, error });

let decoyHash: Promise<string> | undefined;

/** The password step: a pending session's id, and whether the second factor is already enrolled. */
export async function signInStaff(email: string, password: string, meta: SessionMeta): Promise<{ ok: true; sessionId: string } | Refusal> {
  const address = email.trim().toLowerCase();
  const accountKey = `staff-login:account:${address}`;
  const addressKey = `staff-login:ip:${meta.ip ?? "unknown"}`;
  if (!(await allowAttempt(addressKey)) || !(await hasAttemptsLeft(accountKey))) return refuse("too_many_requests");
  const staff = await db().selectFrom("staff").select(["id", "password_hash", "disabled_at"]).where("email", "=", address).executeTakeFirst();
  const usable = staff?.password_hash && staff.disabled_at === null ? staff : null;
  // The same work whether or not the account exists, so timing tells nobody.
  const matches = await verifyPassword(usable?.password_hash ?? (await (decoyHash ??= hashPassword("not a real password"))), password);
  if (!usable || !matches) {
    await allowAttempt(accountKey);
    return refuse("invalid_credentials");
  }
  // A right password no longer counts against the address: a warehouse's
  // staff behind one address all sign in at the start of a shift (decision 061).
  await refundAttempt(addressKey);
  return {
    ok: true,
    sessionId: await createStaffSession(usable.id, meta, false),
  };
}

/** Enrolment's secret for a pending session: made once and kept on the session until a code proves it. */
export async function enrolmentSecret(session: StaffSession) {
  let secret = session.pendingSecret;
  if (!secret) {
    secret = newTotpSecret();
    await db().updateTable("staff_sessions").set({ pending_totp_secret: secret }).where("id", "=", session.id).execute();
  }
  return { secret, uri: totpUri(secret, session.staff.email) };
}

async function codeAttemptAllowed(staffId: number) {
  return allowAttempt(`staff-code:${staffId}`);
}

/** Moves a pending session to a signed-in one, on a new id. */
async function promote(session: StaffSession, meta: SessionMeta) {
  await endStaffSession(session.id);
  return createStaffSession(session.staff.id, meta, true);
}

/** The code step for an enrolled staff member: a current one-time code, or one of the recovery codes. */
export async function confirmStaffCode(session: StaffSession, code: string, meta: SessionMeta): Promise<{ ok: true; sessionId: string; usedRecoveryCode: boolean } | Refusal> {
  if (!(await codeAttemptAllowed(session.staff.id))) return refuse("too_many_requests");
  const staff = await db().selectFrom("staff").select(["totp_secret"]).where("id", "=", session.staff.id).executeTakeFirst();
  if (!staff?.totp_secret) return refuse("invalid_code");
  const step = totpStep(staff.totp_secret, code);
  if (step !== null) {
    // A code is good once: the step is taken only if it is newer than the last one used.
    const taken = await db()
      .updateTable("staff")
      .set({ totp_last_step: step })
      .where("id", "=", session.staff.id)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1)
      return {
        ok: true,
        sessionId: await promote(session, meta),
        usedRecoveryCode: false,
      };
    return refuse("invalid_code");
  }
  if (looksLikeRecoveryCode(code)) {
    const used = await db()
      .updateTable("staff_recovery_codes")
      .set({ used_at: sql<Date>`now()` })
      .where("staff_id", "=", session.staff.id)
      .where("code_hash", "=", recoveryCodeHash(code))
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 1)
      return {
        ok: true,
        sessionId: await promote(session, meta),
        usedRecoveryCode: true,
      };
  }
  return refuse("invalid_code");
}

/**
 * The enrolment step: the first code from the new secret saves it, with ten
 * new recovery codes to show once. The session stays pending until the
 * staff member says they have kept the codes (finishEnrolment), so the page
 * that shows them is still this session's.
 */
export async function completeEnrolment(session: StaffSession, code: string): Promise<{ ok: true; recoveryCodes: string[] } | Refusal> {
  if (!(await codeAttemptAllowed(session.staff.id))) return refuse("too_many_requests");
  const secret = session.pendingSecret;
  const step = secret ? totpStep(secret, code) : null;
  if (!secret || step === null) return refuse("invalid_code");
  const recoveryCodes = newRecoveryCodes();
  const saved = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .updateTable("staff")
        .set({ totp_secret: secret, totp_last_step: step })
        .where("id", "=", session.staff.id)
        .where("totp_secret", "is", null)
        .executeTakeFirst();
      if (Number(row.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom("staff_recovery_codes").where("staff_id", "=", session.staff.id).execute();
      await trx
        .insertInto("staff_recovery_codes")
        .values(
          recoveryCodes.map((recovery) => ({
            staff_id: session.staff.id,
            code_hash: recoveryCodeHash(recovery),
          }))
        )
        .execute();
      return true;
    });
  if (!saved) return refuse("invalid_code");
  return { ok: true, recoveryCodes };
}

/** After the recovery codes were shown: the session that enrolled becomes a signed-in one, on a new id. */
export async function finishEnrolment(session: StaffSession, meta: SessionMeta): Promise<{ ok: true; sessionId: string } | Refusal> {
  if (!session.justEnrolled) return refuse("invalid_code");
  return { ok: true, sessionId: await promote(session, meta) };
}

/** How many unused recovery codes a staff member has left. */
export async function recoveryCodesLeft(staffId: number) {
  const row = await db()
    .selectFrom("staff_recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("left"))
    .where("staff_id", "=", staffId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}

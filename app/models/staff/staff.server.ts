import { createHash, randomBytes } from "node:crypto";
import { hashPassword } from "~/models/accounts/passwords.server";
import { recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";
import type { StaffRole } from "~/models/db/schema";
import { endAllStaffSessions } from "./staff-sessions.server";

// Staff accounts (docs/back-office.md): an owner invites by email (a
// set-password link), disables at once (every session ends), and resets a
// lost second factor, which the staff member then enrols again after their
// password. Each change is written to the audit log in its transaction.

export const INVITE_TTL_HOURS = 72;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type StaffRow = { id: number; email: string; name: string; role: StaffRole; locale: "en" | "lt" | "lv" | "ee"; enrolled: boolean; invited: boolean; disabled_at: Date | null; created_at: Date; version: number };

export async function listStaff(): Promise<StaffRow[]> {
  const rows = await db()
    .selectFrom("staff")
    .select(["id", "email", "name", "role", "locale", "disabled_at", "created_at", "version"])
    .select((eb) => [eb("totp_secret", "is not", null).as("enrolled"), eb("password_hash", "is", null).as("invited")])
    .orderBy("disabled_at", (ob) => ob.nullsFirst())
    .orderBy("name")
    .execute();
  return rows.map((row) => ({ ...row, enrolled: Boolean(row.enrolled), invited: Boolean(row.invited) }));
}

export type NewStaff = { email: string; name: string; role: StaffRole; locale: "en" | "lt" | "lv" | "ee" };
export type StaffChangeError = "email_taken" | "not_found" | "own_account" | "last_owner";

/** Adds a staff member without a password and returns the invite's token, for the set-password link the caller emails. */
export async function inviteStaff(actor: StaffActor, staff: NewStaff): Promise<{ ok: true; id: number; token: string } | { ok: false; error: "email_taken" }> {
  const token = randomBytes(32).toString("base64url");
  return db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto("staff")
        .values({ email: staff.email.toLowerCase(), name: staff.name, role: staff.role, locale: staff.locale })
        .onConflict((oc) => oc.column("email").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!row) return { ok: false as const, error: "email_taken" as const };
      await trx
        .insertInto("staff_invites")
        .values({ token_hash: hashToken(token), staff_id: row.id, expires_at: new Date(Date.now() + INVITE_TTL_HOURS * 3_600_000) })
        .execute();
      await recordAudit(trx, actor, { action: "staff.invite", entity: "staff", entityId: row.id, after: { ...staff } });
      return { ok: true as const, id: row.id, token };
    });
}

/** The invited staff member an unused, unexpired token belongs to. */
export async function inviteOf(token: string) {
  return db()
    .selectFrom("staff_invites")
    .innerJoin("staff", "staff.id", "staff_invites.staff_id")
    .select(["staff.id", "staff.email", "staff.name", "staff.locale"])
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .where("staff.disabled_at", "is", null)
    .executeTakeFirst();
}

/** Sets the password an invite asked for; the link then works no more. False for a used or expired link. */
export async function acceptInvite(token: string, password: string) {
  const invite = await inviteOf(token);
  if (!invite) return false;
  const passwordHash = await hashPassword(password);
  return db()
    .transaction()
    .execute(async (trx) => {
      const used = await trx
        .updateTable("staff_invites")
        .set({ used_at: new Date() })
        .where("token_hash", "=", hashToken(token))
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return false;
      await trx.updateTable("staff").set({ password_hash: passwordHash }).where("id", "=", invite.id).execute();
      await trx
        .insertInto("audit_log")
        .values({ staff_id: invite.id, staff_email: invite.email, action: "staff.set_password", entity: "staff", entity_id: String(invite.id), before: null, after: null, ip: null })
        .execute();
      return true;
    });
}

type StaffChange = { ok: true } | { ok: false; error: StaffChangeError } | StaleEdit;

/**
 * Disables or enables a staff member. Disabling ends their sessions at once.
 * Nobody disables themselves, and the last owner cannot be disabled, so the
 * shop always has someone who can manage staff.
 */
export async function setStaffDisabled(actor: StaffActor, staffId: number, disabled: boolean, version: number): Promise<StaffChange> {
  if (staffId === actor.id) return { ok: false, error: "own_account" };
  const outcome = await db()
    .transaction()
    .execute(async (trx): Promise<StaffChange> => {
      const row = await trx.selectFrom("staff").select(["role", "disabled_at", "version"]).where("id", "=", staffId).forUpdate().executeTakeFirst();
      if (!row) return { ok: false, error: "not_found" };
      if (row.version !== version) return staleEdit(trx, "staff", staffId);
      if (disabled && row.role === "owner") {
        const owners = await trx.selectFrom("staff").select((eb) => eb.fn.countAll<number>().as("n")).where("role", "=", "owner").where("disabled_at", "is", null).executeTakeFirstOrThrow();
        if (Number(owners.n) <= 1) return { ok: false, error: "last_owner" };
      }
      const disabledAt = disabled ? (row.disabled_at ?? new Date()) : null;
      await trx.updateTable("staff").set({ disabled_at: disabledAt, version: row.version + 1 }).where("id", "=", staffId).execute();
      await recordAudit(trx, actor, { action: disabled ? "staff.disable" : "staff.enable", entity: "staff", entityId: staffId, before: { disabled_at: row.disabled_at }, after: { disabled_at: disabledAt } });
      return { ok: true };
    });
  if (outcome.ok && disabled) await endAllStaffSessions(staffId);
  return outcome;
}

/**
 * A lost phone: an owner clears the staff member's second factor and
 * recovery codes and ends their sessions. At their next sign-in, after the
 * password, they enrol a new phone. Never done by email alone.
 */
export async function resetSecondFactor(actor: StaffActor, staffId: number, version: number): Promise<StaffChange> {
  const outcome = await db()
    .transaction()
    .execute(async (trx): Promise<StaffChange> => {
      const row = await trx.selectFrom("staff").select(["version"]).where("id", "=", staffId).forUpdate().executeTakeFirst();
      if (!row) return { ok: false, error: "not_found" };
      if (row.version !== version) return staleEdit(trx, "staff", staffId);
      await trx.updateTable("staff").set({ totp_secret: null, totp_last_step: null, version: row.version + 1 }).where("id", "=", staffId).execute();
      await trx.deleteFrom("staff_recovery_codes").where("staff_id", "=", staffId).execute();
      await recordAudit(trx, actor, { action: "staff.reset_second_factor", entity: "staff", entityId: staffId });
      return { ok: true };
    });
  if (outcome.ok) await endAllStaffSessions(staffId);
  return outcome;
}

/** A staff member with a password and a second factor already set: the demo data and `npm run admin staff add`. */
export async function addStaff(staff: NewStaff & { password: string; totpSecret?: string }) {
  const row = await db()
    .insertInto("staff")
    .values({
      email: staff.email.toLowerCase(),
      name: staff.name,
      role: staff.role,
      locale: staff.locale,
      password_hash: await hashPassword(staff.password),
      totp_secret: staff.totpSecret ?? null,
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

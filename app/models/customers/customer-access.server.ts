import { DEFAULT_LOCALE, isLocale, type Locale } from "~/lib/i18n";
import { newResetToken, sendResetLink } from "~/models/accounts/password-reset.server";
import { recordAudit, staleEdit, type StaffActor, type StaleEdit } from "~/models/audit/audit.server";
import { db } from "~/models/db/db.server";

// Staff help a customer back into their account, or keep them out
// (docs/back-office.md). A password-reset link is the shop's own (an hour,
// once), sent in the customer's language from their site; blocking refuses
// their sign-in and ends every session of theirs in the same transaction.
// Each is written to the audit log with the change.

export type SendResetResult = { ok: true; email: string; locale: Locale } | { ok: false; error: "not_found" } | StaleEdit;

/**
 * Emails the customer a link to choose a new password. `seenEmail` is the
 * address the staff member's page showed: if the account's address has
 * changed since, the link is not sent (the stale-edit rule), so it never
 * goes to an address nobody looked at.
 */
export async function sendCustomerPasswordReset(actor: StaffActor, userId: number, seenEmail: string): Promise<SendResetResult> {
  const found = await db()
    .transaction()
    .execute(async (trx) => {
      const user = await trx
        .selectFrom("users")
        .leftJoin("languages as ul", "ul.id", "users.language_id")
        .leftJoin("sites", "sites.id", "users.site_id")
        .leftJoin("languages as sl", "sl.id", "sites.default_language_id")
        .select(["users.id", "users.email", "users.first_name", "users.password_hash", "ul.iso_code as user_language", "sl.iso_code as site_language", "sites.name as site_name", "sites.app_url"])
        .where("users.id", "=", userId)
        .executeTakeFirst();
      if (!user) return { ok: false as const, error: "not_found" as const };
      if (user.email.toLowerCase() !== seenEmail.trim().toLowerCase()) return staleEdit(trx, "customer", userId);
      const locale: Locale = [user.user_language, user.site_language].find(isLocale) ?? DEFAULT_LOCALE;
      const token = await newResetToken(userId, trx);
      await recordAudit(trx, actor, { action: "customer.send_reset", entity: "customer", entityId: userId, after: { email: user.email, locale } });
      return { ok: true as const, user, locale, token };
    });
  if (!found.ok) return found;
  const { user, locale, token } = found;
  // A customer with no site of their own (made before sites were kept) is sent the default site's link.
  const site = user.app_url && user.site_name ? { name: user.site_name, appUrl: user.app_url } : await defaultSite();
  // Sent once the token is committed, so the link in the email always works. An account
  // that never had a password (made for a guest's order) is asked to set one, as at sign-up.
  await sendResetLink(user, token, site, locale, user.password_hash ? "reset" : "set");
  return { ok: true, email: user.email, locale };
}

async function defaultSite() {
  const site = await db().selectFrom("sites").select(["name", "app_url"]).where("code", "=", "default").executeTakeFirstOrThrow();
  return { name: site.name, appUrl: site.app_url };
}

export type BlockResult = { ok: true } | { ok: false; error: "not_found" } | StaleEdit;

/**
 * Blocks or unblocks the customer's sign-in, with the reason staff give.
 * Blocking ends every session of theirs at once. A customer already in the
 * state asked for was put there by someone else since the page was drawn:
 * refused as a stale edit, naming who and when.
 */
export async function setCustomerBlocked(actor: StaffActor, userId: number, blocked: boolean, reason: string): Promise<BlockResult> {
  return db()
    .transaction()
    .execute(async (trx): Promise<BlockResult> => {
      const user = await trx.selectFrom("users").select(["id", "blocked_at", "blocked_reason"]).where("id", "=", userId).forUpdate().executeTakeFirst();
      if (!user) return { ok: false, error: "not_found" };
      if (Boolean(user.blocked_at) === blocked) return staleEdit(trx, "customer", userId);
      const now = new Date();
      await trx
        .updateTable("users")
        .set(blocked ? { blocked_at: now, blocked_reason: reason.trim() } : { blocked_at: null, blocked_reason: null })
        .where("id", "=", userId)
        .execute();
      const ended = blocked ? await trx.deleteFrom("sessions").where("user_id", "=", userId).executeTakeFirst() : null;
      await recordAudit(trx, actor, {
        action: blocked ? "customer.block" : "customer.unblock",
        entity: "customer",
        entityId: userId,
        before: { blocked_at: user.blocked_at, blocked_reason: user.blocked_reason },
        after: { blocked_at: blocked ? now : null, reason: reason.trim(), ...(ended ? { sessions_ended: Number(ended.numDeletedRows) } : {}) },
      });
      return { ok: true };
    });
}

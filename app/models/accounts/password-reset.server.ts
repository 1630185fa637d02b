import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { i18nServer } from "~/platform/i18n.server";
import { localePath, type Locale } from "~/lib/i18n";
import { db, type DB } from "~/models/db/db.server";
import { sendMail, simpleMail } from "~/platform/mail.server";
import { endUserSessions } from "./sessions.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { findUserByEmail, setPassword } from "./users.server";

// Password reset by an emailed link. The link carries a random token; only
// its hash is stored. It expires after an hour, works once, and using it
// ends every session of the account.

export const RESET_TOKEN_TTL_MINUTES = 60;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** What a reset email needs of the site: its name, and its configured address for the link. */
export type ResetMailSite = Pick<SiteConfig, "name" | "appUrl">;

/**
 * Emails a reset link when the account exists and does nothing otherwise:
 * the caller answers the same either way, so the form tells nobody who has
 * an account. The link is built from the site's configured address, never
 * from the request's Host header, which an attacker could set.
 */
export async function requestPasswordReset(email: string, site: ResetMailSite, locale: Locale, purpose: "reset" | "set" = "reset") {
  const user = await findUserByEmail(email);
  if (!user) return false;
  await sendResetLink(user, await newResetToken(user.id), site, locale, purpose);
  return true;
}

/** A new link's token for the account; only its hash is stored. Written in the caller's transaction when given one (staff send a link with its audit entry). */
export async function newResetToken(userId: number, database: DB = db()) {
  const token = randomBytes(32).toString("base64url");
  await database
    .insertInto("password_reset_tokens")
    .values({ token_hash: hashToken(token), user_id: userId, expires_at: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60_000) })
    .execute();
  return token;
}

/** The email with the link to a token, in the language given. */
export async function sendResetLink(user: { email: string; first_name: string }, token: string, site: ResetMailSite, locale: Locale, purpose: "reset" | "set" = "reset") {
  const url = new URL(localePath(locale, `/password-reset/${token}`), site.appUrl).toString();
  const t = await i18nServer.getFixedT(locale);
  const texts = purpose === "set" ? "email.setPassword" : "email.reset";
  await sendMail(
    simpleMail(
      user.email,
      t(`${texts}.subject`, { site: site.name }),
      [
        t("email.greeting", { name: user.first_name || user.email }),
        t(`${texts}.body`, { site: site.name }),
        t("email.linkExpires", { minutes: RESET_TOKEN_TTL_MINUTES, count: RESET_TOKEN_TTL_MINUTES }),
        t("email.ignore"),
      ],
      { label: t(`${texts}.action`), url },
    ),
  );
}

/** Whether a token can still be used, for showing the form or the "link expired" page. */
export async function isResetTokenUsable(token: string) {
  const row = await db()
    .selectFrom("password_reset_tokens")
    .select("user_id")
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", new Date())
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Sets the new password when the token is valid, once: the token is marked
 * used in the same statement that checks it, so two submissions cannot both
 * pass. Every other reset link of the account stops working too, and every
 * session ends. Returns false for an unknown, used or expired token.
 */
export async function resetPassword(token: string, password: string) {
  const { rows } = await sql<{ user_id: number }>`
    update password_reset_tokens set used_at = now()
    where token_hash = ${hashToken(token)} and used_at is null and expires_at > now()
    returning user_id`.execute(db());
  const userId = rows[0]?.user_id;
  if (userId === undefined) return false;
  await setPassword(userId, password);
  await db().updateTable("password_reset_tokens").set({ used_at: new Date() }).where("user_id", "=", userId).where("used_at", "is", null).execute();
  await endUserSessions(userId);
  return true;
}

import { sql } from "kysely";
import { db } from "~/models/db/db.server";
import { hashPassword, verifyPassword } from "./passwords.server";

// Customer accounts: creating them, checking their credentials and keeping
// their contact details and newsletter choice.

export type NewAccount = {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone?: string;
  newsletter: boolean;
  site_id: number;
  language_id: number | null;
};

export function findUserByEmail(email: string) {
  return db()
    .selectFrom("users")
    .select(["id", "email", "password_hash", "first_name", "last_name", "phone", "newsletter_subscribed", "language_id"])
    .where(sql`lower(email)`, "=", email.toLowerCase())
    .executeTakeFirst();
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email exists");
  }
}

/** A new account; the unique index on lower(email) settles a race between two sign-ups. */
export async function createUser(account: NewAccount) {
  const passwordHash = await hashPassword(account.password);
  try {
    return await db()
      .insertInto("users")
      .values({
        email: account.email.toLowerCase(),
        password_hash: passwordHash,
        first_name: account.first_name,
        last_name: account.last_name,
        phone: account.phone ?? null,
        newsletter_subscribed: account.newsletter,
        site_id: account.site_id,
        language_id: account.language_id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  } catch (error) {
    if ((error as { code?: string }).code === "23505") throw new EmailTakenError();
    throw error;
  }
}

// Checking a password against a made-up hash when there is no such account
// takes as long as checking a real one, so timing does not tell who has one.
let decoyHash: Promise<string> | undefined;

/** The account's id when the email and password match, else null. */
export async function verifyCredentials(email: string, password: string) {
  const user = await findUserByEmail(email);
  if (!user?.password_hash) {
    await verifyPassword(await (decoyHash ??= hashPassword("not a real password")), password);
    return null;
  }
  return (await verifyPassword(user.password_hash, password)) ? user.id : null;
}

/** Whether staff have blocked the account's sign-in (docs/back-office.md). */
export async function isSignInBlocked(userId: number) {
  const row = await db().selectFrom("users").select("blocked_at").where("id", "=", userId).executeTakeFirst();
  return Boolean(row?.blocked_at);
}

export async function getAccount(userId: number) {
  return db()
    .selectFrom("users")
    .select(["id", "email", "first_name", "last_name", "phone", "newsletter_subscribed", "balance_minor", "role"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

export async function updateContactInfo(userId: number, info: { first_name: string; last_name: string; phone?: string }) {
  await db()
    .updateTable("users")
    .set({ first_name: info.first_name, last_name: info.last_name, phone: info.phone ?? null, updated_at: new Date() })
    .where("id", "=", userId)
    .execute();
}

/** Checks the current password first; false (and nothing changed) when it is wrong. */
export async function changePassword(userId: number, currentPassword: string, newPassword: string) {
  const row = await db().selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
  if (!row.password_hash || !(await verifyPassword(row.password_hash, currentPassword))) return false;
  await setPassword(userId, newPassword);
  return true;
}

export async function setPassword(userId: number, password: string) {
  const passwordHash = await hashPassword(password);
  await db().updateTable("users").set({ password_hash: passwordHash, updated_at: new Date() }).where("id", "=", userId).execute();
}

export async function newsletterStatus(email: string) {
  const user = await findUserByEmail(email);
  return user?.newsletter_subscribed ?? false;
}

export async function setNewsletter(userId: number, subscribed: boolean) {
  await db().updateTable("users").set({ newsletter_subscribed: subscribed, updated_at: new Date() }).where("id", "=", userId).execute();
}

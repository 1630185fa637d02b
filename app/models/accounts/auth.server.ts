import type { AppLoadContext } from "@remix-run/node";
import type { Locale } from "~/lib/i18n";
import { logger } from "~/platform/logger.server";
import { reportServerError } from "~/platform/sentry.server";
import { allowAttempt, hasAttemptsLeft } from "./rate-limits.server";
import { requestPasswordReset } from "./password-reset.server";
import { createSession, endSession } from "./sessions.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { createUser, EmailTakenError, findUserByEmail, type NewAccount } from "./users.server";

// What signing up and signing in mean, shared by the pages and the JSON API
// so that the two can never disagree.

export type LimitedAction = "login" | "register" | "reset";

/**
 * Sign-in, sign-up and reset are limited per address and per account; the
 * eleventh attempt within a minute is refused. Every attempt counts against
 * the address. Against an account, sign-in counts only failed passwords
 * (recordFailedSignIn), so that guessing locks a stranger out but the owner
 * signing in on several devices does not lock themselves out.
 */
export async function attemptAllowed(action: LimitedAction, context: AppLoadContext, email?: string) {
  const byAddress = await allowAttempt(`${action}:ip:${context.clientIp ?? "unknown"}`);
  if (!email) return byAddress;
  const accountKey = `${action}:account:${email.toLowerCase()}`;
  const byAccount = action === "login" ? await hasAttemptsLeft(accountKey) : await allowAttempt(accountKey);
  return byAddress && byAccount;
}

export async function recordFailedSignIn(email: string) {
  await allowAttempt(`login:account:${email.toLowerCase()}`);
}

/**
 * Signs a user in on a fresh session id, ending the session the request
 * came with, so an id planted in a victim's browser before sign-in is
 * worthless afterwards. Returns the Set-Cookie header.
 */
export async function signIn(request: Request, context: AppLoadContext, userId: number) {
  await endSession(request);
  const { setCookie } = await createSession(userId, { ip: context.clientIp, userAgent: request.headers.get("user-agent") ?? undefined });
  return setCookie;
}

export type CheckClientResult = { found: boolean; new_password_has_been_sent: boolean };

/**
 * Spec 5's first registration step. An account that exists but has never
 * had a password (made for a guest's order or quote) is sent a link to set
 * one, so its owner can take it over: "found" with the new password sent.
 */
export async function checkClient(email: string, site: SiteConfig, locale: Locale): Promise<CheckClientResult> {
  const user = await findUserByEmail(email);
  if (!user) return { found: false, new_password_has_been_sent: false };
  if (user.password_hash) return { found: true, new_password_has_been_sent: false };
  await requestPasswordReset(email, site, locale, "set");
  return { found: true, new_password_has_been_sent: true };
}

export type RegisterResult = { kind: "created"; userId: number } | { kind: "password_sent" } | { kind: "exists" };

/** Spec 5's registration flow: check the email first, then create the account. */
export async function register(account: NewAccount, site: SiteConfig, locale: Locale): Promise<RegisterResult> {
  const check = await checkClient(account.email, site, locale);
  if (check.new_password_has_been_sent) return { kind: "password_sent" };
  if (check.found) return { kind: "exists" };
  try {
    const { id } = await createUser(account);
    return { kind: "created", userId: id };
  } catch (error) {
    if (error instanceof EmailTakenError) return { kind: "exists" };
    throw error;
  }
}

/** Where signing out leaves the shopper: the same page, unless it needs sign-in (spec 4), then home. */
const SIGNED_IN_ONLY = ["/my-orders", "/user-account", "/account-information", "/delivery-addresses", "/balance-history", "/site-pro", "/order-form/summary"];

export function pageAfterSignOut(path: string, home: string) {
  const withoutLocale = path.replace(/^\/[a-z]{2}(?=\/|$)/, "") || "/";
  return SIGNED_IN_ONLY.some((prefix) => withoutLocale === prefix || withoutLocale.startsWith(`${prefix}/`) || withoutLocale.startsWith(`${prefix}-`))
    ? home
    : path;
}

/**
 * Starts a password reset without waiting for it: looking the account up
 * and writing the email happen after the answer, so neither the answer nor
 * its timing tells whether the account exists.
 */
export function startPasswordReset(email: string, site: SiteConfig, locale: Locale) {
  requestPasswordReset(email, site, locale).catch((error: unknown) => {
    logger.error({ err: error }, "Password reset email failed");
    reportServerError(error);
  });
}

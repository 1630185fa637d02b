import type { Locale } from "~/lib/i18n";
import { logger } from "~/platform/logger.server";
import { reportServerError } from "~/platform/sentry.server";
import { allowAttempt, hasAttemptsLeft, refundAttempt } from "./rate-limits.server";
import { requestPasswordReset } from "./password-reset.server";
import { resetPassword } from "./password-reset.server";
import { refuse, type Outcome } from "./outcome";
import { createSession, deleteSession } from "./sessions.server";
import { adoptGuestCart } from "~/models/cart/cart.server";
import type { SiteConfig } from "~/models/sites/sites.server";
import { createUser, EmailTakenError, findUserByEmail, getAccount, isSignInBlocked, verifyCredentials, type NewAccount } from "./users.server";

// What signing up, signing in and resetting a password mean, each one
// function that the page's action and the JSON API's route both call, so
// that the two can never disagree. Each takes input already checked against
// its schema and what it needs of the request, does the whole use case
// (rate limits, checks, writes, the session, emails) and answers an Outcome.

export type LimitedAction = "login" | "register" | "reset";

/**
 * What a use case needs to know of who is asking: the client's address for
 * the rate limits, and, for signing in, the device's session and guest cart
 * and its user agent (web/accounts/sessions.server.ts reads them).
 */
export type Caller = { clientIp?: string; sessionId?: string | null; cartToken?: string | null; userAgent?: string };
/** …and, for the use cases that write an email or an account, the site and the page's language. */
export type SiteCaller = Caller & { site: SiteConfig; locale: Locale };

/** The signed-in user as the JSON API shows it after sign-in and sign-up. */
export type SignedInUser = { id: number; email: string; first_name: string; last_name: string };

const addressKey = (action: LimitedAction, context: { clientIp?: string }) => `${action}:ip:${context.clientIp ?? "unknown"}`;

/**
 * Sign-in, sign-up and reset are limited per address and per account; the
 * eleventh attempt within a minute is refused. Every sign-up and reset
 * counts against the address; a sign-in counts until its password proves
 * right (refundAttempt), so the many customers behind one address (an
 * office, a mobile network's shared address) can all sign in while guesses
 * from it are stopped (decision 061). Against an account, sign-in counts only
 * failed passwords (recordFailedSignIn), so that guessing locks a stranger
 * out but the owner signing in on several devices does not lock themselves
 * out.
 */
export async function attemptAllowed(action: LimitedAction, context: { clientIp?: string }, email?: string) {
  const byAddress = await allowAttempt(addressKey(action, context));
  if (!email) return byAddress;
  const accountKey = `${action}:account:${email.toLowerCase()}`;
  const byAccount = action === "login" ? await hasAttemptsLeft(accountKey) : await allowAttempt(accountKey);
  return byAddress && byAccount;
}

export async function recordFailedSignIn(email: string) {
  await allowAttempt(`login:account:${email.toLowerCase()}`);
}

/**
 * Signs a user in on a fresh session id, ending the session the device
 * came with, so an id planted in a victim's browser before sign-in is
 * worthless afterwards. A cart filled as a guest joins the customer's.
 * Returns the new session's id.
 */
export async function signIn(caller: Caller, userId: number) {
  if (caller.sessionId) await deleteSession(caller.sessionId);
  if (caller.cartToken) await adoptGuestCart(caller.cartToken, userId);
  return createSession(userId, { ip: caller.clientIp, userAgent: caller.userAgent });
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

/**
 * Sign-in: the attempt is counted against the client's address, a wrong
 * password against the account too; the 11th in a minute is refused before
 * the password is checked. An account staff have blocked is told so, but
 * only once its password is right, so the refusal tells a stranger nothing.
 * Success ends the device's session and starts a new one (`sessionId`).
 */
export async function logIn(
  input: { email: string; password: string },
  caller: Caller,
): Promise<Outcome<{ user: SignedInUser; sessionId: string }, "too_many_requests" | "invalid_credentials" | "account_blocked">> {
  if (!(await attemptAllowed("login", caller, input.email))) return refuse("too_many_requests");
  const userId = await verifyCredentials(input.email, input.password);
  if (!userId) {
    await recordFailedSignIn(input.email);
    return refuse("invalid_credentials");
  }
  // A right password: its attempt no longer counts against the address it came from.
  await refundAttempt(addressKey("login", caller));
  if (await isSignInBlocked(userId)) return refuse("account_blocked");
  const sessionId = await signIn(caller, userId);
  const account = await getAccount(userId);
  return { ok: true, sessionId, user: { id: account.id, email: account.email, first_name: account.first_name, last_name: account.last_name } };
}

export type SignUpInput = { email: string; password: string; first_name: string; last_name: string; phone?: string; newsletter: boolean };

/**
 * Spec 5's sign-up, rate-limited per address and per account: a new email
 * gets an account in the page's language and is signed in (`created`); an
 * account that never had a password is emailed a link to set one
 * (`password_sent`); any other existing one is refused.
 */
export async function signUp(
  input: SignUpInput,
  caller: SiteCaller,
): Promise<
  Outcome<{ kind: "created"; user: SignedInUser; sessionId: string } | { kind: "password_sent" }, "too_many_requests" | "user_already_exists">
> {
  if (!(await attemptAllowed("register", caller, input.email))) return refuse("too_many_requests");
  const { site, locale } = caller;
  const languageId = site.languages.find((l) => l.iso_code === locale)?.id ?? null;
  const result = await register({ ...input, site_id: site.id, language_id: languageId }, site, locale);
  if (result.kind === "exists") return refuse("user_already_exists");
  if (result.kind === "password_sent") return { ok: true, kind: "password_sent" };
  const sessionId = await signIn(caller, result.userId);
  return {
    ok: true,
    kind: "created",
    sessionId,
    user: { id: result.userId, email: input.email, first_name: input.first_name, last_name: input.last_name },
  };
}

/** Spec 5's first registration step as a call of its own, rate-limited like sign-up. */
export async function checkClientEmail(email: string, caller: SiteCaller): Promise<Outcome<CheckClientResult, "too_many_requests">> {
  if (!(await attemptAllowed("register", caller, email))) return refuse("too_many_requests");
  return { ok: true, ...(await checkClient(email, caller.site, caller.locale)) };
}

/** Asks for a reset link; the same answer whether or not the account exists (the email goes out after it). */
export async function askForPasswordReset(email: string, caller: SiteCaller): Promise<Outcome<object, "too_many_requests">> {
  if (!(await attemptAllowed("reset", caller, email))) return refuse("too_many_requests");
  startPasswordReset(email, caller.site, caller.locale);
  return { ok: true };
}

/** Sets a new password with an emailed token, once; every session of the account ends. */
export async function resetPasswordWithToken(
  input: { token: string; password: string },
  caller: Caller,
): Promise<Outcome<object, "too_many_requests" | "invalid_token">> {
  if (!(await attemptAllowed("reset", caller))) return refuse("too_many_requests");
  if (!(await resetPassword(input.token, input.password))) return refuse("invalid_token");
  return { ok: true };
}

import { refuse, type Outcome } from "./outcome";
import { endUserSessions, type SessionUser } from "./sessions.server";
import { changePassword, newsletterStatus, setNewsletter, updateContactInfo } from "./users.server";

// What a signed-in customer changes about their own account, each one
// function that /account-information's action and the JSON API both call.

/** Contact details; the answer is the user as the JSON API shows it. */
export async function saveContactDetails(user: Pick<SessionUser, "id" | "email">, info: { first_name: string; last_name: string; phone?: string }) {
  await updateContactInfo(user.id, info);
  return {
    ok: true as const,
    user: { id: user.id, email: user.email, first_name: info.first_name, last_name: info.last_name, phone: info.phone ?? null },
  };
}

/**
 * Checks the current password, sets the new one and ends every other
 * session of the account: other devices sign in again, the one that asked
 * (keepSessionId) keeps its session.
 */
export async function changeOwnPassword(
  user: Pick<SessionUser, "id">,
  input: { current_password: string; new_password: string },
  keepSessionId: string | null,
): Promise<Outcome<object, "wrong_password">> {
  if (!(await changePassword(user.id, input.current_password, input.new_password))) return refuse("wrong_password");
  await endUserSessions(user.id, keepSessionId);
  return { ok: true };
}

/** The newsletter choice; the answer says what it now is. */
export async function chooseNewsletter(user: Pick<SessionUser, "id">, subscribed: boolean) {
  await setNewsletter(user.id, subscribed);
  return { ok: true as const, subscribed };
}

/**
 * Whether an email gets the newsletter, told only to its own signed-in
 * owner: for a guest or anyone else's email the answer is false, so the
 * question reveals nothing about other people.
 */
export async function newsletterStatusFor(user: Pick<SessionUser, "email"> | null, email: string) {
  const own = user !== null && user.email.toLowerCase() === email.toLowerCase();
  return own ? newsletterStatus(email) : false;
}

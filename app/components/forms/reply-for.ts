import { useActionData } from "@remix-run/react";

// A page of many forms (a back-office record's steps, a settings list's
// rows) shows each form only its own refusal: the action names the form it
// answers (`form` in its reply), and each form takes the reply meant for it.

/** The reply when it answers the form `id`, else null. */
export function replyFor<Reply>(reply: Reply | undefined, id: string) {
  return reply && typeof reply === "object" && "form" in reply && reply.form === id ? reply : null;
}

/** The action's last reply when it answers the form `id`, else null. */
export function useReplyFor<Action>(id: string) {
  return replyFor(useActionData<Action>(), id);
}

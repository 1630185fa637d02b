import { useActionData } from "@remix-run/react";

/**
 * The action's reply when it answers the form `id`, else null: a back-office
 * page of many forms (a row each) shows each form only its own refusal.
 * The action names the form it answers (`form` in its reply).
 */
export function useReplyFor<Action>(id: string) {
  const reply = useActionData<Action>();
  return reply && typeof reply === "object" && "form" in reply && reply.form === id ? reply : null;
}

import { data } from "@remix-run/node";
import type { Submission } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import type { GenericSchema, InferOutput } from "valibot";
import { isHumanSubmission } from "./honeypot.server";

// What every account form's action does first: refuse a post that did not
// come from our page (honeypot), then check the fields against the form's
// schema. Passwords are never sent back to the page.

const SECRET_FIELDS = ["password", "current_password", "new_password"];

/**
 * The form's answer with status 400 (or another), its secrets blanked.
 * `form` names which of a page's forms it answers, when there are several.
 */
export function replyWith(submission: Submission<unknown>, status: number, formErrors?: string[], form?: string) {
  return data({ ...submission.reply({ formErrors, hideFields: SECRET_FIELDS }), form }, { status });
}

type Parsed<T> = { submission: Submission<T>; value: T; failure?: undefined } | { submission: Submission<T>; value?: undefined; failure: ReturnType<typeof replyWith> };

export function parseForm<S extends GenericSchema>(
  formData: FormData,
  schema: S,
  { publicForm = false, form }: { publicForm?: boolean; form?: string } = {},
): Parsed<InferOutput<S>> {
  const submission = parseWithValibot(formData, { schema }) as Submission<InferOutput<S>>;
  if (publicForm && !isHumanSubmission(formData)) return { submission, failure: replyWith(submission, 400, ["auth.spam"], form) };
  if (submission.status !== "success") return { submission, failure: replyWith(submission, 400, undefined, form) };
  return { submission, value: submission.value };
}

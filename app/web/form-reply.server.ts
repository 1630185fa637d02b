import { data } from "@remix-run/node";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import type { GenericSchema, InferOutput } from "valibot";
import { isHumanSubmission } from "./honeypot.server";

// What every account form's action does first: refuse a post that did not
// come from our page (honeypot), then check the fields against the form's
// schema. Passwords are never sent back to the page.

const SECRET_FIELDS = ["password", "current_password", "new_password"];
/** What is sent back of a field whose schema names no maximum length. */
const DEFAULT_ECHO_LENGTH = 256;

// A form sent back with its errors carries what was typed, so nothing is
// lost; but never more of a field than the field allows, or a post of one
// huge field would come back at twice its size.
const echoLimits = new WeakMap<Submission<unknown>, Record<string, number>>();

type Schemaish = { type?: string; wrapped?: Schemaish; item?: Schemaish; pipe?: Array<{ type: string; requirement?: unknown } & Schemaish>; entries?: Record<string, Schemaish> };

/** A field's maximum length, from the valibot pipe that checks it; a list's or a group's, its longest field's. */
function maxLengthOf(schema: Schemaish | undefined): number | undefined {
  if (!schema) return undefined;
  if (schema.wrapped) return maxLengthOf(schema.wrapped);
  if (schema.item) return maxLengthOf(schema.item);
  if (schema.entries) {
    const limits = Object.values(schema.entries).map(maxLengthOf);
    return limits.includes(undefined) ? undefined : Math.max(...(limits as number[]));
  }
  const rule = schema.pipe?.find((item) => item.type === "max_length" && !item.item && !item.entries);
  if (typeof rule?.requirement === "number" && schema.type !== "array") return rule.requirement;
  return schema.pipe?.[0] && schema.pipe[0] !== schema ? maxLengthOf(schema.pipe[0]) : undefined;
}

function clip(value: unknown, limit: number): unknown {
  if (typeof value === "string") return value.slice(0, limit);
  if (Array.isArray(value)) return value.map((item) => clip(item, limit));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clip(item, limit)]));
  return value;
}

/**
 * The form's answer with status 400 (or another), its secrets blanked.
 * `formErrors` are the form's own messages, or those and messages for
 * fields that only the server can check (a file's content, a stock that
 * changed meanwhile). `form` names which of a page's forms it answers,
 * when there are several.
 */
export function replyWith(
  submission: Submission<unknown>,
  status: number,
  formErrors?: string[] | { form?: string[]; fields: Record<string, string[]> },
  form?: string,
) {
  const errors = Array.isArray(formErrors) || formErrors === undefined ? { formErrors } : { formErrors: formErrors.form, fieldErrors: formErrors.fields };
  const reply = submission.reply({ ...errors, hideFields: SECRET_FIELDS });
  return data({ ...reply, initialValue: echoed(submission, reply.initialValue), form }, { status });
}

/** What was typed, each field clipped to its length. */
function echoed(submission: Submission<unknown>, initialValue: SubmissionResult["initialValue"]) {
  const limits = echoLimits.get(submission) ?? {};
  return (initialValue && Object.fromEntries(Object.entries(initialValue).map(([name, value]) => [name, clip(value, limits[name] ?? DEFAULT_ECHO_LENGTH)]))) as typeof initialValue;
}

/** The form back as typed with no message, 200: a step that hands what was typed to another page's form ("edit" from a summary). */
export function replyAsTyped<S extends GenericSchema>(formData: FormData, schema: S) {
  const { submission } = parseForm(formData, schema);
  const reply: SubmissionResult<string[]> & { form?: string } = { initialValue: echoed(submission, submission.reply({ hideFields: SECRET_FIELDS }).initialValue) };
  return data(reply);
}

type Parsed<T> = { submission: Submission<T>; value: T; failure?: undefined } | { submission: Submission<T>; value?: undefined; failure: ReturnType<typeof replyWith> };

export function parseForm<S extends GenericSchema>(
  formData: FormData,
  schema: S,
  { publicForm = false, form }: { publicForm?: boolean; form?: string } = {},
): Parsed<InferOutput<S>> {
  const submission = parseWithValibot(formData, { schema }) as Submission<InferOutput<S>>;
  // A schema piped through checks across its fields keeps its fields in the pipe's first step.
  const entries = (schema as Schemaish).entries ?? (schema as Schemaish).pipe?.[0]?.entries ?? {};
  echoLimits.set(submission, Object.fromEntries(Object.entries(entries).map(([name, field]) => [name, maxLengthOf(field) ?? DEFAULT_ECHO_LENGTH])));
  if (publicForm && !isHumanSubmission(formData)) return { submission, failure: replyWith(submission, 400, ["auth.spam"], form) };
  // A list's "add a row" sent without JavaScript is conform's intent, not a submit: the form comes back with the row, 200.
  if (submission.status === undefined) return { submission, failure: replyWith(submission, 200, undefined, form) };
  if (submission.status !== "success") return { submission, failure: replyWith(submission, 400, undefined, form) };
  return { submission, value: submission.value };
}

/**
 * The form back as typed but for one field the server filled in (a list of
 * rows taken from elsewhere, say): the browser's form takes the new value
 * too, as conform's "update" intent.
 */
export function replyFilling(submission: Submission<unknown>, name: string, value: Array<Record<string, string>>) {
  const reply: SubmissionResult<string[]> & { form?: string } = {
    initialValue: { ...submission.reply().initialValue, [name]: value },
    intent: { type: "update", payload: { name, value } },
  };
  return data(reply);
}

import * as v from "valibot";
import { email } from "~/models/accounts/schemas";
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_NAME_MAX, CONTACT_SUBJECT_MAX } from "./contact";

// The contact form's one schema, used by conform in the browser and by the
// action on the server. Messages are translation keys.

/** One line: a name or subject is never more, whatever is posted (it becomes a mail header). */
const line = (max: number) =>
  v.pipe(
    v.string("validation.required"),
    v.transform((value) => value.replace(/\s+/g, " ").trim()),
    v.nonEmpty("validation.required"),
    v.maxLength(max, "validation.tooLong"),
  );

export const ContactSchema = v.object(
  {
    name: line(CONTACT_NAME_MAX),
    email,
    subject: line(CONTACT_SUBJECT_MAX),
    message: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.nonEmpty("validation.required"),
      v.minLength(CONTACT_MESSAGE_MIN, "contact.errors.messageLength"),
      v.maxLength(CONTACT_MESSAGE_MAX, "contact.errors.messageLength"),
    ),
  },
  "validation.required",
);

export type ContactValues = v.InferOutput<typeof ContactSchema>;

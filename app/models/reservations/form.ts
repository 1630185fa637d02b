import * as v from "valibot";
import { email, phone } from "~/models/accounts/schemas";

// The reservation form's one schema, used by conform in the browser and by
// the action on the server. Messages are translation keys.

/**
 * An unchecked box or an unchosen radio is absent from the post. The
 * default makes valibot run the field's own check (an optional key left out
 * is otherwise not checked at all), so it says what is missing.
 */
const posted = (test: (value: string) => boolean, message: string) =>
  v.pipe(
    v.optional(v.unknown(), ""),
    v.check((value) => typeof value === "string" && test(value.trim()), message),
    v.transform((value) => String(value).trim()),
  );

export const ReservationSchema = v.object(
  {
    option: v.pipe(posted((value) => /^\d{1,15}$/.test(value), "reservation.errors.chooseOption"), v.transform(Number)),
    name: v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(100, "validation.tooLong")),
    email,
    phone,
    policy: posted((value) => value === "on", "reservation.errors.acceptPolicy"),
  },
  "validation.required",
);

export type ReservationFormValues = v.InferOutput<typeof ReservationSchema>;

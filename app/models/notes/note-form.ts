import * as v from "valibot";

// A staff note as its form sends it: the same form on every record that
// takes notes (a customer's page now, an order's later).

export const NOTE_MAX_LENGTH = 4000;

export const NoteSchema = v.object({
  intent: v.literal("note"),
  body: v.pipe(v.string("validation.required"), v.trim(), v.nonEmpty("validation.required"), v.maxLength(NOTE_MAX_LENGTH, "validation.tooLong")),
});

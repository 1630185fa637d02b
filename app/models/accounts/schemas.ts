import * as v from "valibot";

// The account forms' schemas: one per form, used by conform in the browser
// and by the action or API call on the server. Messages are translation
// keys; the form shows them translated.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Spec 5: begins with '+', then 7 to 15 digits, with optional single spaces between digits. */
export const PHONE_PATTERN = /^\+\d(?: ?\d){6,14}$/;

const required = (message = "validation.required") => v.pipe(v.string(message), v.trim(), v.nonEmpty(message));

export const email = v.pipe(required(), v.email("validation.email"), v.maxLength(254, "validation.email"), v.toLowerCase());

/** A password as typed; never trimmed, since spaces may be part of it. */
const currentPassword = v.pipe(v.string("validation.required"), v.nonEmpty("validation.required"), v.maxLength(PASSWORD_MAX_LENGTH, "auth.passwordTooLong"));

export const newPassword = v.pipe(
  v.string("validation.required"),
  v.nonEmpty("validation.required"),
  v.minLength(PASSWORD_MIN_LENGTH, "auth.passwordTooShort"),
  v.maxLength(PASSWORD_MAX_LENGTH, "auth.passwordTooLong"),
);

const name = v.pipe(required(), v.maxLength(100, "validation.tooLong"));

export const phone = v.pipe(required(), v.regex(PHONE_PATTERN, "validation.phone"));
const optionalPhone = v.optional(v.pipe(v.string(), v.trim(), v.regex(PHONE_PATTERN, "validation.phone")));

/** A form's fields; a field left out of a JSON body is "required" like an empty one. */
const fields = <E extends v.ObjectEntries>(entries: E) => v.object(entries, "validation.required");

/** A checkbox: present means on. */
const checkbox = v.optional(v.pipe(v.unknown(), v.transform((value) => value === "on" || value === true || value === "true")), false);

export const LoginSchema = fields({
  email,
  password: currentPassword,
  redirectTo: v.optional(v.string()),
});

export const CheckClientSchema = fields({ email });

export const RegisterSchema = fields({
  email,
  password: newPassword,
  first_name: name,
  last_name: name,
  phone: optionalPhone,
  newsletter: checkbox,
  redirectTo: v.optional(v.string()),
});

export const RequestResetSchema = fields({ email });

/** The token travels in the page's URL; the API call sends it in the body. */
export const ResetPasswordSchema = fields({ password: newPassword });
export const ResetPasswordApiSchema = fields({ token: required(), password: newPassword });

export const ContactInfoSchema = fields({
  first_name: name,
  last_name: name,
  phone: optionalPhone,
});

export const ChangePasswordSchema = fields({
  current_password: currentPassword,
  new_password: newPassword,
});

export const SubscriptionSchema = fields({ subscribed: checkbox });

/** A delivery address: one saved in the account, or one typed at checkout (spec 3's address). */
export const AddressSchema = fields({
  first_name: name,
  last_name: name,
  first_address: v.pipe(required(), v.maxLength(200, "validation.tooLong")),
  city: v.pipe(required(), v.maxLength(100, "validation.tooLong")),
  zip: v.pipe(required(), v.maxLength(20, "validation.tooLong")),
  phone_number: phone,
  // countries.id is a smallint: a larger number is no country, not a database error.
  country_id: v.pipe(
    v.union([v.string(), v.number()], "validation.required"),
    v.transform(Number),
    v.integer("validation.required"),
    v.minValue(1, "validation.required"),
    v.maxValue(32_767, "account.unknownCountry"),
  ),
});

export const AddressIdSchema = fields({
  id: v.pipe(v.union([v.string(), v.number()], "validation.required"), v.transform(Number), v.safeInteger("validation.required"), v.minValue(1, "validation.required")),
});

export type Address = v.InferOutput<typeof AddressSchema>;

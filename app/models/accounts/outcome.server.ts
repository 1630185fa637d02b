import type { Submission } from "@conform-to/react";
import type { TFunction } from "i18next";
import { apiError } from "~/platform/api.server";
import { replyWith } from "~/platform/form-reply.server";

// What an account use case answers. The page turns a refusal into its form's
// reply and the JSON API into its failure answer; both read the message from
// here, so the two surfaces cannot word the same refusal differently.

export type AccountError =
  | "too_many_requests"
  | "invalid_credentials"
  | "user_already_exists"
  | "invalid_token"
  | "wrong_password"
  | "unknown_country"
  | "too_many_addresses"
  | "not_found";

export type Refusal<E extends AccountError = AccountError> = { ok: false; error: E };
export type Outcome<T extends object, E extends AccountError> = ({ ok: true } & T) | Refusal<E>;

export const refuse = <E extends AccountError>(error: E): Refusal<E> => ({ ok: false, error });

/** The translation key of each refusal's message. */
export const REFUSAL_MESSAGE: Record<AccountError, string> = {
  too_many_requests: "api.tooManyRequests",
  invalid_credentials: "auth.wrongCredentials",
  user_already_exists: "auth.forms.user_already_exists",
  invalid_token: "auth.invalidToken",
  wrong_password: "account.wrongPassword",
  unknown_country: "account.unknownCountry",
  too_many_addresses: "account.tooManyAddresses",
  not_found: "api.notFoundItem",
};

/** The JSON API's status for each refusal (spec 7). */
const API_STATUS: Record<AccountError, number> = {
  too_many_requests: 429,
  invalid_credentials: 401,
  user_already_exists: 409,
  invalid_token: 400,
  wrong_password: 400,
  unknown_country: 400,
  too_many_addresses: 409,
  not_found: 404,
};

/** Refusals that belong to one field; the API names it in `errors`. */
const API_FIELD: Partial<Record<AccountError, string>> = { user_already_exists: "email", unknown_country: "country_id" };

export function apiRefusal(error: AccountError, t: TFunction) {
  const message = t(REFUSAL_MESSAGE[error]);
  const field = API_FIELD[error];
  return apiError(API_STATUS[error], message, field ? { [field]: [message] } : undefined);
}

/** A page form's reply to a refusal: 429 for too many attempts, else 400; `form` names which of a page's forms it answers. */
export function formRefusal(submission: Submission<unknown>, error: AccountError, form?: string) {
  return replyWith(submission, error === "too_many_requests" ? 429 : 400, [REFUSAL_MESSAGE[error]], form);
}

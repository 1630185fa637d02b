import type { Submission } from "@conform-to/react";
import type { TFunction } from "i18next";
import { REFUSAL_MESSAGE, type AccountError } from "~/models/accounts/outcome";
import { apiError } from "~/web/api.server";
import { replyWith } from "~/web/form-reply.server";

// An account use case's refusal as the JSON API and a page's form answer it.

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

import type { Submission } from "@conform-to/react";
import type { TFunction } from "i18next";
import { REFUSAL_MESSAGE, type AccountError } from "~/models/accounts/outcome";
import { apiError } from "~/web/api.server";
import { replyWith } from "~/web/form-reply.server";
import { REFUSAL_STATUS } from "~/web/refusal-status";

// An account use case's refusal as the JSON API and a page's form answer it.

/** Refusals that belong to one field; the API names it in `errors`. */
const API_FIELD: Partial<Record<AccountError, string>> = { user_already_exists: "email", unknown_country: "country_id" };

export function apiRefusal(error: AccountError, t: TFunction) {
  const message = t(REFUSAL_MESSAGE[error]);
  const field = API_FIELD[error];
  return apiError(REFUSAL_STATUS.account[error], message, field ? { [field]: [message] } : undefined);
}

/** A page form's reply to a refusal, with the same status the API gives it; `form` names which of a page's forms it answers. */
export function formRefusal(submission: Submission<unknown>, error: AccountError, form?: string) {
  return replyWith(submission, REFUSAL_STATUS.account[error], [REFUSAL_MESSAGE[error]], form);
}

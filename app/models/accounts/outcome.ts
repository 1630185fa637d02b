// What an account use case answers. The page turns a refusal into its form's
// reply and the JSON API into its failure answer (web/accounts/outcome.server.ts);
// both read the message from here, so the two surfaces cannot word the same
// refusal differently.

export type AccountError =
  | "too_many_requests"
  | "invalid_credentials"
  | "account_blocked"
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
  account_blocked: "auth.accountBlocked",
  user_already_exists: "auth.forms.user_already_exists",
  invalid_token: "auth.invalidToken",
  wrong_password: "account.wrongPassword",
  unknown_country: "account.unknownCountry",
  too_many_addresses: "account.tooManyAddresses",
  not_found: "api.notFoundItem",
};

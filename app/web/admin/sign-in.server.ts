import type { SessionMeta } from "~/models/staff/staff-sessions.server";

/** What a staff session records of the device that opened it. */
export function sessionMetaOf(request: Request, context: { clientIp?: string }): SessionMeta {
  return { ip: context.clientIp ?? null, userAgent: request.headers.get("user-agent") };
}

/** The back-office message of a sign-in refusal. */
export const SIGN_IN_MESSAGE = {
  too_many_requests: "admin.login.tooManyRequests",
  invalid_credentials: "admin.login.invalidCredentials",
  invalid_code: "admin.login.invalidCode",
} as const;

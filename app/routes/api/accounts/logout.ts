import { apiHandler, apiOk, methodNotAllowed } from "~/web/api.server";
import { endSession } from "~/web/accounts/sessions.server";

// POST /api/auth/logout: ends the session on the server and clears the cookie.
export const action = apiHandler(async ({ request }) => apiOk({ user: null }, { headers: { "set-cookie": await endSession(request) } }));

export const loader = methodNotAllowed;

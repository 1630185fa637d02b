import { apiHandler, apiOk, methodNotAllowed } from "~/web/api.server";
import { publicUser } from "~/web/guards.server";
import { getSessionUser } from "~/web/accounts/sessions.server";

// POST /api/auth/refreshCurrentUser: the user read afresh, e.g. after paying
// an order changes the unpaid count. Sessions are read from the database on
// every request, so it is the same answer as getCurrentUser.
export const action = apiHandler(async ({ request }) => apiOk({ user: publicUser(await getSessionUser(request)) }));

export const loader = methodNotAllowed;

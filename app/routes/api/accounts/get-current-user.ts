import { apiHandler, apiOk, methodNotAllowed } from "~/web/api.server";
import { publicUser } from "~/web/guards.server";
import { getSessionUser } from "~/web/accounts/sessions.server";

// POST /api/auth/getCurrentUser: {user}, null for a guest (spec 7). The
// client retries it 3 times and treats a failure as no user (spec 8).
export const action = apiHandler(async ({ request }) => apiOk({ user: publicUser(await getSessionUser(request)) }));

export const loader = methodNotAllowed;

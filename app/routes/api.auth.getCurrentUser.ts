import { apiHandler, apiOk, methodNotAllowed } from "~/platform/api.server";
import { publicUser } from "~/platform/guards.server";
import { getSessionUser } from "~/models/accounts/sessions.server";

// POST /api/auth/getCurrentUser: {user}, null for a guest (spec 7). The
// client retries it 3 times and treats a failure as no user (spec 8).
export const action = apiHandler(async ({ request }) => apiOk({ user: publicUser(await getSessionUser(request)) }));

export const loader = methodNotAllowed;

import { apiHandler, methodNotAllowed } from "~/web/api.server";
import { CAN_VIEW_COOKIE } from "~/platform/translation-keys";
import { canViewTranslations } from "~/models/accounts/permissions.server";
import { getSessionUser } from "~/web/accounts/sessions.server";

// GET /api/auth/permissions/can-view-translations: true or false (spec 7).
// The answer is also kept in a cookie for a day (spec 9), so the toggler is
// only rechecked while it may be shown.
export const loader = apiHandler(async ({ request }) => {
  const allowed = canViewTranslations(await getSessionUser(request));
  return new Response(JSON.stringify(allowed), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      // Plain, not Remix-encoded: the browser's script reads it.
      "set-cookie": `${CAN_VIEW_COOKIE}=${allowed ? 1 : 0}; Path=/; Max-Age=86400; SameSite=Lax`,
    },
  });
});

export const action = methodNotAllowed;

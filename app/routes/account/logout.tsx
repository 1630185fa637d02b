import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { localePath } from "~/lib/i18n";
import { localeParam } from "~/web/locale-param";
import { safeRedirect } from "~/web/safe-redirect";
import { pageAfterSignOut } from "~/models/accounts/auth.server";
import { endSession } from "~/web/accounts/sessions.server";

// POST /logout: ends the session on the server and clears the cookie. The
// shopper stays on the page they were on, unless it needs sign-in (spec 4).
export async function action({ request, params }: ActionFunctionArgs) {
  const home = localePath(localeParam(params), "/");
  const target = safeRedirect((await request.formData()).get("redirectTo"), home);
  return redirect(pageAfterSignOut(target, home), { status: 303, headers: { "set-cookie": await endSession(request) } });
}

// A GET never signs anyone out: a link or an image on another site could
// otherwise do it.
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(localePath(localeParam(params), "/"));
}

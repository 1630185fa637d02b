import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { localePath } from "~/lib/i18n";
import { localeParam } from "~/web/locale-param";
import { FOCUS_ORDER_TABLE, ORDERS_TABLE_ID } from "~/models/orders/orders";
import { safeRedirect } from "~/web/safe-redirect";
import { recordAlertHandled } from "~/web/orders/unpaid-alert.server";
import { getSessionUser } from "~/web/accounts/sessions.server";

// POST the unpaid-orders alert's buttons here (spec 4: dismiss or pay marks
// it handled). Without JavaScript the form sends `redirectTo` and comes back
// to the page; with it, a dismissal arrives through a fetcher without
// `redirectTo` and gets a small answer instead, so nothing reloads. Pay
// always goes on to the orders, with the table focused (spec 2). A resource
// route answers with a Response of its own: `data()` here would reach the
// client as a 200 wrapping the status it asked for.
const AlertSchema = v.object({
  intent: v.picklist(["dismiss", "pay"]),
  seen: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))),
  redirectTo: v.optional(v.string()),
});

export function loader() {
  throw new Response(null, { status: 405, headers: { allow: "POST" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const locale = localeParam(params);
  const form = v.safeParse(AlertSchema, Object.fromEntries(await request.formData()));
  if (!form.success) return Response.json({ ok: false }, { status: 400 });
  const { intent, seen, redirectTo } = form.output;
  // Where to go is settled before anything is recorded.
  const back = redirectTo === undefined ? undefined : safeRedirect(redirectTo, localePath(locale, "/"));

  const user = await getSessionUser(request);
  const setCookie = user ? await recordAlertHandled(user, seen ?? null) : null;
  const headers: HeadersInit = setCookie ? { "set-cookie": setCookie } : {};

  if (intent === "pay") {
    const orders = `${localePath(locale, "/my-orders")}?${FOCUS_ORDER_TABLE}=true#${ORDERS_TABLE_ID}`;
    return redirect(orders, { headers });
  }
  if (back !== undefined) return redirect(back, { headers });
  return Response.json({ ok: true }, { headers });
}

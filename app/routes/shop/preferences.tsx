import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import * as v from "valibot";
import { LocaleLink } from "~/components/LocaleLink";
import { NotFoundPage } from "~/components/NotFoundPage";
import { currencyCookie, layoutCookie } from "~/web/preferences.server";
import { safeRedirect } from "~/web/safe-redirect";
import { siteForRequest } from "~/web/sites.server";

// POST /{locale}/preferences: the currency and the product layout a shopper
// chooses, remembered in cookies. A plain form post (no JavaScript) comes
// back to the page it came from.
const PreferencesSchema = v.object({
  currency_id: v.optional(v.pipe(v.string(), v.regex(/^\d+$/))),
  product_layout: v.optional(v.picklist(["GRID", "LIST"])),
  redirectTo: v.optional(v.string()),
});

export async function action({ request, params }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = v.safeParse(PreferencesSchema, form);
  const site = await siteForRequest(request);
  const currency = parsed.success && parsed.output.currency_id ? site.currencies.find((c) => String(c.id) === parsed.output.currency_id) : undefined;
  if (!parsed.success || (parsed.output.currency_id && !currency)) {
    return data({ error: "preferences.invalid" as const }, { status: 400 });
  }
  const headers = new Headers();
  if (currency) headers.append("set-cookie", await currencyCookie.serialize(String(currency.id)));
  if (parsed.output.product_layout) headers.append("set-cookie", await layoutCookie.serialize(parsed.output.product_layout));
  return redirect(safeRedirect(parsed.output.redirectTo, `/${params.locale ?? ""}`), { status: 303, headers });
}

export default function Preferences() {
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  if (!actionData) return <NotFoundPage />;
  return (
    <section className="mx-auto max-w-xl px-6 py-16 text-center">
      <h1 className="text-2xl font-bold">{t("preferences.invalid")}</h1>
      <LocaleLink to="/" className="button-primary mt-6">
        {t("page.backHome")}
      </LocaleLink>
    </section>
  );
}

import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorAlert } from "~/components/ErrorAlert";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/hooks/use-translation";
import * as v from "valibot";
import { CartLines } from "~/components/cart/CartLines";
import { CartSummary } from "~/components/cart/CartSummary";
import { LocaleLink } from "~/components/LocaleLink";
import { useLocale } from "~/hooks/use-locale";
import { useDataLayer } from "~/hooks/use-data-layer";
import { localePath } from "~/lib/i18n";
import { CART_ERROR_MESSAGE, CartSkuSchema, ShippingMethodSchema, stepDown, stepUp } from "~/models/cart/cart";
import { readCart, removeFromCart, setQuantity, setShippingMethod, type CartOutcome } from "~/models/cart/cart.server";
import { cartOwner } from "~/web/cart/cart-cookie.server";
import { siteForRequest } from "~/web/sites.server";
import { defineGuards } from "~/web/guards.server";
import { openPage } from "~/web/page-start.server";
import { privatePage } from "~/web/private-page";
import { REFUSAL_STATUS } from "~/web/refusal-status";

// /cart (spec 2, cart layout): the shopper's cart, guest or customer. Every
// change is a form post that comes back here, so the page works before
// JavaScript loads; the JSON API (/api/cart/*) calls the same model.
const guard = defineGuards("marketplace");

// A cart is one person's: never cached by anyone else, never indexed.
export const headers = privatePage.headers;
export const meta = privatePage.meta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { locale, t } = await openPage(guard, { request, params });
  const [site, owner] = await Promise.all([siteForRequest(request), cartOwner(request)]);
  const cart = await readCart(owner, site.id, locale);
  // Counted here, once: the page shows the same figure before and after hydration.
  const reservedMinutes = Math.max(0, Math.round((new Date(cart.expiration).getTime() - Date.now()) / 60_000));
  return { cart, reservedMinutes, title: t("cart.title") };
}

const IntentSchema = v.variant("intent", [
  v.object({ intent: v.picklist(["decrement", "increment", "remove"]), ...CartSkuSchema.entries }),
  v.object({ intent: v.literal("shipping"), ...ShippingMethodSchema.entries }),
]);

export async function action({ request, params }: ActionFunctionArgs) {
  const { locale, t } = await openPage(guard, { request, params });
  const [site, owner] = await Promise.all([siteForRequest(request), cartOwner(request)]);
  const form = v.safeParse(IntentSchema, Object.fromEntries(await request.formData()));
  if (!form.success) return data({ error: { sku: "", message: t("cart.errors.invalidRequest") } }, { status: 400 });
  const input = form.output;

  let outcome: CartOutcome;
  if (input.intent === "shipping") {
    outcome = await setShippingMethod(owner, site.id, input.shipping_method);
  } else if (input.intent === "remove") {
    outcome = await removeFromCart(owner, site.id, input.sku);
  } else {
    const line = (await readCart(owner, site.id, locale)).items.find((item) => item.sku === input.sku);
    outcome = line
      ? await setQuantity(owner, site.id, input.sku, input.intent === "decrement" ? stepDown(line.quantity) : stepUp(line.quantity, line.max_quantity))
      : { ok: false, error: "not_in_cart" };
  }
  if (!outcome.ok) {
    const sku = "sku" in input ? input.sku : "";
    return data({ error: { sku, message: t(CART_ERROR_MESSAGE[outcome.error], { max: outcome.maxQuantity ?? 0 }) } }, { status: REFUSAL_STATUS.cart[outcome.error] });
  }
  // Post, then redirect: a reload does not send the change again.
  throw redirect(localePath(locale, "/cart"), 303);
}

export default function CartPage() {
  const { cart, reservedMinutes, title } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error ?? null;
  const { t } = useTranslation();
  const locale = useLocale();
  const cartPath = localePath(locale, "/cart");
  // Spec 9: once per visit to the cart, not again for each change made on it.
  useDataLayer((b, rate) => b.cartEvent(cart.items, rate), "view_cart");

  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{title}</h1>
      {cart.items.length === 0 ? (
        <div className="flex flex-col items-start gap-4 rounded-xl border border-line p-6">
          <p>{t("cart.empty")}</p>
          <LocaleLink to="/marketplace" className="button-primary">
            {t("cart.browse")}
          </LocaleLink>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
          <div className="flex flex-col gap-3">
            {error && !error.sku ? <ErrorAlert>{error.message}</ErrorAlert> : null}
            {cart.reservation_error ? <ErrorAlert>{t("cart.reservationError")}</ErrorAlert> : null}
            <CartLines items={cart.items} action={cartPath} error={error} />
            <p className="text-sm text-ink-muted">
              {t("cart.reservedFor", { count: reservedMinutes })}
            </p>
          </div>
          <div className="flex flex-col gap-4">
            <CartSummary cart={cart} action={cartPath} />
            <form method="post" action={localePath(locale, "/checkout")}>
              <button type="submit" className="button-primary w-full" disabled={cart.reservation_error}>
                {t("cart.checkout")}
              </button>
            </form>
          </div>
        </div>
      )}
    </main>
  );
}

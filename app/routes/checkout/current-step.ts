import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { localePath } from "~/lib/i18n";
import { cartOwner } from "~/web/cart/cart-cookie.server";
import { currentCheckoutSlug, type SluglessStep } from "~/models/checkout/checkout.server";
import { defineGuards } from "~/web/guards.server";
import { localeParam } from "~/web/locale-param";

// /payment, /confirm and /success without a slug (spec 2 makes it optional):
// the shopper's checkout at that step, or the cart when there is none. The
// step's own page then sends the shopper back to a step not yet done, or on
// from a checkout placed since.
const guard = defineGuards("marketplace");

const STEPS: readonly SluglessStep[] = ["payment", "confirm", "success"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await guard({ request, params });
  const locale = localeParam(params);
  const last = new URL(request.url).pathname.replace(/\/$/, "").split("/").at(-1);
  const step = STEPS.find((name) => name === last) ?? "payment";
  const slug = await currentCheckoutSlug(await cartOwner(request), step);
  return redirect(localePath(locale, slug ? `/${step}/${slug}` : "/cart"), { headers: { "cache-control": "private, no-store" } });
}

import type { CartOwner } from "~/models/cart/cart.server";
import { siteCookie } from "~/web/cookies.server";
import { getSessionUser } from "~/web/accounts/sessions.server";

// The `cart` cookie: a guest's cart is found by the signed token it
// carries, made at the first add and never before (docs/cart.md).

const CART_COOKIE_MAX_AGE = 30 * 86_400;

function cartCookie() {
  return siteCookie("cart", { maxAge: CART_COOKIE_MAX_AGE, signed: true });
}

/** The guest's cart token from the request's cookie, if it carries a valid one. */
export async function cartTokenOf(request: Request): Promise<string | null> {
  const token: unknown = await cartCookie().parse(request.headers.get("cookie"));
  return typeof token === "string" && /^[\w-]{20,64}$/.test(token) ? token : null;
}

/** Whose cart a request speaks for: the signed-in customer's, else the guest's by cookie. */
export async function cartOwner(request: Request): Promise<CartOwner> {
  const [user, token] = await Promise.all([getSessionUser(request), cartTokenOf(request)]);
  return { user, token };
}

/** The Set-Cookie header for a guest's new cart, or none. */
export async function cartSetCookie(newToken: string | undefined) {
  return newToken ? cartCookie().serialize(newToken) : undefined;
}

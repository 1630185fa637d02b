import { createCookie } from "@remix-run/node";

/** The shopper's saved language, readable by the server on a URL without one. */
export const savedLocaleCookie = createCookie("locale", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

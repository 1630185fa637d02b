import { createCookie } from "@remix-run/node";
import { env, secureCookies } from "~/platform/env.server";

/**
 * A cookie the shop's server reads: for the whole site, kept from scripts,
 * sent on links from other sites but not on their forms, HTTPS only where
 * cookies are (secureCookies); `signed` signs it with SESSION_SECRET, so a
 * changed value reads as none.
 */
export function siteCookie(name: string, { maxAge, signed = false }: { maxAge: number; signed?: boolean }) {
  return createCookie(name, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    maxAge,
    ...(signed ? { secrets: [env().SESSION_SECRET] } : {}),
  });
}
